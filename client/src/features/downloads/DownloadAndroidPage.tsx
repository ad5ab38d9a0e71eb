import { toastFailure, fallbackOnly } from "@/lib/failure-toast";
import { downloadAndroidApk, getApkInfo } from "@common/api/downloads";
import { ANDROID_REQUIREMENTS } from "@common/product";
import { ProtectionToday, usePublishedApp } from "./ProtectionToday";
import { endpointUrl } from "@common/api/endpoint";
import { formatPrice, planList, type PlanType, tabLimitText } from "@common/plan-catalogue";
import { CheckCircle2, Download, HardDrive, Layers, Smartphone } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { DownloadError, downloadWithProgress } from "./download-file";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/use-toast";
import { call } from "@/lib/api-client";
import { cn } from "@/lib/class-names";

/** spec 2 §4: progress rises by 15 every 300 ms up to 90, then the file is fetched. */
const TICK_MS = 300;
const STEP = 15;

const installSteps = [
  "Download the APK on your Android phone.",
  "Open it from your notifications or the Downloads app; allow installs from your browser if Android asks.",
  "Open TabVault and give it the Accessibility permission, so it can see and block Clear All.",
];

/**
 * `/download-android`: the APK from four plan cards, one download at a time, while an Android release is
 * published on this server; without one, what protects a phone today instead (decision 141).
 */
export default function DownloadAndroidPage() {
  const androidApp = usePublishedApp("android");
  const unpublished = androidApp.known && !androidApp.item;
  const [active, setActive] = useState<{ plan: PlanType; progress: number; done: boolean } | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearInterval(timer.current), []);

  async function start(plan: PlanType) {
    if (active && !active.done) return;
    try {
      await call(getApkInfo);
    } catch (error) {
      setActive(null);
      toastFailure(error, "Unable to start download. Please try again.", "Download Failed", fallbackOnly);
      return;
    }
    setActive({ plan, progress: 0, done: false });
    await new Promise<void>((resolve) => {
      timer.current = window.setInterval(() => {
        setActive((current) => {
          if (!current) return current;
          const next = Math.min(90, current.progress + STEP);
          if (next >= 90) {
            window.clearInterval(timer.current);
            resolve();
          }
          return { ...current, progress: next };
        });
      }, TICK_MS);
    });
    try {
      await downloadWithProgress(endpointUrl(downloadAndroidApk), () => undefined);
      setActive({ plan, progress: 100, done: true });
      toast({ title: "Download Complete!", description: "Open the APK to install TabVault." });
    } catch (error) {
      setActive(null);
      // The server's reason or 'Failed to complete download' once the transfer had begun.
      toastFailure(error, "Unable to start download. Please try again.", "Download Failed", (failure, fallback) => (failure instanceof DownloadError ? failure.message : fallback));
    }
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="flex items-center gap-3 text-3xl font-bold tracking-tight text-slate-900">
        <Smartphone className="size-7 text-brand-600" aria-hidden="true" />
        TabVault for Android
      </h1>
      <p className="mt-2 text-slate-600">One app for every plan: pick yours, then unlock it by signing in inside the app.</p>
      {unpublished ? <ProtectionToday platform="android" className="mt-6" /> : null}

      <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {planList.map((plan) => {
          const mine = active?.plan === plan.type;
          return (
            <li key={plan.type} className={cn("flex flex-col rounded-2xl border bg-white p-6 shadow-sm", plan.type === "basic" ? "border-brand-600 ring-1 ring-brand-600" : "border-slate-200")}>
              <div className="flex items-center justify-between">
                <h2 className="text-lg font-semibold text-slate-900">{plan.name}</h2>
                {plan.type === "basic" ? <Badge>Recommended</Badge> : null}
              </div>
              <p className="mt-1 text-2xl font-bold text-slate-900">
                {formatPrice(plan.priceCents)}
                <span className="text-sm font-medium text-slate-500">/month</span>
              </p>
              <p className="mt-2 text-sm text-slate-600">{plan.tagline}</p>
              <ul className="mt-3 flex-1 space-y-1 text-sm text-slate-700">
                <li className="flex items-center gap-2">
                  <Layers className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
                  {tabLimitText(plan)}
                </li>
                <li className="flex items-center gap-2">
                  <HardDrive className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
                  {plan.androidAppMegabytes} MB on your phone
                </li>
              </ul>
              <div className="mt-4 h-2 overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-label={`${plan.name} download progress`} aria-valuenow={mine ? active.progress : 0} aria-valuemin={0} aria-valuemax={100}>
                <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${mine ? active.progress : 0}%` }} />
              </div>
              <Button className="mt-4" onClick={() => void start(plan.type)} disabled={unpublished || (active !== null && !active.done)}>
                {mine && active.done ? <CheckCircle2 aria-hidden="true" /> : <Download aria-hidden="true" />}
                {unpublished ? "Not published" : mine && active.done ? "Downloaded" : "Download APK"}
              </Button>
            </li>
          );
        })}
      </ul>

      <div className="mt-10 grid gap-6 md:grid-cols-2">
        <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 className="text-lg font-semibold text-slate-900">Install in three steps</h2>
          <ol className="mt-3 list-decimal space-y-2 pl-5 text-sm text-slate-700">
            {installSteps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
        </section>
        <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 className="text-lg font-semibold text-slate-900">System requirements</h2>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {ANDROID_REQUIREMENTS.map((requirement) => (
              <li key={requirement}>{requirement}</li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}
