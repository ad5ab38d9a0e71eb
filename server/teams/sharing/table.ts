import { foreignKey, index, pgTable, timestamp, uuid } from "drizzle-orm/pg-core";
import { savedSessions } from "../../backups/table";
import { teamMembers } from "../table";

/**
 * A backup shared with its owner's team (decision 190). The backup's row is the share's key: deleting the backup
 * ends the share, and the (team_id, shared_by) key of the sharer's membership cascades too, so a sharer who leaves
 * or is removed takes their shares out of the team in the same statement, and a deleted team takes them all.
 */
export const teamSharedBackups = pgTable(
  "team_shared_sessions",
  {
    sessionId: uuid("session_id")
      .primaryKey()
      .references(() => savedSessions.id, { onDelete: "cascade" }),
    teamId: uuid("team_id").notNull(),
    sharedBy: uuid("shared_by").notNull(),
    sharedAt: timestamp("shared_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    foreignKey({ name: "team_shared_sessions_membership_fk", columns: [table.teamId, table.sharedBy], foreignColumns: [teamMembers.teamId, teamMembers.userId] }).onDelete(
      "cascade",
    ),
    index("team_shared_sessions_team_id_shared_at_idx").on(table.teamId, table.sharedAt.desc()),
    index("team_shared_sessions_shared_by_idx").on(table.teamId, table.sharedBy),
  ],
);
