import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getTeamInsights, getTeamInsightsCsv, type TeamInsights } from "@common/api/team-insights";
import { requireSignInSession, signedInAccount } from "../../accounts/authentication";
import type { Database } from "../../db/database";
import { endpointRoute } from "../../http/endpoint-route";
import { rateLimitGuard } from "../../rate-limits/rate-limits";
import { teamFeatureMembership } from "../sharing/team-access";
import { teamMembersOf } from "../teams";
import { weeklyFigures, weekStarts } from "./figures";
import { teamInsightsCsv, teamInsightsCsvFileName } from "./insights-csv";

/**
 * Team insights (decision 191), Premium teams: owners and admins read every member's weekly
 * figures, a member only their own. The role is read from the database on this request, so a demoted admin sees
 * only their own figures and a removed member nothing from the next request on.
 */
export const teamInsightRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const limitInsights = rateLimitGuard(app, [
    {
      name: "team-insights",
      max: 120,
      windowMs: 60 * 60_000,
      key: (request) => request.account?.user.id ?? null,
      message: (wait) => `Too many insight reads from this account. Try again in ${wait}.`,
    },
  ]);

  async function insights(request: FastifyRequest, reply: FastifyReply, weeks: number): Promise<TeamInsights | null> {
    const now = app.clock();
    const membership = await teamFeatureMembership(db, request, reply, now, "teamInsights");
    if (!membership) return null;
    const me = signedInAccount(request).user.id;
    const everyone = await teamMembersOf(db, membership.teamId);
    const sees = membership.role === "member" ? everyone.filter((member) => member.userId === me) : everyone;
    return {
      scope: membership.role === "member" ? "self" : "team",
      weeks: weekStarts(now, weeks),
      members: await weeklyFigures(db, membership.teamId, sees, now, weeks),
    };
  }

  app.route({
    ...endpointRoute(getTeamInsights),
    onRequest: requireSignInSession,
    preHandler: limitInsights,
    handler: async (request, reply) => (await insights(request, reply, request.query.weeks)) ?? reply,
  });

  app.route({
    ...endpointRoute(getTeamInsightsCsv),
    onRequest: requireSignInSession,
    preHandler: limitInsights,
    handler: async (request, reply) => {
      const figures = await insights(request, reply, request.query.weeks);
      if (!figures) return reply;
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="${teamInsightsCsvFileName(app.clock())}"`)
        .send(teamInsightsCsv(figures.members));
    },
  });
};
