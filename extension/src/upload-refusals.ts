import type { QueueEntry, RefusalContext } from "./db";

/** What became of one queued backup in a flush: the server's receipt, its refusal, or why it still waits. */
export type UploadOutcome =
  | { state: "uploaded"; message: string }
  | { state: "refused"; status: number; message: string }
  | { state: "waiting"; message: string | null };

/** The fields of a refusal's context, each of which may change the server's answer (decision 206). */
const CONTEXT_FIELDS = ["extensionVersion", "serverVersion", "planType", "deviceId"] as const satisfies readonly (keyof RefusalContext)[];

/**
 * Whether a refused entry should be sent again without the person asking: something its refusal may depend on has
 * changed since (decision 206). A field counts only when both values are known, so not having read the server's version
 * yet is no change. An entry refused before refusals were recorded is sent again once: this update is the change.
 */
export function refusalMayNoLongerHold(entry: QueueEntry, now: RefusalContext): boolean {
  if (entry.state !== "refused") return false;
  if (!entry.refusal) return true;
  const then = entry.refusal.context;
  if (!then) return false;
  return CONTEXT_FIELDS.some((field) => then[field] !== null && now[field] !== null && then[field] !== now[field]);
}

/** A refused entry's reason as the server gave it (an entry refused before reasons were recorded: its last error). */
export function refusalShown(entry: QueueEntry): { status: number; message: string; at: number } | null {
  if (entry.state !== "refused") return null;
  if (entry.refusal) return { status: entry.refusal.status, message: entry.refusal.message, at: entry.refusal.at };
  return { status: 0, message: entry.lastError ?? "Refused by the server.", at: entry.createdAt };
}

/** The entry as the server last left it: waiting (with its last error) or refused (with the reason). */
export function outcomeOfEntry(entry: QueueEntry): UploadOutcome {
  const refusal = refusalShown(entry);
  return refusal ? { state: "refused", status: refusal.status, message: refusal.message } : { state: "waiting", message: entry.lastError };
}
