import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createAutomationRule, deleteAutomationRule, listAutomationRules, updateAutomationRule } from "@common/api/automation";
import { catalogueFeatureNeedsPlanMessage, planHasFeature } from "@common/plan-catalogue";
import { requireSignInSession, requireUser, signedInAccount } from "../accounts/authentication";
import type { Database } from "../db/database";
import { endpointRoute } from "../http/endpoint-route";
import { rateLimitGuard } from "../rate-limits/rate-limits";
import { createRule, deleteRule, listRules, updateRule } from "./rules";

/**
 * preHandler: 403 {message} naming the plan unless the account's plan has workflow automation (Premium). The plan
 * is the one `loadAccount` loaded, so whatever decides an account's plan there decides this too.
 */
export async function requireWorkflowAutomation(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { user } = signedInAccount(request);
  if (!planHasFeature(user.planType, "workflowAutomation")) {
    return reply.code(403).send({ message: catalogueFeatureNeedsPlanMessage("workflowAutomation", user.planType) });
  }
}

/**
 * Workflow automation (decision 180). The web app makes, changes and deletes rules with its
 * session; the extension reads them with its `browser` token (and runs them). Making and changing a rule needs
 * Premium; reading and deleting do not, so rules made on Premium stay visible, paused, and removable after a
 * downgrade, and nothing runs them (the list says `included: false`; the upload refuses a rule's backup).
 */
export const automationRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  const limitReads = rateLimitGuard(app, [
    {
      name: "automation-reads",
      // Each browser reads every minute; the web app now and then.
      max: 120,
      windowMs: 60_000,
      key: (request) => request.account?.user.id ?? null,
      message: (wait) => `Too many reads of your automation rules. Try again in ${wait}.`,
    },
  ]);
  const limitWrites = rateLimitGuard(app, [
    {
      name: "automation-writes",
      max: 60,
      windowMs: 60_000,
      key: (request) => request.account?.user.id ?? null,
      message: (wait) => `Too many changes to your automation rules. Try again in ${wait}.`,
    },
  ]);

  app.route({
    ...endpointRoute(listAutomationRules),
    onRequest: requireUser,
    preHandler: limitReads,
    handler: async (request) => {
      const { user } = signedInAccount(request);
      const included = planHasFeature(user.planType, "workflowAutomation");
      return { rules: await listRules(db, user.id), included, message: included ? null : catalogueFeatureNeedsPlanMessage("workflowAutomation", user.planType) };
    },
  });

  app.route({
    ...endpointRoute(createAutomationRule),
    onRequest: requireSignInSession,
    preHandler: [requireWorkflowAutomation, limitWrites],
    handler: async (request, reply) => {
      return reply.code(201).send(await createRule(db, signedInAccount(request).user.id, request.body, app.clock()));
    },
  });

  app.route({
    ...endpointRoute(updateAutomationRule),
    onRequest: requireSignInSession,
    preHandler: [requireWorkflowAutomation, limitWrites],
    handler: async (request, reply) => {
      const rule = await updateRule(db, signedInAccount(request).user.id, request.params.id, request.body, app.clock());
      return rule ?? reply.code(404).send({ message: "No such rule in your account." });
    },
  });

  app.route({
    ...endpointRoute(deleteAutomationRule),
    onRequest: requireSignInSession,
    preHandler: limitWrites,
    handler: async (request, reply) => {
      const deleted = await deleteRule(db, signedInAccount(request).user.id, request.params.id);
      return deleted ? reply.code(204).send(null) : reply.code(404).send({ message: "No such rule in your account." });
    },
  });
};
