import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { deleteUser } from "../accounts/users";
import { anonymiseAnnouncementAuthor } from "../announcements/announcements";
import { deleteContactMessagesFrom } from "../contact/messages";
import type { Database } from "../db/database";
import { anonymisePaymentsOf } from "../payments/payment-records";
import type { PaymentProvider } from "../payments/provider";
import { chargingSubscriptionsOf } from "../payments/subscription-records";
import { appendSystemLog } from "../system-log/append";
import { redactFromSystemLog } from "../system-log/entries";
import { anonymiseInTeamAuditLogs } from "../teams/audit-log";
import { forgetInvitationsTo } from "../teams/invitations";
import { anonymisePolicyAuthor } from "../teams/policy/policy";

/** What the system log says instead of a deleted account's address. */
export const deletedAccountLabel = "(deleted account)";

/**
 * What other teams' audit logs, policies and announcements say instead of a deleted account's address (decision
 * 216): random for each deletion, so the entries of one person still read as one person's, and nothing leads back.
 */
export function anonymousDeletedAccount(): string {
  return `(deleted account ${randomBytes(4).toString("hex")})`;
}

/**
 * Deletes an account at once (decision 137), in one transaction: its payments forget who paid, the
 * contact messages from its address go, the system log stops quoting the address, other teams' audit
 * logs, policies and the announcements it wrote name an anonymous id instead, invitations to it go
 * (decision 216), and the user row is deleted, taking sessions, device tokens, connections, backups with
 * tabs and form data, settings, events, rules, its team and subscriptions with it by their foreign keys. Afterwards the provider is told to stop any
 * subscription that was still charging. Returns false when the account was already gone.
 */
export async function deleteAccountNow(
  db: Database,
  account: { userId: string; email: string },
  context: { now: Date; provider: PaymentProvider | null; log: FastifyBaseLogger },
): Promise<boolean> {
  const charging = await chargingSubscriptionsOf(db, account.userId, context.now);
  const deleted = await db.transaction(async (tx) => {
    await anonymisePaymentsOf(tx, account.userId);
    await deleteContactMessagesFrom(tx, account.email);
    await redactFromSystemLog(tx, account.email, deletedAccountLabel);
    const anonymous = anonymousDeletedAccount();
    await anonymiseInTeamAuditLogs(tx, account.email, anonymous);
    await anonymisePolicyAuthor(tx, account.email, anonymous);
    await anonymiseAnnouncementAuthor(tx, account.email, anonymous);
    await forgetInvitationsTo(tx, account.email);
    return deleteUser(tx, account.userId);
  });
  if (!deleted) return false;
  await appendSystemLog(db, "info", `Account deleted by its owner; ${charging.length} subscription(s) ended with it`);
  for (const subscription of charging) {
    try {
      await context.provider?.endSubscriptionNow(subscription);
    } catch (error) {
      context.log.error({ err: error, subscription }, "subscription of a deleted account could not be ended at the provider");
      await appendSystemLog(db, "error", `Subscription ${subscription} of a deleted account could not be ended at the provider: end it by hand`);
    }
  }
  return true;
}
