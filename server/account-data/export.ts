import { ACCOUNT_EXPORT_VERSION } from "@common/api/account-data";
import { deviceTokensOfUser } from "../devices/device-tokens";
import { signInSessionsOfUser } from "../accounts/session-store";
import type { UserRow } from "../accounts/table";
import type { Database } from "../db/database";
import { openTabsOfUserForExport } from "../open-tabs/open-tabs";
import { paymentsOfUser } from "../payments/payment-records";
import { subscriptionsOfUser } from "../payments/subscription-records";
import { protectionEventsOfUser } from "../protection/events";
import { readProtectionSettings } from "../protection/settings";
import { formEncryptionOf, readFormEncryptionKey } from "../encryption/form-encryption-keys";
import { accountExportAdditions } from "./export-additions";
import type { AccountExportHead } from "./export-document";

const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

/**
 * Everything the account holds but its backups, in the format docs/account-export.md describes (version 1); the
 * backups are read a page at a time as the document is written (decision 221). No secret goes in: token hashes,
 * session ids and the sign-in and deletion tokens stay on the server.
 */
export async function accountExportHead(db: Database, user: UserRow, now: Date): Promise<AccountExportHead> {
  const [settings, events, payments, subscriptions, devices, sessions, openTabs, encryptionKey, additions] = await Promise.all([
    readProtectionSettings(db, user.id),
    protectionEventsOfUser(db, user.id),
    paymentsOfUser(db, user.id),
    subscriptionsOfUser(db, user.id),
    deviceTokensOfUser(db, user.id),
    signInSessionsOfUser(db, user.id, undefined, now),
    openTabsOfUserForExport(db, user.id),
    readFormEncryptionKey(db, user.id),
    accountExportAdditions(db, user.id),
  ]);
  return {
    format: "tabvault-account-export",
    version: ACCOUNT_EXPORT_VERSION,
    exportedAt: now.toISOString(),
    account: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      planType: user.planType,
      planExpiresAt: iso(user.planExpiresAt),
      emailVerifiedAt: iso(user.emailVerifiedAt),
      signupSource: user.signupSource,
      createdAt: user.createdAt.toISOString(),
      lastSignInAt: iso(user.lastSignInAt),
    },
    settings,
    events: events.map((event) => ({ ...event, createdAt: event.createdAt.toISOString() })),
    payments: payments.map((payment) => ({
      id: payment.id,
      planType: payment.planType,
      amountCents: payment.amountCents,
      currency: payment.currency,
      status: payment.status,
      kind: payment.kind,
      provider: payment.provider,
      providerPaymentId: payment.providerPaymentId,
      periodEnd: iso(payment.periodEnd),
      createdAt: payment.createdAt.toISOString(),
    })),
    subscriptions: subscriptions.map((subscription) => ({
      planType: subscription.planType,
      status: subscription.status,
      provider: subscription.provider,
      providerSubscriptionId: subscription.providerSubscriptionId,
      currentPeriodEnd: iso(subscription.currentPeriodEnd),
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      createdAt: subscription.createdAt.toISOString(),
    })),
    devices: devices.map((device) => ({
      ...device,
      createdAt: device.createdAt.toISOString(),
      lastUsedAt: iso(device.lastUsedAt),
      revokedAt: iso(device.revokedAt),
    })),
    sessions: sessions.map((session) => ({ description: session.description, createdAt: session.createdAt.toISOString(), lastUsedAt: iso(session.lastSeenAt) })),
    openTabs,
    formEncryption: formEncryptionOf(encryptionKey),
    ...additions,
  };
}
