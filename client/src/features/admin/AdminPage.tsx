import { sectionCardLook } from "@/components/ui/section-card";
import { toastFailure, fallbackOnly } from "@/lib/failure-toast";
import { getAdminDaily, getAdminStats } from "@common/api/admin";
import { listContactMessages } from "@common/api/contact";
import { endpointUrl } from "@common/api/endpoint";
import { exportPaymentsCsv, listAdminPayments } from "@common/api/payments";
import { clearSystemLog, listSystemLog } from "@common/api/system-log";
import { plans } from "@common/plan-catalogue";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CreditCard, Download, FileDown, Inbox, Loader2, ScrollText, Trash2, TrendingUp, Users, XCircle } from "lucide-react";
import { useState } from "react";
import { DailyBars } from "./DailyBars";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/lib/use-toast";
import { call, endpointKey, endpointQuery } from "@/lib/api-client";
import { apiRequest } from "@/lib/queryClient";
import { cn } from "@/lib/class-names";
import { formatDateTime } from "@/lib/dates";
import { saveBlob } from "@/lib/save-file";
import { AnnouncementsSection } from "./AnnouncementsSection";

/** spec 1 §7: refresh periods while auto-refresh is on. */
const REFRESH = { stats: 30_000, payments: 60_000, logs: 10_000 };
const money = (n: number) => n.toLocaleString(undefined, { style: "currency", currency: "USD" });

/** spec 1 §4: succeeded/completed default; failed destructive; incomplete/processing secondary; others outline. */
function statusVariant(status: string): "default" | "destructive" | "secondary" | "outline" {
  if (status === "succeeded" || status === "completed") return "default";
  if (status === "failed" || status === "disputed") return "destructive";
  if (status === "incomplete" || status === "processing") return "secondary";
  return "outline";
}

const levelColours: Record<string, string> = {
  error: "text-red-700 bg-red-50",
  warning: "text-amber-800 bg-amber-50",
  success: "text-emerald-800 bg-emerald-50",
  info: "text-sky-800 bg-sky-50",
};

