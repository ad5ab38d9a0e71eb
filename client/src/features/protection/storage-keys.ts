import { PRODUCT_SLUG } from "@common/product";

/** The browser storage keys of spec 2 §3, `{product}_…`. */
export const storageKeys = {
  mode: `${PRODUCT_SLUG}_protection_mode`,
  enabled: `${PRODUCT_SLUG}_protection_enabled`,
  autoBackup: `${PRODUCT_SLUG}_auto_backup`,
  cloudSync: `${PRODUCT_SLUG}_cloud_sync`,
  recentTabs: `${PRODUCT_SLUG}_recent_tabs`,
  blockedAttempts: `${PRODUCT_SLUG}_blocked_attempts`,
} as const;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage may be full or disabled; the server keeps the settings that matter.
  }
}

export interface LocalProtection {
  mode: "block" | "backup";
  /** spec 2 §3: true unless the stored text is "false". */
  enabled: boolean;
  autoBackup: boolean;
  cloudSync: boolean;
}

/** Block and backup are two modes: the page stops Clear All only when on in Block mode. */
export function isBlocking(protection: Pick<LocalProtection, "enabled" | "mode">): boolean {
  return protection.enabled && protection.mode === "block";
}

export function readLocalProtection(): LocalProtection {
  return {
    mode: read(storageKeys.mode) === "backup" ? "backup" : "block",
    enabled: read(storageKeys.enabled) !== "false",
    autoBackup: read(storageKeys.autoBackup) === "true",
    cloudSync: read(storageKeys.cloudSync) === "true",
  };
}

export function writeLocalProtection(settings: Partial<LocalProtection>): void {
  if (settings.mode !== undefined) write(storageKeys.mode, settings.mode);
  if (settings.enabled !== undefined) write(storageKeys.enabled, String(settings.enabled));
  if (settings.autoBackup !== undefined) write(storageKeys.autoBackup, String(settings.autoBackup));
  if (settings.cloudSync !== undefined) write(storageKeys.cloudSync, String(settings.cloudSync));
  window.dispatchEvent(new Event(localProtectionChanged));
}

/** Fired on window when the local protection settings change, so every screen shows the same state. */
export const localProtectionChanged = "tabvault:protection-changed";

export function readBlockedAttempts(): number {
  const value = Number(read(storageKeys.blockedAttempts));
  return Number.isInteger(value) && value > 0 ? value : 0;
}

export function writeBlockedAttempts(count: number): void {
  write(storageKeys.blockedAttempts, String(count));
  window.dispatchEvent(new Event(localProtectionChanged));
}

export function readJson<T>(key: string, fallback: T): T {
  const text = read(key);
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function writeJson(key: string, value: unknown): void {
  write(key, JSON.stringify(value));
}
