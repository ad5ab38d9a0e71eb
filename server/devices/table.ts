import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { devicePlatforms, deviceTokenScopes } from "@common/api/device-authorization";
import { users } from "../accounts/table";

const listOf = (values: readonly string[]) => values.map((value) => `'${value}'`).join(", ");
export const deviceAuthorizationStatuses = ["pending", "approved", "denied"] as const;

/**
 * Pairing requests of the device-authorization flow (RFC 8628), each alive for 10 minutes. Only the
 * SHA-256 of the device code is kept: a leaked table cannot be polled for a token. Rows go when the
 * device collects its token, and expired ones are pruned whenever a new pairing starts.
 */
export const deviceAuthorizations = pgTable(
  "device_authorizations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deviceCodeHash: text("device_code_hash").notNull().unique("device_authorizations_device_code_hash_unique"),
    /** Eight letters without dash; unique among the rows not yet pruned, which are the live ones. */
    userCode: text("user_code").notNull().unique("device_authorizations_user_code_unique"),
    clientName: text("client_name").notNull(),
    platform: text("platform", { enum: devicePlatforms }).notNull(),
    scope: text("scope", { enum: deviceTokenScopes }).notNull(),
    status: text("status", { enum: deviceAuthorizationStatuses }).notNull().default("pending"),
    /** Who approved (or denied) it: the token goes to this account, and only this account sees the decided request. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** Seconds the device must wait between polls; slow_down raises it. */
    interval: integer("interval").notNull(),
    lastPolledAt: timestamp("last_polled_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    index("device_authorizations_expires_at_idx").on(table.expiresAt),
    check("device_authorizations_status_check", sql.raw(`status in (${listOf(deviceAuthorizationStatuses)})`)),
    check("device_authorizations_platform_check", sql.raw(`platform in (${listOf(devicePlatforms)})`)),
    check("device_authorizations_scope_check", sql.raw(`scope in (${listOf(deviceTokenScopes)})`)),
  ],
);
export type DeviceAuthorizationRow = typeof deviceAuthorizations.$inferSelect;
