import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getTeamPolicy, updateTeamPolicy } from "@common/api/team-policy";
import { catalogueFeatureNeedsPlanMessage, planHasFeature } from "@common/plan-catalogue";
import { requireSignInSession, signedInAccount } from "../../accounts/authentication";
import type { Database } from "../../db/database";
import { endpointRoute } from "../../http/endpoint-route";
import { rateLimitGuard } from "../../rate-limits/rate-limits";
import { teamMembershipOf } from "../team-membership";
import { readTeamPolicy, saveTeamPolicy } from "./policy";

const notInTeam = { message: "You are not in a team." };
const managersOnly = { message: "Only the team's owner and admins can see and change the team policy." };

/**
 * The team policy (decision 185): owners and admins read and replace it from the web app; members
 * read what it sets through their own protection settings. The membership is read from the database on every
 * request, so a demoted admin or a removed member is refused at once.
 */
export const teamPolicyRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const limitChanges = rateLimitGuard(app, [
    {
      name: "team-policy",
      max: 60,
      windowMs: 60 * 60_000,
      key: (request) => request.account?.user.id ?? null,
      message: (wait) => `Too many policy changes. Try again in ${wait}.`,
    },
  ]);

  app.route({
    ...endpointRoute(getTeamPolicy),
    onRequest: requireSignInSession,
    handler: async (request, reply) => {
      const membership = await teamMembershipOf(db, signedInAccount(request).user.id, app.clock());
      if (!membership) return reply.code(404).send(notInTeam);
      if (membership.role === "member") return reply.code(403).send(managersOnly);
      return readTeamPolicy(db, membership.teamId);
    },
  });

  app.route({
    ...endpointRoute(updateTeamPolicy),
    onRequest: requireSignInSession,
    preHandler: limitChanges,
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      const membership = await teamMembershipOf(db, user.id, app.clock());
      if (!membership) return reply.code(404).send(notInTeam);
      if (membership.role === "member") return reply.code(403).send(managersOnly);
      if (!planHasFeature(membership.planType, "teamManagement")) {
        return reply.code(403).send({ message: `The team's owner is no longer on Premium: ${catalogueFeatureNeedsPlanMessage("teamManagement", membership.planType)}` });
      }
      const answer = await saveTeamPolicy(db, { teamId: membership.teamId, actor: { id: user.id, email: user.email }, policy: request.body, now: app.clock() });
      request.log.info({ teamId: membership.teamId }, "team policy saved");
      return answer;
    },
  });
};
