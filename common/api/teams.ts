import { z } from "zod";
import { emailAddressSchema } from "./accounts";
import { defineEndpoint } from "./endpoint";
import { errorResponseSchema } from "./errors";
import { oneLineText, text } from "./text";

/**
 * Teams (decisions 195–199): a Premium account creates a team, invites people by email, sets roles;
 * members get the team's plan while they belong to it. Every team route is the web app's (sign-in session):
 * a device token never manages a team.
 */

export const teamRoles = ["owner", "admin", "member"] as const;
export type TeamRole = (typeof teamRoles)[number];
/** Roles an invitation or a role change can give: there is one owner, the team's creator. */
export const assignableTeamRoles = ["admin", "member"] as const;
export type AssignableTeamRole = (typeof assignableTeamRoles)[number];

/** Whether a role may act on (remove, change, disconnect) a member with another role: the owner on anyone else, admins on members. */
export function mayManageTeamMember(actor: TeamRole, target: TeamRole): boolean {
  if (actor === "owner") return target !== "owner";
  return actor === "admin" && target === "member";
}

export const TEAM_LIMITS = {
  nameLength: 60,
  /** An invitation link works this long, once. */
  invitationDays: 7,
  /** The audit log answers this many of the newest entries. */
  auditEntries: 200,
} as const;

export const teamNameSchema = oneLineText({ message: "Enter a team name" })
  .trim()
  .min(1, "Enter a team name")
  .max(TEAM_LIMITS.nameLength, `A team name has at most ${TEAM_LIMITS.nameLength} characters`);

const roleSchema = z.enum(assignableTeamRoles, { message: "role must be 'admin' or 'member'" });
const userIdParams = z.object({ userId: z.uuid({ message: "Not a member id" }) });

export const teamMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: z.enum(teamRoles),
  joinedAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(assignableTeamRoles),
  invitedBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;

export const teamSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The team's plan, its owner's: what every member gets while they belong to it. */
  planType: z.enum(["free", "basic", "pro", "premium"]),
  seats: z.number().int(),
  /** Members and pending invitations: each holds a seat. */
  seatsUsed: z.number().int(),
  myRole: z.enum(teamRoles),
  members: z.array(teamMemberSchema),
  /** Pending invitations; empty for a member (only owners and admins see them). */
  invitations: z.array(teamInvitationSchema),
  createdAt: z.string(),
});
export type Team = z.infer<typeof teamSchema>;

export const myTeamSchema = z.object({ team: teamSchema.nullable() });

export const teamDeviceSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.string(),
  lastUsedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TeamDevice = z.infer<typeof teamDeviceSchema>;

export const teamAuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  /** What the act was about, in words: "bo@example.com as admin", "Work laptop of bo@example.com". */
  detail: z.string(),
});
export type TeamAuditEntry = z.infer<typeof teamAuditEntrySchema>;

export const invitationPreviewSchema = z.object({
  teamName: z.string(),
  email: z.string(),
  role: z.enum(assignableTeamRoles),
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
  /** The address has an account already: joining needs a normal sign-in to it first (decision 215). */
  hasAccount: z.boolean(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** The secret of an invitation link: what `newSecretToken` makes (base64url). */
const invitationTokenSchema = text({ message: "token is required" })
  .min(1, "token is required")
  .max(100, "token is too long")
  .regex(/^[A-Za-z0-9_-]+$/, "token is not an invitation token");

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** GET: the caller's team, or `{ team: null }`. */
export const getMyTeam = defineEndpoint({
  method: "GET",
  path: "/api/team",
  responses: { 200: myTeamSchema, ...errors },
});

/** POST: creates a team with the caller as its owner. Premium; one team per person. */
export const createTeam = defineEndpoint({
  method: "POST",
  path: "/api/team",
  body: z.strictObject({ name: teamNameSchema }),
  responses: { 201: myTeamSchema, ...errors, 409: errorResponseSchema },
});

/** DELETE: the owner ends the team; every member leaves it at once. */
export const deleteTeam = defineEndpoint({
  method: "DELETE",
  path: "/api/team",
  responses: { 204: z.null(), ...errors, 404: errorResponseSchema },
});

/** POST: owners and admins invite an address; the link is mailed to it. Each invitation holds a seat. */
export const inviteTeamMember = defineEndpoint({
  method: "POST",
  path: "/api/team/invitations",
  body: z.strictObject({ email: emailAddressSchema, role: roleSchema.default("member") }),
  responses: { 201: teamInvitationSchema, ...errors, 404: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema },
});

/** DELETE: owners and admins cancel a pending invitation; its link stops working. */
export const cancelTeamInvitation = defineEndpoint({
  method: "DELETE",
  path: "/api/team/invitations/:id",
  params: z.object({ id: z.uuid({ message: "Not an invitation id" }) }),
  responses: { 204: z.null(), ...errors, 404: errorResponseSchema },
});

/** POST: what an invitation link offers, without spending it (the join page shows it). The token is the capability. */
export const describeTeamInvitation = defineEndpoint({
  method: "POST",
  path: "/api/team/invitations/describe",
  body: z.strictObject({ token: invitationTokenSchema }),
  responses: { 200: invitationPreviewSchema, 400: errorResponseSchema, 404: errorResponseSchema },
});

/**
 * POST: accepts an invitation with the person's own click on the join page and joins. Signed in, only as the
 * invited address (409 otherwise). Signed out, it makes the address's account and signs in to it only when there
 * is none; an account that exists is answered 401: sign in to it normally first (decision 215).
 */
export const acceptTeamInvitation = defineEndpoint({
  method: "POST",
  path: "/api/team/invitations/accept",
  body: z.strictObject({ token: invitationTokenSchema }),
  responses: { 200: myTeamSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
});

/** PATCH: the owner makes a member an admin or an admin a member. */
export const changeTeamMemberRole = defineEndpoint({
  method: "PATCH",
  path: "/api/team/members/:userId",
  params: userIdParams,
  body: z.strictObject({ role: roleSchema }),
  responses: { 200: teamMemberSchema, ...errors, 404: errorResponseSchema },
});

/** DELETE: owners remove anyone else, admins remove members; a member removes themself (leaves). */
export const removeTeamMember = defineEndpoint({
  method: "DELETE",
  path: "/api/team/members/:userId",
  params: userIdParams,
  responses: { 204: z.null(), ...errors, 404: errorResponseSchema },
});

/** GET: a member's connected browsers and apps, for whoever may manage that member (`mayManageTeamMember`): the owner anyone else's, an admin members' only. */
export const listTeamMemberDevices = defineEndpoint({
  method: "GET",
  path: "/api/team/members/:userId/devices",
  params: userIdParams,
  responses: { 200: z.array(teamDeviceSchema), ...errors, 404: errorResponseSchema },
});

/** DELETE: owners and admins disconnect one of a member's browsers; its token stops working at once. */
export const revokeTeamMemberDevice = defineEndpoint({
  method: "DELETE",
  path: "/api/team/members/:userId/devices/:deviceId",
  params: userIdParams.extend({ deviceId: z.uuid({ message: "Not a device id" }) }),
  responses: { 204: z.null(), ...errors, 404: errorResponseSchema },
});

/** GET: the owner reads what owners and admins did, newest first. */
export const getTeamAuditLog = defineEndpoint({
  method: "GET",
  path: "/api/team/audit-log",
  responses: { 200: z.array(teamAuditEntrySchema), ...errors, 404: errorResponseSchema },
});
