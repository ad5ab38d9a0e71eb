import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  acceptTeamInvitation,
  cancelTeamInvitation,
  changeTeamMemberRole,
  createTeam,
  deleteTeam,
  describeTeamInvitation,
  getMyTeam,
  getTeamAuditLog,
  inviteTeamMember,
  listTeamMemberDevices,
  mayManageTeamMember,
  removeTeamMember,
  revokeTeamMemberDevice,
  TEAM_LIMITS,
  type TeamMember,
} from "@common/api/teams";
import { catalogueFeatureNeedsPlanMessage, planHasFeature } from "@common/plan-catalogue";
import { type Account, refuseDeviceTokens, requireSignInSession, signedInAccount } from "../accounts/authentication";
import { describeBrowser } from "../accounts/browser-description";
import { findOrCreateUser, recordSignIn } from "../accounts/users";
import type { Database } from "../db/database";
import { endpointRoute } from "../http/endpoint-route";
import type { Mailer } from "../mail/mailer";
import { teamInvitationMessage } from "../mail/messages";
import { rateLimitGuard } from "../rate-limits/rate-limits";
import { readTeamAudit } from "./audit-log";
import { acceptInvitation, cancelInvitation, describeInvitation, invitationEmail, inviteToTeam } from "./invitations";
import { memberDevices, revokeMemberDevice } from "./member-devices";
import { changeMemberRole, createTeamFor, deleteTeamOf, findTeamMember, removeMember, teamView } from "./teams";
import { type TeamMembership, teamMembershipOf, teamSeats } from "./team-membership";
import { TeamRefusedError } from "./team-refusal";

const notInTeam = "You are not in a team.";
const managersOnly = "Only the team's owner and admins can do this.";
const ownerOnly = "Only the team's owner can do this.";
const memberNotFound = "No such member in your team.";
const signInToJoin = (email: string) => `${email} has a TabVault account already: sign in to it, then join from this link.`;
const invitationInvalid = { message: "This invitation link is not valid any more: it was used, cancelled or has expired. Ask for a new one." };

/**
 * Teams: create, invite by email, join through the mailed link, roles, removal,
 * members' browsers and the audit log. Every route reads the caller's membership from the database on this
 * request, so a removed member or a demoted admin is refused from the next request on.
 */
