import { useEffect } from "react";
import { currentHashTarget, scrollToElement } from "@/lib/sections";

/**
 * Scrolls to the section a link named (e.g. /documentation#troubleshooting) once the screen has rendered:
 * wouter navigates with pushState and the screen loads lazily, so the browser's own jump to the hash
 * finds no element yet.
 */
export function useScrollToHashOnArrival(): void {
  useEffect(() => {
    const target = currentHashTarget();
    if (!target) return;
    const frame = window.requestAnimationFrame(() => scrollToElement(target));
    return () => window.cancelAnimationFrame(frame);
  }, []);
}
