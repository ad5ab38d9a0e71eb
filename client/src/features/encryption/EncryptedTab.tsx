import { Globe, Lock } from "lucide-react";
import { Link } from "wouter";
import { cn } from "@/lib/class-names";
import type { ShownLocation } from "./tab-sealing";

/** The title a tab is listed under: its own, its address, or "Encrypted tab" when this browser cannot open it. */
export function shownTitle(location: ShownLocation | null): string {
  if (location === null) return "Opening encrypted tab…";
  if (location.state === "locked" || location.state === "unreadable") return "Encrypted tab";
  return location.title || location.url;
}

/** Beside an opened tab's title: it is stored encrypted, and only this browser's key showed it. */
export function EncryptedMark() {
  return (
    <span title="Title and address end-to-end encrypted: opened in this browser" className="inline-flex shrink-0">
      <Lock className="size-3.5 text-brand-600" aria-label="Encrypted" />
    </span>
  );
}

/** The line under an encrypted tab this browser cannot open: why, and where to unlock it. */
export function EncryptedTabHint({ location }: { location: ShownLocation | null }) {
  if (location === null) return <span className="text-slate-400">Opening with this browser's key…</span>;
  if (location.state === "unreadable") return <span>Its title and address are encrypted with a key this browser does not hold.</span>;
  return (
    <span>
      Title and address encrypted —{" "}
      <Link href="/account#encryption" className="font-medium text-brand-700 underline">
        unlock on the Account page
      </Link>{" "}
      to see them
    </span>
  );
}

/** True when the tab's title and address are shown: plain, or opened here. */
export const isReadable = (location: ShownLocation | null): location is ShownLocation => location !== null && (location.state === "plain" || location.state === "opened");

/** A tab's favicon, a globe when it has none, a lock when this browser cannot open it. */
export function TabIcon({ location, className }: { location: ShownLocation | null; className?: string }) {
  const classes = cn("size-4 shrink-0", className);
  if (!isReadable(location)) return <Lock className={cn(classes, "text-slate-400")} aria-hidden="true" />;
  if (location.faviconUrl) return <img src={location.faviconUrl} alt="" className={classes} loading="lazy" referrerPolicy="no-referrer" />;
  return <Globe className={cn(classes, "text-slate-400")} aria-hidden="true" />;
}
