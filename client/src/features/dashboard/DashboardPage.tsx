import { sectionCardLook } from "@/components/ui/section-card";
import { cn } from "@/lib/class-names";
import type { AuthUser } from "@common/api/accounts";
import { PRODUCT_NAME } from "@common/product";
import { backupsText, type PaidPlanType, plans, type PlanType } from "@common/plan-catalogue";
import { getUserStats } from "@common/api/backups";
import { useQuery } from "@tanstack/react-query";
import { ArrowRight, Download, Layers, type LucideIcon, Settings, ShieldOff, SlidersHorizontal, UserPen, Workflow } from "lucide-react";
import { useState } from "react";
import { Link } from "wouter";
import { ProfileDialog } from "@/features/accounts/ProfileDialog";
import { BackupQuickActions } from "@/features/backups/BackupQuickActions";
import { AnalyticsSection } from "./AnalyticsSection";
import { DeviceTokens } from "./DeviceTokens";
import { ProtectedTabDemo } from "./ProtectedTabDemo";
import { RecentEvents } from "./RecentEvents";
import { StatTiles } from "./StatTiles";
import { SubscriptionStatus } from "@/features/payments/SubscriptionStatus";
import { subscribeHref, usePriceIds } from "@/lib/plan-links";
import { endpointQuery } from "@/lib/api-client";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { toast } from "@/lib/use-toast";
import { displayName } from "@/lib/user-names";

const shortcuts: { href: string; icon: LucideIcon; title: string; text: string }[] = [
  { href: "/clear-all-blocker", icon: ShieldOff, title: "Clear All Blocker", text: "Stop Clear All from closing your tabs." },
  { href: "/sessions", icon: Layers, title: "Session Manager", text: "See and restore saved sessions." },
  { href: "/protection-settings", icon: SlidersHorizontal, title: "Protection Settings", text: "Block or back up, and when." },
  { href: "/download", icon: Download, title: "Download", text: "The browser extension, and the Windows and Android apps." },
  { href: "/automation", icon: Workflow, title: "Automation", text: "Rules your extension runs: backups on close, daily, at start." },
];

/** The plan an upgrade button offers next. */
const nextPlan: Record<PlanType, PaidPlanType | null> = { free: "basic", basic: "pro", pro: "premium", premium: null };

const { free, basic } = plans;
/** The Free plan's limits beside what Basic gives, from the catalogue. */
const freeLimitCards: [string, string][] = [
  [
    `${free.limits.tabsPerDay} protected tabs a day`,
    `${free.name} protects up to ${free.limits.tabsPerDay} different tabs each day. ${basic.name} protects ${basic.limits.tabsPerDay ?? "unlimited tabs"}.`,
  ],
  [
    `${backupsText(free.limits.backupsKept)} kept`,
    `${free.limits.backupsKept === 1 ? "Each new backup replaces the last." : `${free.name} keeps your ${free.limits.backupsKept} latest.`} ${basic.name} keeps ${basic.limits.backupsKept === null ? "every backup" : `your ${basic.limits.backupsKept} latest`}.`,
  ],
];

/** The signed-in home screen: who you are, your numbers, recent events, what to do next. */
export default function DashboardPage({ user }: { user: AuthUser }) {
  const plan = plans[user.planType];
  const upgradeTo = nextPlan[user.planType];
  const [editingProfile, setEditingProfile] = useState(false);
  const priceIds = usePriceIds();
  const stats = useQuery(endpointQuery(getUserStats));
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900">Dashboard</h1>
          <p className="mt-2 text-lg text-slate-600">
            {/* Until the account signs in a second time it has never been here before. */}
            {user.firstSignIn ? `Welcome to ${PRODUCT_NAME}, ${displayName(user)}.` : `Welcome back, ${displayName(user)}.`}
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 text-sm text-slate-500">
            <span>
              Signed in as <span className="font-medium text-slate-700">{user.email}</span>
            </span>
            <Button variant="link" size="sm" className="h-auto px-0" onClick={() => setEditingProfile(true)}>
              <UserPen />
              Edit profile
            </Button>
          </p>
          <ProfileDialog user={user} open={editingProfile} onOpenChange={setEditingProfile} />
          {user.planType === "free" ? null : <SubscriptionStatus user={user} />}
        </div>
        <Card className="flex items-center gap-4 px-5 py-3">
          <div>
            <p className="text-xs font-medium uppercase tracking-wide text-slate-500">Current plan</p>
            <p className="font-semibold text-slate-900">{plan.name}</p>
          </div>
          {upgradeTo ? (
            <Button asChild size="sm">
              <Link href={subscribeHref(plans[upgradeTo], priceIds[upgradeTo])}>Upgrade to {plans[upgradeTo].name}</Link>
            </Button>
          ) : null}
        </Card>
      </div>

      <div className="mt-8">
        <StatTiles stats={stats.data} />
      </div>

      {user.planType === "free" ? (
        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          {freeLimitCards.map(([title, text]) => (
            <div key={title} className="flex items-center justify-between gap-4 rounded-2xl border border-amber-200 bg-amber-50 p-5">
              <div>
                <p className="font-semibold text-amber-900">{title}</p>
                <p className="text-sm text-amber-800">{text}</p>
              </div>
              <Button asChild size="sm">
                <Link href={subscribeHref(plans.basic, priceIds.basic)}>Upgrade to {plans.basic.name}</Link>
              </Button>
            </div>
          ))}
        </div>
      ) : null}

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <ProtectedTabDemo />
        <RecentEvents events={stats.data?.protectionEvents} />
      </div>

      <div className="mt-8">
        <AnalyticsSection user={user} />
      </div>

      <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Quick actions</h2>
        <div className="flex flex-wrap gap-2">
          <BackupQuickActions email={user.email} />
          <Button
            variant="ghost"
            size="sm"
            onClick={() => toast({ title: "Settings", description: "The settings panel is coming in the next update." })}
          >
            <Settings aria-hidden="true" />
            Settings
          </Button>
        </div>
      </div>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {shortcuts.map(({ href, icon: Icon, title, text }) => (
          <li key={href}>
            <Link
              href={href}
              className={cn(sectionCardLook, "group flex h-full flex-col transition hover:border-brand-300 hover:shadow-md")}
            >
              <span className="inline-flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <span className="mt-4 font-semibold text-slate-900">{title}</span>
              <span className="mt-1 mb-4 text-sm text-slate-600">{text}</span>
              <ArrowRight className="mt-auto size-4 pt-0 text-slate-400 transition group-hover:translate-x-0.5 group-hover:text-brand-600" aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>

      <div className="mt-8">
        <DeviceTokens />
      </div>
    </div>
  );
}
