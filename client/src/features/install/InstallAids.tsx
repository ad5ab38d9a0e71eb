import { useEffect } from "react";
import { useHomeScreenPromptsDismissed } from "./home-screen-dismissal";
import { openInstallDialog } from "./install-state";
import { recordPwaLaunch } from "./pwa-launch";
import { startServiceWorker } from "./service-worker";
import { INSTALL_PROMPT_DELAY_MS } from "./timings";
import { call } from "@/lib/api-client";
import { HomeScreenBanner } from "./HomeScreenBanner";
import { InstallDialog } from "./InstallDialog";
import { UpdateNotice } from "./UpdateNotice";
import { useAppInstallation } from "./useAppInstallation";

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** Spec 1 §4: on Android, the install dialog opens 1 s after the browser offers installation. */
function useAutomaticInstallOffer(): void {
  const { platform, offer, offeredAt, installed, dialog } = useAppInstallation();
  const dismissed = useHomeScreenPromptsDismissed();
  const due = platform === "android" && offer !== null && offeredAt !== null && !installed && !dismissed && dialog === null;
  useEffect(() => {
    if (!due) return;
    const wait = Math.max(0, offeredAt + INSTALL_PROMPT_DELAY_MS - performance.now());
    const timer = window.setTimeout(() => openInstallDialog({ reason: "offer" }), wait);
    return () => window.clearTimeout(timer);
  }, [due, offeredAt]);
}

/**
 * The install aids on every page, loaded after the page itself: the service worker, the `pwa_launch`
 * event, the install dialog, the home-screen banner and the update notice.
 */
export default function InstallAids() {
  const { standalone } = useAppInstallation();
  useAutomaticInstallOffer();

  useEffect(() => {
    startServiceWorker();
  }, []);

  useEffect(() => {
    recordPwaLaunch({
      standalone,
      storage: sessionStorageOrUndefined(),
      path: window.location.pathname,
      // The contract is imported only to send: the aids load on every page, and contracts bring zod.
      send: async (event) => call((await import("@common/api/events")).recordAppEvent, { body: event }),
    }).catch((error: unknown) => console.warn("TabVault: the app launch was not recorded", error));
  }, [standalone]);

  return (
    <>
      <InstallDialog />
      <div className="pointer-events-none fixed inset-x-0 bottom-0 z-40 flex flex-col items-center gap-3 p-4 sm:items-start">
        <UpdateNotice />
        <HomeScreenBanner />
      </div>
    </>
  );
}
