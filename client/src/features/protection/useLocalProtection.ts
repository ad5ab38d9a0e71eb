import { useSyncExternalStore } from "react";
import { type LocalProtection, localProtectionChanged, readBlockedAttempts, readLocalProtection } from "./storage-keys";

function subscribe(onChange: () => void): () => void {
  window.addEventListener(localProtectionChanged, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(localProtectionChanged, onChange);
    window.removeEventListener("storage", onChange);
  };
}

let cached: (LocalProtection & { blockedAttempts: number }) | undefined;
let cachedKey = "";

function snapshot(): LocalProtection & { blockedAttempts: number } {
  const next = { ...readLocalProtection(), blockedAttempts: readBlockedAttempts() };
  const key = JSON.stringify(next);
  if (key !== cachedKey) {
    cached = next;
    cachedKey = key;
  }
  return cached!;
}

/** The protection state the blocker acts on (browser storage), kept live across screens and tabs. */
export function useLocalProtection(): LocalProtection & { blockedAttempts: number } {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