export const teamRoutes: FastifyPluginAsyncZod<{ db: Database; mailer: Mailer; publicUrl: string }> = async (app, { db, mailer, publicUrl }) => {
  const limitInvitations = rateLimitGuard(app, [
    {
      name: "team-invitations",
      max: 30,
      windowMs: 60 * 60_000,
      key: (request) => request.account?.user.id ?? null,
      message: (wait) => `Too many invitations sent. Try again in ${wait}.`,
    },
  ]);

  const actor = (account: Account) => ({ id: account.user.id, email: account.user.email });

  /** The caller's membership; refused with 404 outside a team. */
  async function membershipOf(request: FastifyRequest): Promise<TeamMembership> {
    const membership = await teamMembershipOf(db, signedInAccount(request).user.id, app.clock());
    if (!membership) throw new TeamRefusedError(notInTeam, 404);
    return membership;
  }

  /** The caller's membership when they are its owner or an admin and the team's plan includes teams; refused with 403 otherwise. */
  async function managerOf(request: FastifyRequest): Promise<TeamMembership> {
    const membership = await membershipOf(request);
    if (membership.role === "member") throw new TeamRefusedError(managersOnly, 403);
    if (!planHasFeature(membership.planType, "teamManagement")) {
      throw new TeamRefusedError(`The team's owner is no longer on Premium: ${catalogueFeatureNeedsPlanMessage("teamManagement", membership.planType)}`, 403);
    }
    return membership;
  }

  /** A member of the caller's team the caller may act on; refused with 404 or 403 otherwise. */
  async function managedMember(membership: TeamMembership, userId: string): Promise<TeamMember> {
    const member = await findTeamMember(db, membership.teamId, userId);
    if (!member) throw new TeamRefusedError(memberNotFound, 404);
    if (!mayManageTeamMember(membership.role, member.role)) {
      throw new TeamRefusedError(membership.role === "admin" ? "Admins act on members only; ask the team's owner." : managersOnly, 403);
    }
    return member;
  }

  app.route({
    ...endpointRoute(getMyTeam),
    onRequest: requireSignInSession,
    handler: async (request) => {
      const membership = await teamMembershipOf(db, signedInAccount(request).user.id, app.clock());
      return { team: membership ? await teamView(db, membership, app.clock()) : null };
    },
  });

  app.route({
    ...endpointRoute(createTeam),
    onRequest: requireSignInSession,
    handler: async (request, reply) => {
      const account = signedInAccount(request);
      if (!planHasFeature(account.ownPlanType, "teamManagement")) {
        return reply.code(403).send({ message: catalogueFeatureNeedsPlanMessage("teamManagement", account.ownPlanType) });
      }
      const teamId = await createTeamFor(db, actor(account), request.body.name, app.clock());
      if (!teamId) return reply.code(409).send({ message: "You are in a team already: leave it before creating one." });
      request.log.info({ teamId }, "team created");
      const membership = await teamMembershipOf(db, account.user.id, app.clock());
      if (!membership) throw new Error("the new team has no owner");
      return reply.code(201).send({ team: await teamView(db, membership, app.clock()) });
    },
  });

  app.route({
    ...endpointRoute(deleteTeam),
    onRequest: requireSignInSession,
    handler: async (request, reply) => {
      const membership = await membershipOf(request);
      if (membership.role !== "owner") throw new TeamRefusedError(ownerOnly, 403);
      await deleteTeamOf(db, membership.teamId);
      request.log.info({ teamId: membership.teamId }, "team deleted");
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...endpointRoute(inviteTeamMember),
    onRequest: requireSignInSession,
    preHandler: limitInvitations,
    handler: async (request, reply) => {
      const account = signedInAccount(request);
      const membership = await managerOf(request);
      if (request.body.role === "admin" && membership.role !== "owner") return reply.code(403).send({ message: "Only the team's owner can invite admins." });
      const outcome = await inviteToTeam(db, {
        teamId: membership.teamId,
        seats: teamSeats(membership.planType),
        actor: actor(account),
        email: request.body.email,
        role: request.body.role,
        now: app.clock(),
      });
      if (outcome.kind === "already-member") return reply.code(409).send({ message: `${request.body.email} is in the team already.` });
      if (outcome.kind === "no-seat") {
        return reply.code(409).send({ message: `All ${teamSeats(membership.planType)} seats are taken (members and pending invitations). Remove someone or cancel an invitation first.` });
      }
      // The token travels in the fragment: never in a server log or a Referer.
      const link = `${publicUrl}/team/join#${new URLSearchParams({ token: outcome.token })}`;
      try {
        await mailer.send({
          to: request.body.email,
          ...teamInvitationMessage({ link, teamName: membership.teamName, invitedBy: account.user.email, daysValid: TEAM_LIMITS.invitationDays }),
        });
      } catch (error) {
        request.log.error({ err: error }, "team invitation mail could not be sent");
        // No seat is held by an invitation nobody received.
        await cancelInvitation(db, membership.teamId, outcome.invitation.id, actor(account), app.clock());
        return reply.code(503).send({ message: "We could not send the invitation just now. Please try again in a minute." });
      }
      return reply.code(201).send(outcome.invitation);
    },
  });

  app.route({
    ...endpointRoute(cancelTeamInvitation),
    onRequest: requireSignInSession,
    handler: async (request, reply) => {
      const membership = await managerOf(request);
      const cancelled = await cancelInvitation(db, membership.teamId, request.params.id, actor(signedInAccount(request)), app.clock());
      if (!cancelled) return reply.code(404).send({ message: "No such pending invitation in your team." });
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...endpointRoute(describeTeamInvitation),
    onRequest: refuseDeviceTokens,
    handler: async (request, reply) => {
      const preview = await describeInvitation(db, request.body.token, app.clock());
      return preview ?? reply.code(404).send(invitationInvalid);
    },
  });

  app.route({
    ...endpointRoute(acceptTeamInvitation),
    onRequest: refuseDeviceTokens,
    handler: async (request, reply) => {
      const now = app.clock();
      const email = await invitationEmail(db, request.body.token, now);
      if (!email) return reply.code(404).send(invitationInvalid);
      const signedIn = await request.loadAccount();
      if (signedIn && signedIn.user.email !== email) {
        return reply.code(409).send({ message: `This invitation is for ${email}, and you are signed in as ${signedIn.user.email}. Sign out, then open the link again.` });
      }
      // Holding the mailed link proves the address, which is enough to make a new, empty account for it. An
      // account that exists already is entered only through a normal 15-minute sign-in link (decision 215):
      // a week-long invitation must not be a way into an account, an admin's included.
      const found = signedIn ? { user: signedIn.user, created: false } : await findOrCreateUser(db, email, null);
      if (!signedIn && !found.created) throw new TeamRefusedError(signInToJoin(email), 401);
      const { user } = found;
      const outcome = await acceptInvitation(db, request.body.token, { id: user.id, email: user.email }, now);
      if (outcome.kind === "invalid") return reply.code(404).send(invitationInvalid);
      if (outcome.kind === "in-another-team") {
        return reply.code(409).send({ message: `You are in the team ${outcome.teamName}. Leave it first, then open this link again.` });
      }
      const verified = await recordSignIn(db, user.id, now);
      if (!signedIn && verified) {
        // A fresh session id at sign-in, so an id planted before it is worth nothing after it.
        await request.session.regenerate();
        request.session.userId = verified.id;
        request.session.device = describeBrowser(request.headers["user-agent"]);
        request.log.info({ userId: verified.id }, "signed in by a team invitation");
      }
      const membership = await teamMembershipOf(db, user.id, now);
      return { team: membership ? await teamView(db, membership, now) : null };
    },
  });

  app.route({
    ...endpointRoute(changeTeamMemberRole),
    onRequest: requireSignInSession,
    handler: async (request) => {
      const membership = await managerOf(request);
      if (membership.role !== "owner") throw new TeamRefusedError(ownerOnly, 403);
      const member = await managedMember(membership, request.params.userId);
      return changeMemberRole(db, membership.teamId, actor(signedInAccount(request)), member, request.body.role, app.clock());
    },
  });

  app.route({
    ...endpointRoute(removeTeamMember),
    onRequest: requireSignInSession,
    handler: async (request, reply) => {
      const account = signedInAccount(request);
      const leaving = request.params.userId === account.user.id;
      const membership = leaving ? await membershipOf(request) : await managerOf(request);
      if (leaving && membership.role === "owner") {
        return reply.code(403).send({ message: "The owner cannot leave the team: delete the team instead." });
      }
      const member = leaving ? await findTeamMember(db, membership.teamId, account.user.id) : await managedMember(membership, request.params.userId);
      if (!member) throw new TeamRefusedError(memberNotFound, 404);
      await removeMember(db, membership.teamId, actor(account), member, app.clock());
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...endpointRoute(listTeamMemberDevices),
    onRequest: requireSignInSession,
    handler: async (request) => {
      const membership = await managerOf(request);
      // Seeing a person's devices is managing them (C341): the owner sees everyone else's, an admin members' only.
      const member = await managedMember(membership, request.params.userId);
      return memberDevices(db, member.userId, app.clock());
    },
  });

  app.route({
    ...endpointRoute(revokeTeamMemberDevice),
    onRequest: requireSignInSession,
    handler: async (request, reply) => {
      const membership = await managerOf(request);
      const member = await managedMember(membership, request.params.userId);
      const revoked = await revokeMemberDevice(db, {
        teamId: membership.teamId,
        actor: actor(signedInAccount(request)),
        member,
        deviceId: request.params.deviceId,
        now: app.clock(),
      });
      if (!revoked) return reply.code(404).send({ message: "No such connected browser or app of this member." });
      return reply.code(204).send(null);
    },
  });

  app.route({
    ...endpointRoute(getTeamAuditLog),
    onRequest: requireSignInSession,
    handler: async (request) => {
      const membership = await membershipOf(request);
      if (membership.role !== "owner") throw new TeamRefusedError(ownerOnly, 403);
      return readTeamAudit(db, membership.teamId);
    },
  });
};
