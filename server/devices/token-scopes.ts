import type { FastifyInstance } from "fastify";
import { deleteBackup, getBackup, getUserStats, listBackups, restoreBackup, saveBackup } from "@common/api/backups";
import { getBrowserBackup, getExtensionConnection, uploadBrowserBackup } from "@common/api/browser-backups";
import { pollDeviceAuthorization, startDeviceAuthorization } from "@common/api/device-authorization";
import type { BrowserTokenArea } from "@common/device-token-reach";
import type { ErrorResponse } from "@common/api/errors";
import { getFormEncryption } from "@common/api/encryption";
import { getHealth, getReadiness } from "@common/api/health";
import {
  getBlockedAttempts,
  getProtectionSettings,
  logBlockedAttempt,
  logProtectionEvent,
  toggleProtection,
  updateProtectionSettings,
} from "@common/api/protection";
import { getSystemStatus } from "@common/api/status";
import { getOpenTabs, listOpenTabs, pushOpenTabs } from "@common/api/open-tabs";
import { listAutomationRules } from "@common/api/automation";
import { getTeamSharedBackup } from "@common/api/team-sharing";
import { bearerToken } from "../http/bearer-token";

/** A route as a contract names it. */
interface RouteName {
  readonly method: string;
  readonly path: string;
}

/**
 * Everything a `browser` token (the extension) may reach, by the area /connect names for the person
 * (`browserTokenReach` in common/device-token-reach.ts; decision 215): a route is allowed only under one of
 * those sentences, and each sentence has its routes. Each route is named by its contract in common/api so a moved
 * path moves here too. Anything not listed — payments, the profile, device tokens, admin, and any route added
 * tomorrow — is refused.
 */
export const browserScopeRoutesByArea: Record<BrowserTokenArea, readonly RouteName[]> = {
  // Backups: the extension's uploads and reads, and the web app's list, detail, delete, restore and saves.
  backups: [uploadBrowserBackup, getBrowserBackup, listBackups, saveBackup, getBackup, deleteBackup, restoreBackup],
  // Open on other devices: its own tabs up, the other browsers' down to restore them here.
  openTabs: [pushOpenTabs, listOpenTabs, getOpenTabs],
  // A backup shared with the person's team, to restore it in this browser (decision 190; nothing private in it).
  teamShares: [getTeamSharedBackup],
  // Protection settings, events (read through the stats) and the Clear All Blocker's count.
  protection: [getProtectionSettings, updateProtectionSettings, toggleProtection, getBlockedAttempts, logBlockedAttempt, logProtectionEvent, getUserStats],
  // Workflow automation's rules, to run them (decision 180): read only; rules are made at the website.
  automation: [listAutomationRules],
  // The wrapped key, so the extension can seal form entries once the person unlocks it (decision 177).
  encryptionKey: [getFormEncryption],
  // Its own connection, and pairing again.
  connection: [getExtensionConnection, startDeviceAuthorization, pollDeviceAuthorization],
};

/** Public reads that ignore who asks: no area of the account, so /connect does not list them. */
const publicReads: readonly RouteName[] = [getHealth, getReadiness, getSystemStatus];

export const browserScopeRoutes: readonly RouteName[] = [...Object.values(browserScopeRoutesByArea).flat(), ...publicReads];

export const browserScopeRefusal = (method: string, url: string): ErrorResponse => ({
  message: `This device's token cannot use ${method} ${url}: a browser extension's token only backs up, restores and protects tabs. Sign in on the TabVault website for the rest.`,
});

/**
 * Scopes enforced in one place, before any route's own guard: a request carrying a `browser` token
 * is refused with 403 unless its route is in {@link browserScopeRoutes}. Tokens of the apps (`app`)
 * keep the rights they always had; a token that is unknown or revoked is left to the route (401).
 */
export function enforceTokenScopes(app: FastifyInstance, allowed: readonly RouteName[] = browserScopeRoutes): void {
  const allowedKeys = new Set(allowed.map((route) => `${route.method} ${route.path}`));
  app.addHook("onRequest", async (request, reply) => {
    if (bearerToken(request.headers.authorization) === null) return;
    // No route matched: the 404 handler answers, and there is nothing to protect.
    const url = request.routeOptions.url;
    if (url === undefined) return;
    const account = await request.loadAccount();
    if (account?.device?.scope !== "browser") return;
    const method = request.method === "HEAD" ? "GET" : request.method;
    if (allowedKeys.has(`${method} ${url}`)) return;
    return reply.code(403).send(browserScopeRefusal(method, url));
  });
}
