import type { SessionStore } from "@fastify/session";
import { SESSION_LIFETIME_DAYS } from "@common/product";
import { and, eq, gt, lt, sql } from "drizzle-orm";
import type { Session } from "fastify";
import type { Database } from "../db/database";
import { preparedPerDatabase } from "../db/prepared";
import { tokenDigest } from "./secret-token";
import { type UserRow, users, userSessions } from "./table";

/**
 * Every request with a session cookie runs this, so it is prepared once. It brings the signed-in
 * account's row along, so a request costs one query rather than a session lookup and a user lookup.
 */
const sessionById = preparedPerDatabase((db) =>
  db
    .select({ data: userSessions.data, user: users, lastSeenAt: userSessions.lastSeenAt })
    .from(userSessions)
    .leftJoin(users, eq(users.id, userSessions.userId))
    .where(and(eq(userSessions.idHash, sql.placeholder("idHash")), gt(userSessions.expiresAt, sql`${sql.placeholder("now")}::timestamptz`)))
    .limit(1)
    .prepare("session_by_id"),
);

/** A session's last use is written at most this often. */
const lastSeenResolutionMs = 60_000;

/** How long a browser stays signed in without signing in again. */
export const sessionLifetimeMs = SESSION_LIFETIME_DAYS * 24 * 60 * 60_000;

/**
 * @fastify/session's store on our database, so any instance serves any signed-in request. Rows are
 * keyed by a digest of the session id; the session's own JSON (cookie settings and userId) is kept
 * as it is so the library restores exactly what it saved.
 */
export class DatabaseSessionStore implements SessionStore {
  constructor(
    private readonly db: Database,
    private readonly clock: () => Date,
    /** The app's clock, for a session's last use (the Account page's "last used"). */
    private readonly lastSeenClock: () => Date = clock,
  ) {}

  set(sessionId: string, session: Session, callback: (error?: unknown) => void): void {
    // The account row came with the session when it was read; it is the users table's, never stored here.
    const { account: _account, ...stored } = session;
    const data = JSON.parse(JSON.stringify(stored)) as Record<string, unknown>;
    const expires = session.cookie.expires ?? new Date(this.clock().getTime() + sessionLifetimeMs);
    const row = { data, userId: session.userId ?? null, expiresAt: expires };
    this.db
      .insert(userSessions)
      .values({ idHash: tokenDigest(sessionId), ...row })
      .onConflictDoUpdate({ target: userSessions.idHash, set: row })
      .then(() => callback(), callback);
  }

  get(sessionId: string, callback: (error: unknown, session?: Session | null) => void): void {
    const now = this.clock();
    const seen = this.lastSeenClock();
    const idHash = tokenDigest(sessionId);
    sessionById(this.db)
      .execute({ idHash, now: now.toISOString() })
      .then(async ([row]) => {
        if (row?.user && (!row.lastSeenAt || Math.abs(seen.getTime() - row.lastSeenAt.getTime()) > lastSeenResolutionMs)) {
          // "Last used" on the Account page: a write at most once a minute per signed-in session.
          await this.db.update(userSessions).set({ lastSeenAt: seen }).where(eq(userSessions.idHash, idHash));
        }
        callback(null, row ? ({ ...(row.data as Session), account: row.user ?? undefined } as Session) : null);
      })
      .catch(callback);
  }

  destroy(sessionId: string, callback: (error?: unknown) => void): void {
    this.db
      .delete(userSessions)
      .where(eq(userSessions.idHash, tokenDigest(sessionId)))
      .then(() => callback(), callback);
  }
}

/** A signed-in browser as the Account page lists it. */
export interface SignInSessionRow {
  id: string;
  description: string | null;
  createdAt: Date;
  lastSeenAt: Date | null;
  /** Whether this is the session of the request asking. */
  current: boolean;
}

/** The account's live browser sessions, the most recently used first. */
export async function signInSessionsOfUser(db: Database, userId: string, currentSignInSessionId: string | undefined, now: Date): Promise<SignInSessionRow[]> {
  const currentHash = currentSignInSessionId ? tokenDigest(currentSignInSessionId) : "";
  const rows = await db
    .select({
      id: userSessions.id,
      description: sql<string | null>`${userSessions.data}->>'device'`,
      createdAt: userSessions.createdAt,
      lastSeenAt: userSessions.lastSeenAt,
      current: sql<boolean>`${userSessions.idHash} = ${currentHash}`,
    })
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId), gt(userSessions.expiresAt, now)))
    .orderBy(sql`coalesce(${userSessions.lastSeenAt}, ${userSessions.createdAt}) desc`);
  return rows;
}

/** Ends one session of the account; false when the account has no such session. */
export async function destroySignInSessionOfUser(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(userSessions)
    .where(and(eq(userSessions.userId, userId), eq(userSessions.id, id)))
    .returning({ id: userSessions.id });
  return deleted.length > 0;
}

/** Ends every session of an account (after a sign-out everywhere or an account deletion). */
export async function destroySignInSessionsOfUser(db: Database, userId: string): Promise<void> {
  await db.delete(userSessions).where(eq(userSessions.userId, userId));
}

export async function pruneExpiredSignInSessions(db: Database, now: Date): Promise<void> {
  await db.delete(userSessions).where(lt(userSessions.expiresAt, now));
}

declare module "fastify" {
  interface Session {
    /** Set at sign-in; absent for an anonymous visitor. */
    userId?: string;
    /** "Chrome on Linux": the browser that signed in, for the Account page's list of sessions. */
    device?: string;
    /**
     * The account's row as read together with the session (one query for both), so the request
     * need not look the user up again; never written to the session store.
     */
    account?: UserRow;
  }
}
