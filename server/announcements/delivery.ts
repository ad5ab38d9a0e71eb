import type { FastifyBaseLogger } from "fastify";
import fp from "fastify-plugin";
import type { Database } from "../db/database";
import type { Mailer } from "../mail/mailer";
import { announcementMessage } from "../mail/messages";
import { claimDeliveries, markDelivered } from "./announcements";

/** How often every instance looks for announcement emails to send, and how many it takes at a time. */
export const ANNOUNCEMENT_DELIVERY_INTERVAL_MS = 5_000;
const BATCH = 50;

/**
 * Sends what is claimed, one email after another (an SMTP server is kinder to a steady stream); a failed send is
 * left claimed and tried again once its claim goes stale. Returns how many were sent.
 */
export async function deliverAnnouncements(db: Database, mailer: Mailer, now: Date, log: FastifyBaseLogger): Promise<number> {
  const claimed = await claimDeliveries(db, BATCH, now);
  let sent = 0;
  for (const delivery of claimed) {
    try {
      await mailer.send({ to: delivery.email, ...announcementMessage({ subject: delivery.subject, body: delivery.body }) });
      await markDelivered(db, delivery, now);
      sent += 1;
    } catch (error) {
      log.warn({ err: error, announcementId: delivery.announcementId }, "announcement email not sent; it is tried again later");
    }
  }
  return sent;
}

/** Drains the announcements' outbox every few seconds in every instance; the timer never keeps the process alive. */
export const announcementDelivery = fp<{ db: Database; mailer: Mailer }>(
  async (app, { db, mailer }) => {
    let round: Promise<void> | null = null;
    const timer = setInterval(() => {
      if (round) return;
      round = deliverAnnouncements(db, mailer, app.clock(), app.log)
        .then(() => undefined)
        .catch((error: unknown) => app.log.warn({ err: error }, "announcement delivery failed; the next round tries again"))
        .finally(() => {
          round = null;
        });
    }, ANNOUNCEMENT_DELIVERY_INTERVAL_MS);
    timer.unref();
    // A round under way finishes before the app is closed: it still uses the database and writes mail.
    app.addHook("onClose", async () => {
      clearInterval(timer);
      await round;
    });
  },
  { name: "announcement-delivery" },
);
