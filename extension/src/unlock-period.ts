/** How long an unlock may last, as the options page offers it (decision 225); null: until the person locks. */
export const UNLOCK_PERIODS_MINUTES = [15, 60, 8 * 60, 24 * 60, null] as const;
export type UnlockPeriod = (typeof UNLOCK_PERIODS_MINUTES)[number];

/** The options page's words for a period. */
export function unlockPeriodLabel(minutes: UnlockPeriod): string {
  if (minutes === null) return "Until I lock it";
  return minutes < 60 ? `For ${minutes} minutes` : minutes === 60 ? "For 1 hour" : `For ${minutes / 60} hours`;
}
