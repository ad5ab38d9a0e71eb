import { sql } from "drizzle-orm";
import { bigserial, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { assignableTeamRoles, teamRoles } from "@common/api/teams";
import { users } from "../accounts/table";

const roleList = (roles: readonly string[]) => roles.map((role) => `'${role}'`).join(", ");

/** A team. Its plan is its owner's: deleting the owner's account ends the team. */
export const teams = pgTable("teams", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  ownerId: uuid("owner_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" })
    .unique("teams_owner_id_unique"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});

/**
 * Who belongs to which team, with what role. A person belongs to at most one team (the unique user_id):
 * that is what makes "the team's plan" and "the team's policy" one answer per person.
 */
export const teamMembers = pgTable(
  "team_members",
  {
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" })
      .unique("team_members_user_id_unique"),
    role: text("role", { enum: teamRoles }).notNull(),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.teamId, table.userId] }), check("team_members_role_check", sql.raw(`role in (${roleList(teamRoles)})`))],
);

/** Invitations by email; only the SHA-256 of the link's token is kept. A pending one holds a seat. */
export const teamInvitations = pgTable(
  "team_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role", { enum: assignableTeamRoles }).notNull(),
    tokenHash: text("token_hash").notNull().unique("team_invitations_token_hash_unique"),
    invitedBy: uuid("invited_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
  },
  (table) => [
    // One pending invitation per address and team: inviting again replaces the link instead of holding two seats.
    uniqueIndex("team_invitations_pending_email_idx").on(table.teamId, table.email).where(sql`accepted_at is null`),
    check("team_invitations_role_check", sql.raw(`role in (${roleList(assignableTeamRoles)})`)),
  ],
);

/**
 * What owners and admins did, for the owner to read. Emails are copied in, so an entry
 * still says who acted after that account is gone.
 */
export const teamAuditLog = pgTable(
  "team_audit_log",
  {
    /** In order of writing, so acts of one moment still read in the order they happened. */
    id: bigserial("id", { mode: "number" }).primaryKey(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    detail: text("detail").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (table) => [index("team_audit_log_team_id_at_idx").on(table.teamId, table.at)],
);
