import { eq, sql } from "drizzle-orm";
import type { AuthUser, SignupSource } from "@common/api/accounts";
import type { Database } from "../db/database";
import { preparedPerDatabase } from "../db/prepared";
import { appendSystemLog } from "../system-log/append";
import { type UserRow, users } from "./table";

export function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return db.query.users.findFirst({ where: eq(users.email, email) });
}

const userById = preparedPerDatabase((db) =>
  db.select().from(users).where(eq(users.id, sql.placeholder("id"))).limit(1).prepare("user_by_id"),
);

/** On every signed-in request, so prepared once rather than built each time. */
export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [row] = await userById(db).execute({ id });
  return row;
}

/**
 * The account for an email, created on the free plan when there is none. Concurrent calls for one
 * address meet at the unique index, so exactly one row exists afterwards; `created` says whether
 * this call made it.
 */
export async function findOrCreateUser(
  db: Database,
  email: string,
  signupSource: SignupSource | "free_signup_dialog" | "payment_page" | null,
): Promise<{ user: UserRow; created: boolean }> {
  const [inserted] = await db
    .insert(users)
    .values({ email, signupSource })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (inserted) {
    // The admin's log shows every sign-up, whichever form or page made the account.
    await appendSystemLog(db, "success", `Sign-up: ${email} (${signupSource ?? "sign-in link"})`);
    return { user: inserted, created: true };
  }
  const existing = await findUserByEmail(db, email);
  if (!existing) throw new Error(`user ${email} vanished between insert and select`);
  return { user: existing, created: false };
}

/**
 * Called when a link sent to the address is opened: proves the address and records the sign-in. Both times
 * come from the same `now`, so on the account's first sign-in they are equal (see isFirstSignIn).
 */
export async function recordSignIn(db: Database, userId: string, now: Date): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      lastSignInAt: now,
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

export async function updateNames(
  db: Database,
  userId: string,
  names: { firstName?: string | null; lastName?: string | null },
  now: Date,
): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...names, updatedAt: now })
    .where(eq(users.id, userId))
    .returning();
  return row;
}

/**
 * The account has signed in once: the only place the address is proved is recordSignIn, which sets the
 * verification time once and the sign-in time on every sign-in, from the same clock reading.
 */
export function isFirstSignIn(user: Pick<UserRow, "emailVerifiedAt" | "lastSignInAt">): boolean {
  return user.lastSignInAt !== null && user.emailVerifiedAt !== null && user.lastSignInAt.getTime() === user.emailVerifiedAt.getTime();
}

/** The API's view of an account; admin rights come from ADMIN_EMAILS, never from the row. */
export function toAuthUser(user: UserRow, isAdmin: boolean, team: AuthUser["team"] = null): AuthUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    isAdmin,
    planType: user.planType,
    planExpiresAt: user.planExpiresAt?.toISOString() ?? null,
    emailVerified: user.emailVerifiedAt !== null,
    firstSignIn: isFirstSignIn(user),
    createdAt: user.createdAt.toISOString(),
    team,
  };
}

/**
 * Deletes the account row; every table that belongs to the account goes with it by its foreign key
 * (sessions, tokens, backups, settings, events, subscriptions), and payments keep their record with
 * the user id set to null (decision 136).
 */
export async function deleteUser(db: Pick<Database, "delete">, userId: string): Promise<boolean> {
  const deleted = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return deleted.length > 0;
}
