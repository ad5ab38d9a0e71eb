import { toastFailure } from "@/lib/failure-toast";
import type { Platform } from "@common/api/downloads";
import { platformNames } from "@common/api/downloads";
import { AlertCircle, CheckCircle2, Copy, Download, LogIn, Monitor, RotateCw, Smartphone, Wifi, WifiOff } from "lucide-react";
import { useEffect, useState } from "react";
import { useAuthDialogs } from "@/features/accounts/auth-dialogs";
import { availableDownloadsFailure, useAvailableDownloads } from "./available-downloads";
import { downloadFailureMessage, downloadNotStartedMessage, downloadWithProgress, generateDownload } from "./download-file";
import { ExtensionDownloads } from "./ExtensionDownloads";
import { PageQrCode } from "./PageQrCode";
import { InstallCard } from "@/features/install/InstallCard";
import { useAppInstallation } from "@/features/install/useAppInstallation";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/use-toast";
import { useAuth } from "@/features/accounts/useAuth";
import { loginHref } from "@/features/accounts/sign-in-links";
import { EXTENSION_CHROMIUM_BROWSERS, EXTENSION_DESKTOP_SYSTEMS } from "@common/product";

type Progress = { state: "idle" } | { state: "downloading"; platform: Platform; percent: number } | { state: "success"; platform: Platform; fileName: string } | { state: "error"; platform: Platform; message: string };

type FeatureState = "active" | "available" | "unavailable" | "online" | "offline";

/**
 * The install panel's states, each read from this browser. "Clear All blocking: Active" and "Team
 * sharing: Coming soon" were constants whatever the visitor's settings or plan, and are gone.
 */
function featureStates(installed: boolean): { label: string; state: FeatureState }[] {
  const serviceWorkers = "serviceWorker" in navigator;
  return [
    { label: "Install as app", state: installed ? "active" : "available" },
    { label: "Push notifications", state: "unavailable" },
    { label: "Offline use", state: !serviceWorkers ? "unavailable" : navigator.serviceWorker.controller ? "active" : "available" },
  ];
}

const stateBadge = {
  active: { label: "Active", variant: "success" },
  available: { label: "Available", variant: "secondary" },
  unavailable: { label: "Unavailable", variant: "outline" },
  online: { label: "Online", variant: "success" },
  offline: { label: "Offline", variant: "warning" },
} as const;

function useOnline(): boolean {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const update = () => setOnline(navigator.onLine);
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  }, []);
  return online;
}

