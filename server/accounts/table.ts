import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { deviceTokenScopes } from "@common/api/device-authorization";
import { planTypes } from "@common/plans";

const planTypeList = planTypes.map((plan) => `'${plan}'`).join(", ");
const scopeList = deviceTokenScopes.map((scope) => `'${scope}'`).join(", ");

/**
 * One row per person. Random uuids so ids in URLs and logs reveal neither order nor count.
 * Emails are stored trimmed and lower-cased; the unique index is what makes sign-up race-free.
 */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull().unique("users_email_unique"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    profileImageUrl: text("profile_image_url"),
    planType: text("plan_type", { enum: planTypes }).notNull().default("free"),
    /**
     * The paid plan ends then unless renewed (a one-time month, a subscription cancelled at period end);
     * null = free or a subscription that renews. Compared in memory whenever the account is loaded.
     */
    planExpiresAt: timestamp("plan_expires_at", { withTimezone: true }),
    /** Null until the person opens a link sent to the address. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }),
    /** Where the address was first captured (spec 1 §7 sources), for the admin's figures. */
    signupSource: text("signup_source"),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("users_plan_type_check", sql.raw(`plan_type in (${planTypeList})`)),
    index("users_created_at_idx").on(table.createdAt),
  ],
);
export type UserRow = typeof users.$inferSelect;

/** Sign-in links: only the SHA-256 of the token is kept, so a leaked table signs nobody in. */
export const signInTokens = pgTable(
  "sign_in_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** A same-origin path to land on after signing in. */
    nextPath: text("next_path"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("sign_in_tokens_user_id_created_at_idx").on(table.userId, table.createdAt)],
);

/**
 * Browser sessions of @fastify/session. The key is the SHA-256 of the session id, so the cookie
 * value is never stored; user_id lets "sign out everywhere" and account deletion end them all.
 */
export const userSessions = pgTable(
  "user_sessions",
  {
    idHash: text("id_hash").primaryKey(),
    /** The session's name on the Account page (to end it); the id hash never leaves the server. */
    id: uuid("id").notNull().defaultRandom().unique("user_sessions_id_unique"),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    data: jsonb("data").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last request with this session, written at most once a minute. */
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }),
  },
  (table) => [index("user_sessions_user_id_idx").on(table.userId), index("user_sessions_expires_at_idx").on(table.expiresAt)],
);

/**
 * Tokens the Windows and Android apps and the browser extension authenticate with; only the hash is
 * stored. `scope` limits what the token may do (server/devices/token-scopes.ts); tokens made before
 * scopes existed belong to the apps.
 */
export const deviceTokens = pgTable(
  "device_tokens",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull().unique("device_tokens_token_hash_unique"),
    scope: text("scope", { enum: deviceTokenScopes }).notNull().default("app"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (table) => [index("device_tokens_user_id_idx").on(table.userId), check("device_tokens_scope_check", sql.raw(`scope in (${scopeList})`))],
);
