import type { ActionAnswer, ActionKind, Status } from "../messages";

/** What the popup says after one of its buttons: the answer, and the connection it was said about. */
export interface Notice {
  ok: boolean;
  message: string;
  /** The connection when it was said (`connectionKey`); null until the popup has read the status after the action. */
  connection: string | null;
}

/**
 * Actions whose work the popup shows by itself once started: a restore's progress, the code to confirm in the
 * connection section. Only their refusals are said as a notice, so no "Confirm the code …" outlives the pairing.
 */
const SHOWN_BY_THEIR_SECTION: ReadonlySet<ActionKind> = new Set<ActionKind>(["restore-backup", "restore-emergency", "restore-open-tabs", "restore-last-run", "connect"]);

export function noticeAfter(kind: ActionKind, answer: ActionAnswer | undefined): Notice | null {
  if (!answer) return { ok: false, message: "The extension did not answer.", connection: null };
  if (answer.ok && SHOWN_BY_THEIR_SECTION.has(kind)) return null;
  return { ...answer, connection: null };
}

/** What of the status tells whether the connection moved on. */
export type ConnectionFacts = Pick<Status, "connection" | "pairing">;

/** The connection as the notices see it: its state and the pairing under way, if any. */
export function connectionKey(status: ConnectionFacts): string {
  return `${status.connection.state}:${status.pairing?.userCode ?? ""}`;
}

/** A notice said about a connection that has since moved on (connected, disconnected, a pairing begun or ended) is stale. */
export function noticeStillTrue(notice: Notice | null, status: ConnectionFacts): Notice | null {
  if (!notice) return null;
  if (notice.connection === null) return { ...notice, connection: connectionKey(status) };
  return notice.connection === connectionKey(status) ? notice : null;
}
