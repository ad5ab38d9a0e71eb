import { z } from "zod";
import { planTypeSchema } from "../plans";
import { automationRuleSchema } from "./automation";
import { defineEndpoint } from "./endpoint";
import { formEncryptionSchema } from "./encryption";
import { errorResponseSchema } from "./errors";
import { openTabsSchema } from "./open-tabs";
import { teamPolicySchema } from "./protection";
import { teamRoles } from "./teams";
import { text } from "./text";

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/**
 * POST /api/auth/sign-out-everywhere: ends every sign-in session of the account (this one too) and
 * revokes every device token and every connection approved but not yet collected. Browser only.
 */
export const signOutEverywhere = defineEndpoint({
  method: "POST",
  path: "/api/auth/sign-out-everywhere",
  responses: { 204: z.null(), ...errors },
});

export const signInSessionSchema = z.object({
  id: z.string(),
  /** "Chrome on Linux", from the browser that signed in; null for sessions made before it was kept. */
  description: z.string().nullable(),
  createdAt: z.string(),
  /** The last request with this session (to the minute); null before the first one after sign-in. */
  lastUsedAt: z.string().nullable(),
  /** The session of the browser asking. */
  current: z.boolean(),
});
export type SignInSession = z.infer<typeof signInSessionSchema>;

export const accountOverviewSchema = z.object({
  sessions: z.array(signInSessionSchema),
  storage: z.object({ usedBytes: z.number().int(), quotaBytes: z.number().int() }),
});

/** GET /api/account: the Account page's browser sessions and storage. Browser only. */
export const getAccountOverview = defineEndpoint({
  method: "GET",
  path: "/api/account",
  responses: { 200: accountOverviewSchema, ...errors },
});

/** DELETE /api/account/sessions/:id: signs one of the account's browsers out; 404 for anyone else's. */
export const endSignInSession = defineEndpoint({
  method: "DELETE",
  path: "/api/account/sessions/:id",
  params: z.object({ id: z.uuid({ message: "Not a session id" }) }),
  responses: { 204: z.null(), ...errors },
});

// ---- The export (docs/account-export.md): version 1 ----

export const ACCOUNT_EXPORT_VERSION = 1;
const when = z.string().nullable();

