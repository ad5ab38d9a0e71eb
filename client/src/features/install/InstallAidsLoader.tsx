import { lazy, Suspense, useEffect, useState } from "react";
import { useInstallState } from "./install-state";

const InstallAids = lazy(() => import("./InstallAids"));

/** Calls back once the page has loaded and the browser is idle, so the install aids never compete with it. */
function afterPageLoad(callback: () => void): () => void {
  let cancelled = false;
  let idle: number | undefined;
  // Safari has no requestIdleCallback.
  const hasIdleCallback = typeof window.requestIdleCallback === "function";
  const run = () => {
    if (cancelled) return;
    if (hasIdleCallback) idle = window.requestIdleCallback(callback, { timeout: 2_000 });
    else idle = window.setTimeout(callback, 200);
  };
  if (document.readyState === "complete") run();
  else window.addEventListener("load", run, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", run);
    if (idle === undefined) return;
    if (hasIdleCallback) window.cancelIdleCallback(idle);
    else window.clearTimeout(idle);
  };
}

/**
 * Keeps the install aids out of the first download (the landing page's 150 KB budget): they load once the
 * page is idle, or at once when something asks for the install dialog.
 */
export function InstallAidsLoader() {
  const { dialog } = useInstallState();
  const [idle, setIdle] = useState(false);
  useEffect(() => afterPageLoad(() => setIdle(true)), []);
  if (!idle && dialog === null) return null;
  return (
    <Suspense fallback={null}>
      <InstallAids />
    </Suspense>
  );
}
