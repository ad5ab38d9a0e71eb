import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { automaticBackupIntervals, formCapturePolicies, protectionModes } from "@common/api/protection";
import { users } from "../../accounts/table";
import { teams } from "../table";

const list = (values: readonly (string | number)[]) => values.map((value) => (typeof value === "number" ? String(value) : `'${value}'`)).join(", ");

/**
 * A team's policy (decision 185): one row per team once an owner or admin saves one; absent, or
 * a column null, means the team leaves that item to each member.
 */
export const teamPolicies = pgTable(
  "team_policies",
  {
    teamId: uuid("team_id")
      .primaryKey()
      .references(() => teams.id, { onDelete: "cascade" }),
    protectionMode: text("protection_mode", { enum: protectionModes }),
    automaticBackupMinutes: integer("automatic_backup_minutes"),
    neverCapturedSites: text("never_captured_sites").array().notNull().default(sql`'{}'::text[]`),
    formCapture: text("form_capture", { enum: formCapturePolicies }),
    updatedBy: uuid("updated_by").references(() => users.id, { onDelete: "set null" }),
    updatedByEmail: text("updated_by_email"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  () => [
    check("team_policies_protection_mode_check", sql.raw(`protection_mode in (${list(protectionModes)})`)),
    check("team_policies_automatic_backup_minutes_check", sql.raw(`automatic_backup_minutes in (${list(automaticBackupIntervals)})`)),
    check("team_policies_form_capture_check", sql.raw(`form_capture in (${list(formCapturePolicies)})`)),
  ],
);
