import { X } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { dismissHomeScreenPrompts, useHomeScreenPromptsDismissed } from "./home-screen-dismissal";
import { isHomeScreenBannerEligible } from "./home-screen-prompt";
import { installTabVault } from "./install-action";
import { HOME_SCREEN_BANNER_DELAY_MS } from "./timings";
import { useAppInstallation } from "./useAppInstallation";

/** Milliseconds left until `delay` after the page opened (performance.now() counts from the navigation). */
function remainingSincePageOpened(delay: number): number {
  return Math.max(0, delay - performance.now());
}

/**
 * The home-screen hint: iOS or Android, not running as an app, not dismissed, 5 s after the page
 * opened. Dismissal is kept in localStorage `homeScreenPromptDismissed`; the banner steps aside while the
 * install dialog is open.
 */
export function HomeScreenBanner() {
  const { platform, installed, dialog } = useAppInstallation();
  const dismissed = useHomeScreenPromptsDismissed();
  const [due, setDue] = useState(false);
  const eligible = isHomeScreenBannerEligible({ platform, installed, dismissed });

  useEffect(() => {
    if (!eligible) return;
    const timer = window.setTimeout(() => setDue(true), remainingSincePageOpened(HOME_SCREEN_BANNER_DELAY_MS));
    return () => window.clearTimeout(timer);
  }, [eligible]);

  if (!eligible || !due || dialog !== null) return null;

  return (
    <section
      aria-label="Add TabVault to your home screen"
      className="pointer-events-auto flex w-full max-w-md items-center gap-3 rounded-2xl border border-slate-200 bg-white p-3 pr-2 shadow-xl animate-fade-in"
    >
      <img src="/pwa-192x192.png" alt="" width={44} height={44} className="size-11 shrink-0 rounded-xl bg-brand-50 p-1" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-slate-900">Add TabVault to your home screen</p>
        <p className="text-xs text-slate-600">Open it like an app, even offline.</p>
      </div>
      <Button size="sm" onClick={() => void installTabVault()}>
        {platform === "ios" ? "How to add" : "Add"}
      </Button>
      <Button size="icon" variant="ghost" className="size-9" aria-label="Dismiss" onClick={dismissHomeScreenPrompts}>
        <X aria-hidden="true" />
      </Button>
    </section>
  );
}
