import type { SystemLogLevel } from "@common/api/system-log";
import type { Database } from "../db/database";
import { systemLogs } from "./table";

/** Longer messages (a stack trace pasted by accident) are cut so one entry cannot bloat the table. */
export const maxSystemLogMessageLength = 4000;

/**
 * Records a notable event (sign-up, payment, download, unhandled error) for the admin viewer.
 * Never throws: losing a log line must not fail the request that caused it. Resolves to whether the
 * line was stored.
 */
export async function appendSystemLog(
  db: Database,
  level: SystemLogLevel,
  message: string,
  onFailure?: (error: unknown) => void,
): Promise<boolean> {
  try {
    await db.insert(systemLogs).values({ level, message: message.slice(0, maxSystemLogMessageLength) });
    return true;
  } catch (error) {
    onFailure?.(error);
    return false;
  }
}
