import type { FastifyReply, FastifyRequest } from "fastify";
import { type CatalogueFeatureId, catalogueFeatureNeedsPlanMessage, planHasFeature } from "@common/plan-catalogue";
import { signedInAccount } from "../../accounts/authentication";
import type { Database } from "../../db/database";
import { type TeamMembership, teamMembershipOf } from "../team-membership";

/**
 * The caller's team membership read from the database on this request (so a removed member is refused from the
 * next request on), when the team's plan includes `feature` (null: any plan); otherwise a 404 or 403 `{message}` is sent and null
 * returned.
 */
export async function teamFeatureMembership(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  now: Date,
  feature: CatalogueFeatureId | null,
): Promise<TeamMembership | null> {
  const membership = await teamMembershipOf(db, signedInAccount(request).user.id, now);
  if (!membership) {
    void reply.code(404).send({ message: "You are not in a team." });
    return null;
  }
  if (feature !== null && !planHasFeature(membership.planType, feature)) {
    void reply.code(403).send({ message: `Your team's owner is not on Premium: ${catalogueFeatureNeedsPlanMessage(feature, membership.planType)}` });
    return null;
  }
  return membership;
}
