/**
 * How long an unlock may last, offered the same by the extension's options page (decision 225) and the web app's
 * Account page (decision 245); null: until the person locks.
 */
export const UNLOCK_PERIODS_MINUTES = [15, 60, 8 * 60, 24 * 60, null] as const;
export type UnlockPeriod = (typeof UNLOCK_PERIODS_MINUTES)[number];

/** The period offered first, so the one an unlock lasts unless the person picks another (decision 245). */
export const DEFAULT_UNLOCK_PERIOD: UnlockPeriod = UNLOCK_PERIODS_MINUTES[0];

/** The longest period that ends: no unlock this code makes ends further off (decision 245). */
export const LONGEST_UNLOCK_MS = Math.max(...UNLOCK_PERIODS_MINUTES.filter((minutes) => minutes !== null)) * 60_000;

/** The words both pages offer a period in. */
export function unlockPeriodLabel(minutes: UnlockPeriod): string {
  if (minutes === null) return "Until I lock it";
  return minutes < 60 ? `For ${minutes} minutes` : minutes === 60 ? "For 1 hour" : `For ${minutes / 60} hours`;
}

/** When an unlock made at `now` for `minutes` ends; null when it lasts until the person locks. */
export function unlockEnd(minutes: UnlockPeriod, now: number): number | null {
  return minutes === null ? null : now + minutes * 60_000;
}