/** `/download`: QR code, copy link, the browser extension, the two apps with real progress, requirements. */
export default function DownloadPage() {
  const { user } = useAuth();
  const { openDirectDownload } = useAuthDialogs();
  const online = useOnline();
  const { installed } = useAppInstallation();
  const [progress, setProgress] = useState<Progress>({ state: "idle" });
  const pageUrl = `${window.location.origin}/download`;
  const list = useAvailableDownloads();
  // Native apps are offered only when the operator published their files.
  const published = (list.data?.downloads ?? []).filter((item) => item.available);

  async function start(platform: Platform) {
    // Visitors confirm an address first (the email gate); a signed-in account downloads for itself.
    if (!user) return openDirectDownload();
    setProgress({ state: "downloading", platform, percent: 0 });
    try {
      const link = await generateDownload(platform, user.email, list.data?.downloads.find((item) => item.platform === platform)?.version);
      const fileName = await downloadWithProgress(link.downloadUrl, (percent) => setProgress({ state: "downloading", platform, percent }));
      setProgress({ state: "success", platform, fileName });
      toast({ title: "Download Started", description: link.message });
    } catch (error) {
      setProgress({ state: "error", platform, message: downloadFailureMessage(error, downloadNotStartedMessage) });
      toastFailure(error, downloadNotStartedMessage, "Download Failed", downloadFailureMessage);
    }
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(pageUrl);
      toast({ title: "Link Copied", description: "The download page's link is on your clipboard." });
    } catch {
      toast({ title: "Copy failed", description: pageUrl, variant: "destructive" });
    }
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <div className="grid gap-8 md:grid-cols-[1fr_auto] md:items-start">
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Download TabVault</h1>
          <p className="mt-3 text-lg text-slate-600">
            Free for {EXTENSION_CHROMIUM_BROWSERS} on {EXTENSION_DESKTOP_SYSTEMS}, and for Firefox, including Firefox for Android.
            Chrome on an Android phone runs no extensions: the extension in Chrome on your computer protects its tabs through
            Chrome&apos;s sync of open tabs. Scan the code to open this page on your phone.
          </p>
          {user ? null : (
            <p className="mt-4 text-sm text-slate-600">
              <a href={loginHref(undefined, "/download")} className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline">
                <LogIn className="size-4" aria-hidden="true" />
                Sign in
              </a>{" "}
              to keep track of your downloads and backups.
            </p>
          )}
        </div>
        <div className="flex flex-col items-center gap-3">
          <PageQrCode url={pageUrl} />
          <Button variant="secondary" size="sm" onClick={() => void copyLink()}>
            <Copy aria-hidden="true" />
            Copy link
          </Button>
        </div>
      </div>

      <ExtensionDownloads />

      {published.length > 0 ? (
        <h2 id="apps" className="mt-12 flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900">
          <Monitor className="size-6 text-brand-600" aria-hidden="true" />
          {published.map((item) => platformNames[item.platform]).join(" and ")} {published.length > 1 ? "apps" : "app"}
        </h2>
      ) : null}

      {progress.state !== "idle" ? (
        <div className="mt-8" role="status">
          {progress.state === "downloading" ? (
            <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <p className="text-sm font-medium text-slate-800">Downloading for {platformNames[progress.platform]}… {progress.percent}%</p>
              <div className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-valuenow={progress.percent} aria-valuemin={0} aria-valuemax={100} aria-label="Download progress">
                <div className="h-full rounded-full bg-brand-600 transition-all" style={{ width: `${progress.percent}%` }} />
              </div>
            </div>
          ) : progress.state === "success" ? (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
              <span className="flex items-center gap-2">
                <CheckCircle2 className="size-5" aria-hidden="true" />
                {progress.fileName} downloaded.
              </span>
              <Button size="sm" variant="secondary" onClick={() => setProgress({ state: "idle" })}>
                Download Again
              </Button>
            </div>
          ) : (
            <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
              <span className="flex items-center gap-2">
                <AlertCircle className="size-5" aria-hidden="true" />
                Download failed. Please try again. ({progress.message})
              </span>
              <Button size="sm" variant="secondary" onClick={() => setProgress({ state: "idle" })}>
                <RotateCw aria-hidden="true" />
                Retry
              </Button>
            </div>
          )}
        </div>
      ) : null}

      <ul className="mt-8 grid gap-6 md:grid-cols-2">
        {published.map((item) => {
          const Icon = item.platform === "windows" ? Monitor : Smartphone;
          return (
            <li key={item.platform} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <div>
                  <h2 className="text-lg font-semibold text-slate-900">{platformNames[item.platform]}</h2>
                  <p className="text-sm text-slate-500">
                    Version {item.version}
                    {item.size ? ` · ${item.size}` : ""}
                  </p>
                </div>
              </div>
              <p className="mt-4 text-sm text-slate-600">{item.description}</p>
              <h3 className="mt-4 text-sm font-semibold text-slate-900">System requirements</h3>
              <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-600">
                {item.requirements.map((requirement) => (
                  <li key={requirement}>{requirement}</li>
                ))}
              </ul>
              <Button className="mt-6" onClick={() => void start(item.platform)} disabled={progress.state === "downloading"}>
                <Download aria-hidden="true" />
                Download for {platformNames[item.platform]}
              </Button>
            </li>
          );
        })}
      </ul>
      {list.isError ? (
        <div role="alert" className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-900">
          <span className="flex items-center gap-2">
            <AlertCircle className="size-5" aria-hidden="true" />
            {availableDownloadsFailure}
          </span>
          <Button size="sm" variant="secondary" onClick={() => void list.refetch()} disabled={list.isFetching}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : null}
      {list.data && published.length === 0 ? (
        <p className="mt-10 text-slate-600">
          No native Windows or Android app is published on this server: the browser extension above is what protects your tabs.
        </p>
      ) : null}

      <section className="mt-10 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="install-as-app">
        <h2 id="install-as-app" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <Smartphone className="size-5 text-brand-600" aria-hidden="true" />
          Install the web app
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Add TabVault to your home screen or desktop from your browser to open your backups and settings like any other app.
        </p>
        <InstallCard variant="full" className="mt-4" />
        <ul className="mt-4 grid gap-2 sm:grid-cols-2">
          {[...featureStates(installed), { label: "Connection", state: online ? ("online" as const) : ("offline" as const) }].map((feature) => (
            <li key={feature.label} className="flex items-center justify-between rounded-lg border border-slate-200 px-3 py-2 text-sm">
              <span className="flex items-center gap-2 text-slate-800">
                {feature.label === "Connection" ? online ? <Wifi className="size-4" aria-hidden="true" /> : <WifiOff className="size-4" aria-hidden="true" /> : null}
                {feature.label}
              </span>
              <Badge variant={stateBadge[feature.state].variant}>{stateBadge[feature.state].label}</Badge>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
