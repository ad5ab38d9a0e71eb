import { sectionCardLook } from "@/components/ui/section-card";
import { Download, LoaderCircle, MonitorSmartphone, RefreshCw, Star, WifiOff } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { installTabVault } from "./install-action";
import { cn } from "@/lib/class-names";
import { AppModeBadge } from "./AppModeBadge";
import { storeFigures } from "./app-store/listing";
import { InstalledStatus } from "./InstalledStatus";
import { useAppInstallation } from "./useAppInstallation";

export type InstallCardVariant = "minimal" | "store" | "full";

/** The card's button: Install, or where it stands once installing or installed. */
function InstallButton({ size, className }: { size?: "sm" | "default" | "lg"; className?: string }) {
  const { installed, installing } = useAppInstallation();
  if (installed) return <InstalledStatus size={size} className={className} />;
  return (
    <Button size={size} className={className} disabled={installing} onClick={() => void installTabVault()}>
      {installing ? <LoaderCircle className="animate-spin" /> : <Download />}
      {installing ? "Installing..." : "Install"}
    </Button>
  );
}

const benefits = [
  { icon: MonitorSmartphone, title: "Its own window", text: "Opens from your home screen or app list, without the browser's toolbars." },
  { icon: WifiOff, title: "Works offline", text: "The app is kept on your device, so it opens even without a connection." },
  { icon: RefreshCw, title: "Updates when you say", text: "A new version waits until you choose Update Now." },
];

/**
 * Installing TabVault as an app: `minimal` is one line with a button, `store` the app-store
 * listing's header, `full` explains what installing gives. Every variant installs through the same
 * machinery as the dialog and the banner.
 */
export function InstallCard({ variant, className }: { variant: InstallCardVariant; className?: string }) {
  if (variant === "minimal") {
    return (
      <div className={cn("flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm", className)}>
        <img src="/pwa-64x64.png" alt="" width={40} height={40} className="size-10 shrink-0 rounded-lg bg-brand-50 p-1" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-slate-900">TabVault app</p>
          <p className="truncate text-xs text-slate-600">Install it to open TabVault from your home screen.</p>
        </div>
        <InstallButton size="sm" />
      </div>
    );
  }

  if (variant === "store") {
    return (
      <div className={cn(sectionCardLook, "flex flex-col gap-5 sm:flex-row sm:items-center", className)}>
        <img src="/pwa-192x192.png" alt="" width={80} height={80} className="size-20 shrink-0 rounded-2xl bg-brand-50 p-2 ring-1 ring-brand-100" />
        <div className="min-w-0 flex-1">
          <p className="text-lg font-semibold text-slate-900">TabVault</p>
          <p className="text-sm text-brand-700">TabVault · Productivity</p>
          <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <span className="inline-flex items-center gap-1 font-semibold text-slate-900">
              {storeFigures.rating} <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
              <span className="font-normal text-slate-500">(sample)</span>
            </span>
            <span aria-hidden="true">·</span>
            <span>Rated for Everyone</span>
            <span aria-hidden="true">·</span>
            <Badge variant="secondary">Free</Badge>
            <AppModeBadge />
          </div>
        </div>
        <InstallButton size="lg" className="w-full sm:w-auto" />
      </div>
    );
  }

  return (
    <div className={cn("rounded-2xl border border-slate-200 bg-white p-6 shadow-sm", className)}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-center gap-3">
          <img src="/pwa-64x64.png" alt="" width={48} height={48} className="size-12 shrink-0 rounded-xl bg-brand-50 p-1.5" />
          <div>
            <h3 className="font-semibold text-slate-900">Install TabVault as an app</h3>
            <p className="text-sm text-slate-600">Free, under 1 MB, no app store needed.</p>
          </div>
        </div>
        <AppModeBadge />
      </div>
      <ul className="mt-5 grid gap-4 sm:grid-cols-3">
        {benefits.map(({ icon: Icon, title, text }) => (
          <li key={title} className="text-sm">
            <Icon className="size-5 text-brand-600" aria-hidden="true" />
            <p className="mt-2 font-semibold text-slate-900">{title}</p>
            <p className="mt-1 text-slate-600">{text}</p>
          </li>
        ))}
      </ul>
      <InstallButton className="mt-6 w-full sm:w-auto" />
    </div>
  );
}
