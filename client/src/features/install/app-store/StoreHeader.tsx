import { Award, Download, PlayCircle, Star } from "lucide-react";
import { Link } from "wouter";
import { AppModeBadge } from "@/features/install/AppModeBadge";
import { InstalledStatus } from "@/features/install/InstalledStatus";
import { useAppInstallation } from "@/features/install/useAppInstallation";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { openInstallDialog } from "@/features/install/install-state";
import { storeFigures } from "./listing";

/**
 * The store block's header: title, Editor's Choice, rating, downloads and Free, Install App
 * (the install prompt overlay) and Watch Demo (the landing page's interactive demo).
 */
export function StoreHeader() {
  const { installed } = useAppInstallation();
  return (
    <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
      <img
        src="/pwa-192x192.png"
        alt=""
        width={112}
        height={112}
        className="size-24 shrink-0 rounded-3xl bg-white p-2.5 shadow-md ring-1 ring-slate-200 sm:size-28"
      />
      <div className="min-w-0 flex-1">
        <Badge variant="warning" className="gap-1.5">
          <Award className="size-3.5" aria-hidden="true" />
          Editor's Choice (sample)
        </Badge>
        <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">TabVault</h1>
        <p className="mt-1 text-slate-600">Tab protection against Clear All · Productivity</p>
        <ul className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-slate-700" aria-label="At a glance">
          <li className="flex items-center gap-1.5">
            <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden="true" />
            <span className="font-semibold text-slate-900">{storeFigures.rating}</span>
            <span className="text-slate-500">({storeFigures.reviews} sample reviews)</span>
          </li>
          <li className="flex items-center gap-1.5">
            <Download className="size-4 text-slate-500" aria-hidden="true" />
            <span className="font-semibold text-slate-900">{storeFigures.downloads}</span>
            <span className="text-slate-500">downloads (sample)</span>
          </li>
          <li>
            <Badge variant="success">Free</Badge>
          </li>
          <li>
            <AppModeBadge />
          </li>
        </ul>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          {installed ? (
            <InstalledStatus size="lg" />
          ) : (
            <Button size="lg" onClick={() => openInstallDialog({ reason: "request" })}>
              <Download />
              Install App
            </Button>
          )}
          <Button asChild size="lg" variant="secondary">
            <Link href="/#demo">
              <PlayCircle />
              Watch Demo
            </Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
