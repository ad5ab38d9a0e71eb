import { z } from "zod";
import { epochMilliseconds } from "./integers";

/**
 * Explicit payload limits of the backup and protection endpoints; past them the server answers 400
 * or 413. Shared by `backups.ts` and `protection.ts`, so neither has to import the other for them.
 */
export const BACKUP_LIMITS = {
  tabsPerBackup: 500,
  appsPerBackup: 200,
  urlLength: 2048,
  titleLength: 500,
  formFieldsPerTab: 100,
  formFieldNameLength: 200,
  formValueLength: 10_000,
  backupNameLength: 200,
  deviceNameLength: 200,
  /** Bytes of one request body on the protection API. */
  bodyBytes: 1024 * 1024,
} as const;

/** A moment as the apps send it: ISO 8601 with an offset, or epoch milliseconds. */
export const clientTimestampSchema = z.union([z.iso.datetime({ offset: true }), epochMilliseconds]);