export const accountExportSchema = z.object({
  format: z.literal("tabvault-account-export"),
  version: z.literal(ACCOUNT_EXPORT_VERSION),
  exportedAt: z.string(),
  account: z.object({
    id: z.string(),
    email: z.string(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    planType: planTypeSchema,
    planExpiresAt: when,
    emailVerifiedAt: when,
    signupSource: z.string().nullable(),
    createdAt: z.string(),
    lastSignInAt: when,
  }),
  settings: z.object({
    enabled: z.boolean(),
    mode: z.string(),
    autoBackup: z.boolean(),
    cloudSync: z.boolean(),
    smartDetection: z.boolean(),
    aiPrediction: z.boolean(),
    teamSharing: z.boolean(),
    /** Sites never captured (decision 186), as hosts. */
    neverCapturedSites: z.array(z.string()),
    blockedAttempts: z.number().int(),
  }),
  backups: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      trigger: z.string(),
      deviceName: z.string().nullable(),
      browserType: z.string().nullable(),
      createdAt: z.string(),
      sizeBytes: z.number().int(),
      tabs: z.array(
        z.object({
          position: z.number().int(),
          url: z.string(),
          title: z.string(),
          faviconUrl: z.string().nullable(),
          /** The URL, title and favicon sealed in the browser (decision 199): only the passphrase opens them. */
          sealedLocation: z.string().nullable(),
          isActive: z.boolean(),
          pinned: z.boolean(),
          windowPosition: z.number().int().nullable(),
          groupId: z.number().int().nullable(),
          lastAccessed: when,
          formData: z.record(z.string(), z.string()),
          scrollX: z.number().int(),
          scrollY: z.number().int(),
        }),
      ),
      applications: z.array(
        z.object({
          position: z.number().int(),
          processName: z.string(),
          windowTitle: z.string(),
          documentPath: z.string().nullable(),
          lastSaved: when,
          isUnsaved: z.boolean(),
          processId: z.number().int().nullable(),
        }),
      ),
      windows: z.array(
        z.object({
          position: z.number().int(),
          /** The browser's own id of the window in that snapshot; `tabGroups[].windowId` names it. */
          windowId: z.number().int(),
          state: z.string(),
          focused: z.boolean(),
          left: z.number().int().nullable(),
          top: z.number().int().nullable(),
          width: z.number().int().nullable(),
          height: z.number().int().nullable(),
          /** The window's name from an import, or null (decision 217). */
          name: z.string().nullable(),
          /** A private (incognito) window, marked by an import (decision 217). */
          incognito: z.boolean(),
        }),
      ),
      tabGroups: z.array(z.object({ groupId: z.number().int(), windowId: z.number().int(), title: z.string(), color: z.string(), collapsed: z.boolean() })),
    }),
  ),
  events: z.array(z.object({ type: z.string(), description: z.string(), createdAt: z.string() })),
  payments: z.array(
    z.object({
      id: z.string(),
      planType: z.string(),
      amountCents: z.number().int(),
      currency: z.string(),
      status: z.string(),
      kind: z.string(),
      provider: z.string(),
      providerPaymentId: z.string().nullable(),
      periodEnd: when,
      createdAt: z.string(),
    }),
  ),
  subscriptions: z.array(
    z.object({
      planType: z.string(),
      status: z.string(),
      provider: z.string(),
      providerSubscriptionId: z.string(),
      currentPeriodEnd: when,
      cancelAtPeriodEnd: z.boolean(),
      createdAt: z.string(),
    }),
  ),
  devices: z.array(
    z.object({ id: z.string(), name: z.string(), scope: z.string(), createdAt: z.string(), lastUsedAt: when, revokedAt: when }),
  ),
  sessions: z.array(z.object({ description: z.string().nullable(), createdAt: z.string(), lastUsedAt: when })),
  /** Each browser's open tabs as last pushed, revoked devices' too while their row exists. */
  openTabs: z.array(openTabsSchema),
  /** End-to-end encryption (decision 177): the wrapped key that, with the passphrase, opens sealed form entries. */
  formEncryption: formEncryptionSchema,
  /** The library's tags, note and pin of each backup that has any (decision 216). */
  backupLabels: z.array(z.object({ backupId: z.string(), tags: z.array(z.string()), note: z.string().nullable(), pinnedAt: when })),
  /** Workflow automation's rules (decision 180), oldest first. */
  automationRules: z.array(automationRuleSchema),
  /** The person's team, or null: name, role, when they joined, the backups they share with it, and the policy when they own it. */
  team: z
    .object({
      name: z.string(),
      role: z.enum(teamRoles),
      joinedAt: z.string(),
      sharedBackups: z.array(z.object({ backupId: z.string(), sharedAt: z.string() })),
      policy: teamPolicySchema.nullable(),
    })
    .nullable(),
});
export type AccountExport = z.infer<typeof accountExportSchema>;

/** GET /api/account/export: everything the account holds, as one JSON file download. Browser only. */
export const exportAccount = defineEndpoint({
  method: "GET",
  path: "/api/account/export",
  responses: { 200: accountExportSchema, 429: errorResponseSchema, ...errors },
});

/** POST /api/account/deletion-request: mails the account a link that deletes it. Browser only. */
export const requestAccountDeletion = defineEndpoint({
  method: "POST",
  path: "/api/account/deletion-request",
  responses: { 202: z.object({ message: z.string() }), 429: errorResponseSchema, 503: errorResponseSchema, ...errors },
});

/** A mailed deletion token: 43 base64url characters, as every secret token here. */
const deletionToken = text().min(1).max(200);

/** POST /api/account/deletion-link: the address a deletion link would delete, without using it; 404 when it is no good. */
export const describeAccountDeletion = defineEndpoint({
  method: "POST",
  path: "/api/account/deletion-link",
  body: z.strictObject({ token: deletionToken }),
  responses: { 200: z.object({ email: z.string() }), 400: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema },
});

/**
 * POST /api/account/delete: deletes the account the mailed link names (the token is the proof; no
 * session needed, as the link may be opened in another browser). 404 when the link is no good.
 */
export const deleteAccount = defineEndpoint({
  method: "POST",
  path: "/api/account/delete",
  body: z.strictObject({ token: deletionToken }),
  responses: { 204: z.null(), 400: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema },
});
