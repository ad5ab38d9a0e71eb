import { z } from "zod";

/** The largest value of a PostgreSQL `integer` column (32-bit signed). */
export const INTEGER_COLUMN_MAX = 2_147_483_647;
export const INTEGER_COLUMN_MIN = -2_147_483_648;

/** The latest instant a JavaScript Date can hold (year 275760), well inside PostgreSQL's timestamptz. */
export const EPOCH_MILLISECONDS_MAX = 8_640_000_000_000_000;

/** A whole number that fits an `integer` column, optionally narrowed further. */
export function columnInteger(bounds: { min?: number; max?: number } = {}) {
  return z
    .number()
    .int()
    .min(Math.max(bounds.min ?? INTEGER_COLUMN_MIN, INTEGER_COLUMN_MIN))
    .max(Math.min(bounds.max ?? INTEGER_COLUMN_MAX, INTEGER_COLUMN_MAX));
}

/**
 * An id a browser gives a window, tab or tab group within one snapshot. Chromium's fit 32 bits, Firefox numbers tab
 * groups from the clock (1795796649175092), so any safe integer is taken and stored as `bigint` (decision 202).
 */
export const browserId = z.number().int();

/** A moment as milliseconds since 1970, as the apps send it; stored as timestamptz. */
export const epochMilliseconds = z.number().int().nonnegative().max(EPOCH_MILLISECONDS_MAX);
