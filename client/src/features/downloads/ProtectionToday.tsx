import { type DownloadItem, type Platform, platformNames } from "@common/api/downloads";
import { extensionPlatformsText } from "@common/product";
import { Download, Globe, MonitorSmartphone, Package, RefreshCw } from "lucide-react";
import { useId } from "react";
import { Link } from "wouter";
import { useAvailableDownloads } from "./available-downloads";

/**
 * A native app's release on this server: published when the operator's manifest lists it and its file is there
 * (`available`, server/downloads/releases.ts). `undefined` while the list loads or when it failed.
 */
export function usePublishedApp(platform: Platform): { item: DownloadItem | undefined; known: boolean } {
  const list = useAvailableDownloads();
  const item = list.data?.downloads.find((download) => download.platform === platform && download.available);
  return { item, known: list.isSuccess };
}

/**
 * "What protects you today", the same words on /windows, /product and /android: the browser
 * extension and the installable web app, and the native app for `platform` only when its release is published.
 */
export function ProtectionToday({ platform, className }: { platform: Platform; className?: string }) {
  const headingId = useId();
  const { item, known } = usePublishedApp(platform);
  const name = platformNames[platform];
  return (
    <section aria-labelledby={headingId} className={className}>
      <div className="rounded-2xl border border-brand-200 bg-brand-50/60 p-6 shadow-sm">
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">What protects you today</h2>
        <ul className="mt-4 space-y-4 text-sm leading-6 text-slate-700">
          <li className="flex gap-3">
            <Globe className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
            <span>
              <strong className="text-slate-900">The TabVault browser extension</strong> for {extensionPlatformsText}. It keeps every
              tab backed up off the device and brings them back after an accidental close.{" "}
              <Link href="/download" className="font-semibold text-brand-700 hover:underline">
                Get the extension
              </Link>
            </span>
          </li>
          {platform === "android" ? (
            // Chrome for Android runs no extensions: a computer's extension reads the phone's tabs through Chrome's sync (decision 219).
            <li className="flex gap-3">
              <RefreshCw className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
              <span>
                <strong className="text-slate-900">Chrome on Android, through Chrome&apos;s own sync.</strong> The TabVault extension in
                Chrome on a computer reads your phone&apos;s open tabs when both are signed in to the same Google account with open
                tabs sync on. When the phone&apos;s tabs are all closed, the computer backs up the last ones as the phone&apos;s
                emergency backup, and the web app on the phone reopens them one tap at a time.
              </span>
            </li>
          ) : null}
          <li className="flex gap-3">
            <MonitorSmartphone className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
            <span>
              <strong className="text-slate-900">The TabVault web app</strong>, installable from your browser: your backups, restores
              and settings, on any device.
            </span>
          </li>
          <li className="flex gap-3">
            <Package className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
            {item ? (
              <span>
                <strong className="text-slate-900">TabVault for {name}</strong> {item.version} is published on this server.{" "}
                <Link href={platform === "android" ? "/download-android" : "/download"} className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline">
                  <Download className="size-4" aria-hidden="true" />
                  Download for {name}
                </Link>
              </span>
            ) : (
              <span>{known ? `No TabVault app for ${name} is published on this server.` : `Looking for a TabVault app for ${name}…`}</span>
            )}
          </li>
        </ul>
      </div>
    </section>
  );
}
