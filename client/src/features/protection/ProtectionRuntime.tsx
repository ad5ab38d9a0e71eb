import type { AuthUser } from "@common/api/accounts";
import { getProtectionSettings } from "@common/api/protection";
import { PRODUCT_NAME } from "@common/product";
import { useEffect } from "react";
import { useLocation } from "wouter";
import { call } from "@/lib/api-client";
import { toast } from "@/lib/use-toast";
import { startBlocker } from "./blocker";
import { createCapture, startCaptureTriggers } from "./capture-engine";
import { snapshotCurrentPage, watchFormFields } from "./page-snapshot";
import { recordVisit } from "./recent-tabs";
import { applyRestoreHandoff } from "./restore-handoff";
import { writeLocalProtection } from "./storage-keys";

/** spec 2 §9: the block notification shows for 3 s. */
const BLOCK_NOTICE_MS = 3000;

/**
 * What runs on every page for a signed-in person: the capture engine, the Clear All Blocker, the
 * recent-tabs list and the restore hand-off. Renders nothing; loaded only after sign-in.
 */
export default function ProtectionRuntime({ user }: { user: AuthUser }) {
  const [location] = useLocation();

  useEffect(() => {
    // The server's settings win at sign-in; the screens keep both in step afterwards. Without them (a
    // failure, a session that just ended) this browser's own stay, quietly.
    call(getProtectionSettings, undefined, { expectUnauthorized: true })
      .then(writeLocalProtection)
      .catch(() => undefined);
    applyRestoreHandoff();
  }, []);

  useEffect(() => {
    const capture = createCapture(user.email);
    const hasUnsavedInput = () => Object.keys(snapshotCurrentPage().formData ?? {}).length > 0;
    const stops = [
      watchFormFields(),
      startCaptureTriggers(capture, hasUnsavedInput),
      startBlocker({
        onShortcut: () => void capture("emergency"),
        onBlocked: () =>
          toast({ title: "Clear All Blocked!", description: `${PRODUCT_NAME} prevented your tabs from being cleared`, duration: BLOCK_NOTICE_MS }),
        hasUnsavedInput,
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [user.email]);

  useEffect(() => {
    // After the screen has set its title.
    const timer = window.setTimeout(() => {
      const page = snapshotCurrentPage();
      recordVisit({ url: page.url, title: page.title ?? "", faviconUrl: page.faviconUrl ?? null, lastAccessed: new Date().toISOString() });
    }, 300);
    return () => window.clearTimeout(timer);
  }, [location]);

  return null;
}
