import type { ExtensionLiveState } from "@common/extension-bridge";
import { useEffect, useState } from "react";
import { askLiveState } from "@/features/extension-bridge/bridge";

/** How often the blocker page asks the extension again while the page is shown, as the popup does. */
export const LIVE_STATE_REFRESH_MS = 2000;

/**
 * The TabVault extension's live state in this browser, asked again every {@link LIVE_STATE_REFRESH_MS} while the
 * page is visible: undefined until the first answer (or silence), null when no extension answers.
 */
export function useExtensionLiveState(): ExtensionLiveState | null | undefined {
  const [state, setState] = useState<ExtensionLiveState | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    const refresh = () => {
      if (document.visibilityState !== "visible") return;
      void askLiveState().then((answer) => {
        if (current) setState(answer);
      });
    };
    refresh();
    const timer = window.setInterval(refresh, LIVE_STATE_REFRESH_MS);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      current = false;
      window.clearInterval(timer);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, []);
  return state;
}