/** `/admin`: figures, charts, payments with CSV export, the system log. Admins only. */
export default function AdminPage() {
  const queryClient = useQueryClient();
  const [autoRefresh, setAutoRefresh] = useState(false);
  // A reply-by time before this is overdue (read once: the inbox is refreshed by reloading or auto-refresh).
  const [openedAt] = useState(() => Date.now());
  const stats = useQuery({ ...endpointQuery(getAdminStats), refetchInterval: autoRefresh ? REFRESH.stats : false });
  const daily = useQuery({ ...endpointQuery(getAdminDaily), refetchInterval: autoRefresh ? REFRESH.stats : false });
  const paymentPages = useInfiniteQuery({
    queryKey: endpointKey(listAdminPayments),
    queryFn: ({ pageParam, signal }) => call(listAdminPayments, { query: { limit: 50, cursor: pageParam || undefined } }, { signal }),
    initialPageParam: "",
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: autoRefresh ? REFRESH.payments : false,
  });
  const logs = useQuery({ ...endpointQuery(listSystemLog, { query: { limit: 100 } }), refetchInterval: autoRefresh ? REFRESH.logs : false });
  const clearLogs = useMutation({
    mutationFn: () => call(clearSystemLog),
    onSuccess: () => {
      toast({ title: "System log cleared" });
      void queryClient.invalidateQueries({ queryKey: endpointKey(listSystemLog) });
    },
    onError: (error) => {
      toastFailure(error, "", "Failed to clear logs", fallbackOnly);
    },
  });
  const messages = useQuery({ ...endpointQuery(listContactMessages, { query: { limit: 50 } }), refetchInterval: autoRefresh ? REFRESH.payments : false });
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      // Every payment, built and logged by the server (GET /api/admin/payments.csv), not only the rows on screen.
      // Fetched rather than linked to, so a failure is a toast and a 401 signs in again; never parsed.
      const response = await apiRequest(exportPaymentsCsv.method, endpointUrl(exportPaymentsCsv));
      const fileName = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "payments.csv";
      saveBlob(await response.blob(), fileName);
    } catch (error) {
      toastFailure(error, "The payments could not be exported. Please try again.", "Export failed", fallbackOnly);
    } finally {
      setExporting(false);
    }
  }

  const cards = [
    { label: "Total users", value: stats.data?.totalUsers, icon: Users },
    { label: "Monthly growth", value: stats.data ? `${stats.data.monthlyGrowth > 0 ? "+" : ""}${stats.data.monthlyGrowth}%` : undefined, icon: TrendingUp },
    { label: "Revenue this month", value: stats.data ? money(stats.data.monthlyRevenue) : undefined, icon: CreditCard },
    { label: "App downloads", value: stats.data?.appDownloads, icon: Download },
    { label: "Downloads today", value: stats.data?.todayDownloads, icon: FileDown },
    { label: "Failed payments this month", value: stats.data?.failedPayments, icon: XCircle },
  ];
  const payments = paymentPages.data?.pages.flatMap((page) => page.payments) ?? [];

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Admin Dashboard</h1>
          <p className="mt-2 text-sm text-slate-500">"Today" and "this month" are in UTC.</p>
        </div>
        <label className="flex items-center gap-3 text-sm font-medium text-slate-700">
          <span id="auto-refresh">Auto-refresh</span>
          <Switch checked={autoRefresh} onCheckedChange={setAutoRefresh} aria-labelledby="auto-refresh" />
        </label>
      </div>

      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Figures">
        {cards.map(({ label, value, icon: Icon }) => (
          <li key={label} className={sectionCardLook}>
            <p className="flex items-center gap-2 text-sm text-slate-500">
              <Icon className="size-4 text-brand-600" aria-hidden="true" />
              {label}
            </p>
            <p className="mt-2 text-2xl font-bold text-slate-900" aria-label={`${label}: ${value ?? "loading"}`}>
              {value ?? "—"}
            </p>
          </li>
        ))}
      </ul>

      {daily.data ? (
        <div className="mt-6 grid gap-4 md:grid-cols-2">
          <DailyBars title="Revenue per day" days={daily.data.days} value={(index) => daily.data.days[index]?.revenue ?? 0} format={money} />
          <DailyBars title="Sign-ups per day" days={daily.data.days} value={(index) => daily.data.days[index]?.signups ?? 0} format={(n) => String(n)} />
        </div>
      ) : null}

      <section className="mt-10" aria-labelledby="payments-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="payments-heading" className="text-xl font-semibold text-slate-900">Payments</h2>
          <Button variant="secondary" onClick={() => void exportCsv()} disabled={exporting}>
            {exporting ? <Loader2 className="animate-spin" aria-hidden="true" /> : <FileDown aria-hidden="true" />}
            Export CSV
          </Button>
        </div>
        {/* Scrolls sideways on phones, so it takes keyboard focus to be scrolled without a pointer. */}
        <div
          role="region"
          aria-labelledby="payments-heading"
          tabIndex={0}
          className="mt-4 overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-brand-500"
        >
          <table className="w-full min-w-[720px] text-left text-sm">
            <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
              <tr>
                <th className="px-4 py-3 font-semibold">Date</th>
                <th className="px-4 py-3 font-semibold">Customer</th>
                <th className="px-4 py-3 font-semibold">Plan</th>
                <th className="px-4 py-3 text-right font-semibold">Amount</th>
                <th className="px-4 py-3 font-semibold">Status</th>
                <th className="px-4 py-3 font-semibold">Payment id</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {payments.length === 0 ? (
                <tr>
                  <td colSpan={6} className="px-4 py-6 text-center text-slate-500">
                    {paymentPages.isLoading ? "Loading payments…" : "No payments yet"}
                  </td>
                </tr>
              ) : (
                payments.map((payment) => (
                  <tr key={payment.id}>
                    <td className="whitespace-nowrap px-4 py-3 text-slate-600">{formatDateTime(payment.createdAt)}</td>
                    <td className="px-4 py-3">
                      <span className="block font-medium text-slate-900">{payment.user.name ?? payment.user.email ?? "Deleted account"}</span>
                      {payment.user.name ? <span className="block text-xs text-slate-500">{payment.user.email}</span> : null}
                    </td>
                    <td className="px-4 py-3">{plans[payment.planType].name}</td>
                    <td className="px-4 py-3 text-right font-medium">{money(payment.amount)}</td>
                    <td className="px-4 py-3">
                      <Badge variant={statusVariant(payment.status)}>{payment.status}</Badge>
                    </td>
                    <td className="max-w-[12rem] truncate px-4 py-3 font-mono text-xs text-slate-500">{payment.stripePaymentIntentId ?? "—"}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        {paymentPages.hasNextPage ? (
          <Button variant="ghost" className="mt-3" onClick={() => void paymentPages.fetchNextPage()} disabled={paymentPages.isFetchingNextPage}>
            Load more
          </Button>
        ) : null}
      </section>

      <section className="mt-10" aria-labelledby="messages-heading">
        <h2 id="messages-heading" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
          <Inbox className="size-5 text-brand-600" aria-hidden="true" />
          Contact messages
        </h2>
        <p className="mt-1 text-sm text-slate-600">By plan: Premium first, then Pro, Basic and Free, newest first within each, with the time each plan is promised a reply by.</p>
        <ul className="mt-4 max-h-96 divide-y divide-slate-100 overflow-y-auto rounded-2xl border border-slate-200 bg-white shadow-sm" aria-label="Contact messages">
          {(messages.data?.messages ?? []).map((message) => (
            <li key={message.id} className="px-4 py-3 text-sm">
              <p className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-semibold text-slate-900">{message.subject}</span>
                <time className="text-xs text-slate-500" dateTime={message.createdAt}>
                  {formatDateTime(message.createdAt)}
                </time>
              </p>
              <p className="text-xs text-slate-500">
                {message.name} · <a className="underline" href={`mailto:${message.email}`}>{message.email}</a> · {plans[message.plan].name} plan ·{" "}
                <span className={Date.parse(message.replyBy) < openedAt ? "font-semibold text-rose-700" : "font-medium text-slate-700"}>
                  Reply by <time dateTime={message.replyBy}>{formatDateTime(message.replyBy)}</time>
                </span>
              </p>
              <p className="mt-1 whitespace-pre-wrap text-slate-700">{message.message}</p>
            </li>
          ))}
          {messages.data && messages.data.messages.length === 0 ? <li className="px-4 py-6 text-center text-slate-500">No messages.</li> : null}
        </ul>
      </section>

      <AnnouncementsSection />

      <section className="mt-10" aria-labelledby="logs-heading">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="logs-heading" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
            <ScrollText className="size-5 text-brand-600" aria-hidden="true" />
            System log
          </h2>
          <Button variant="outline" onClick={() => clearLogs.mutate()} disabled={clearLogs.isPending}>
            <Trash2 aria-hidden="true" />
            Clear logs
          </Button>
        </div>
        <ol className="mt-4 max-h-96 divide-y divide-slate-100 overflow-y-auto rounded-2xl border border-slate-200 bg-white shadow-sm" aria-label="System log entries">
          {(logs.data?.entries ?? []).map((entry) => (
            <li key={entry.id} className="flex items-start gap-3 px-4 py-2 text-sm">
              <span className={cn("mt-0.5 rounded px-1.5 py-0.5 text-xs font-semibold uppercase", levelColours[entry.level] ?? "bg-slate-100 text-slate-700")}>{entry.level}</span>
              <span className="min-w-0 flex-1 break-words text-slate-800">{entry.message}</span>
              <time className="shrink-0 text-xs text-slate-500" dateTime={entry.createdAt}>
                {formatDateTime(entry.createdAt)}
              </time>
            </li>
          ))}
          {logs.data && logs.data.entries.length === 0 ? <li className="px-4 py-6 text-center text-slate-500">The log is empty.</li> : null}
        </ol>
      </section>
    </div>
  );
}
