import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { createAnnouncement, listAnnouncements } from "@common/api/announcements";
import { requireAdmin, signedInAccount } from "../accounts/authentication";
import type { Database } from "../db/database";
import { endpointRoute } from "../http/endpoint-route";
import { rateLimitGuard } from "../rate-limits/rate-limits";
import { appendSystemLog } from "../system-log/append";
import { announce, recentAnnouncements } from "./announcements";

/** The admin's announcements to every account (decision 198); the emails go out through `announcementDelivery`. */
export const announcementRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  // An announcement mails everyone: a double click or a loop must not mail them ten times.
  const limitAnnouncements = rateLimitGuard(app, [
    {
      name: "announcements",
      max: 5,
      windowMs: 60 * 60_000,
      key: (request) => request.account?.user.id ?? null,
      message: (wait) => `Five announcements an hour at most. Try again in ${wait}.`,
    },
  ]);

  app.route({
    ...endpointRoute(createAnnouncement),
    onRequest: requireAdmin,
    preHandler: limitAnnouncements,
    handler: async (request, reply) => {
      const { user } = signedInAccount(request);
      const announcement = await announce(db, { ...request.body, by: user.email, now: app.clock() });
      await appendSystemLog(db, "info", `Announcement "${announcement.subject}" by ${user.email} to ${announcement.recipients} accounts`);
      return reply.code(201).send(announcement);
    },
  });

  app.route({
    ...endpointRoute(listAnnouncements),
    onRequest: requireAdmin,
    handler: async () => recentAnnouncements(db),
  });
};
