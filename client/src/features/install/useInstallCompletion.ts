import { useEffect, useRef } from "react";
import { INSTALL_COMPLETION_DELAY_MS } from "./timings";

/** Spec 1 §4: once the browser reports the installation, the completion callback runs 2 s later. */
export function useInstallCompletion(installedThisVisit: boolean, onComplete: () => void): void {
  const callback = useRef(onComplete);
  useEffect(() => {
    callback.current = onComplete;
  });
  useEffect(() => {
    if (!installedThisVisit) return;
    const timer = window.setTimeout(() => callback.current(), INSTALL_COMPLETION_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [installedThisVisit]);
}
