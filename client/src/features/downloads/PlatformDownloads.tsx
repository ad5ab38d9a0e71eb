import { toastFailure } from "@/lib/failure-toast";
import type { Platform } from "@common/api/downloads";
import { platformNames } from "@common/api/downloads";
import { Download, Loader2, Monitor, RotateCw, Smartphone } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/use-toast";
import { availableDownloadsFailure, useAvailableDownloads } from "./available-downloads";
import { downloadFailureMessage, downloadWithProgress, generateDownload } from "./download-file";

/** spec 1 §4: the installation guide follows the download after 2 s. */
const GUIDE_DELAY_MS = 2000;

const guides: Record<Platform, string> = {
  windows: "Open the installer you downloaded and follow the steps. Windows may ask for administrator rights.",
  android: "Open the APK from your notifications or Downloads, allow installs from this source if asked, then give TabVault the Accessibility permission.",
};

export function usePlatformDownload(email: string) {
  const [busy, setBusy] = useState<Platform | null>(null);
  const guideTimer = useRef<number | undefined>(undefined);
  async function start(platform: Platform) {
    setBusy(platform);
    try {
      const link = await generateDownload(platform, email);
      await downloadWithProgress(link.downloadUrl, () => undefined);
      toast({ title: "Download Started", description: link.message });
      window.clearTimeout(guideTimer.current);
      guideTimer.current = window.setTimeout(() => toast({ title: "Installation Guide", description: guides[platform] }), GUIDE_DELAY_MS);
    } catch (error) {
      const fallback = "Failed to download application. Please try again.";
      const unverified = downloadFailureMessage(error, fallback) === "Please check your email for verification before downloading";
      toastFailure(error, fallback, unverified ? "Verification Required" : "Download Failed", downloadFailureMessage);
    } finally {
      setBusy(null);
    }
  }
  return { busy, start };
}

/** The platforms an email may download (spec 1 §2 download dialog), loaded when shown. */
export function PlatformDownloads({ email }: { email: string }) {
  const list = useAvailableDownloads(email);
  const { busy, start } = usePlatformDownload(email);

  if (list.isLoading) return <p className="flex items-center gap-2 text-slate-500"><Loader2 className="size-4 animate-spin" aria-hidden="true" />Loading downloads…</p>;
  if (list.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        {availableDownloadsFailure}
        <Button size="sm" variant="secondary" onClick={() => void list.refetch()} disabled={list.isFetching}>
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
      </div>
    );
  }
  // Only published releases are offered (decision 141); the browser extension is on /download for everyone.
  const downloads = (list.data?.downloads ?? []).filter((item) => item.available);
  const extension = (
    <p className="text-sm text-slate-600">
      The browser extension needs no confirmation:{" "}
      <a href="/download" className="font-semibold text-brand-700 hover:underline">
        get it on the download page
      </a>
      .
    </p>
  );
  if (downloads.length === 0) {
    return (
      <div className="space-y-3">
        <p className="text-sm text-slate-600">No Windows or Android app is published on this server.</p>
        {extension}
      </div>
    );
  }
  return (
    <div className="space-y-4">
    {extension}
    <ul className="space-y-3">
      {downloads.map((item) => {
        const Icon = item.platform === "windows" ? Monitor : Smartphone;
        return (
          <li key={item.platform} className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 p-4">
            <span className="flex items-start gap-3">
              <Icon className="mt-0.5 size-5 text-brand-600" aria-hidden="true" />
              <span>
                <span className="block font-semibold text-slate-900">{platformNames[item.platform]}</span>
                <span className="block text-xs text-slate-500">
                  Version {item.version}
                  {item.size ? ` · ${item.size}` : ""}
                </span>
              </span>
            </span>
            <Button size="sm" onClick={() => void start(item.platform)} disabled={busy !== null} aria-label={`Download for ${platformNames[item.platform]}`}>
              {busy === item.platform ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
              {busy === item.platform ? "Preparing Download..." : "Download"}
            </Button>
          </li>
        );
      })}
    </ul>
    </div>
  );
}
