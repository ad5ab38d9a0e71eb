import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { browserSession } from "./test/backup-payloads";
import {
  arrangeResources,
  endpointExamples,
  exampleInjection,
  type ExampleRequest,
  type RouteKey,
  routeKey,
  useAppWithStripe,
} from "./test/endpoint-catalogue";
import { withSession } from "./test/sign-in";
import { useTestApp } from "./test/test-app";

/** A's device token is A's Windows or Android app: A's rights, minus what needs the browser. */
type Role = "anonymous" | "userB" | "admin" | "ownerToken" | "userA";
/** The owner goes last, so the cells that delete A's things run after everyone else was refused. */
const roles: Role[] = ["anonymous", "userB", "admin", "ownerToken", "userA"];

type Expected = Record<Role, number>;
const everyone = (status: number): Expected => ({ anonymous: status, userB: status, admin: status, ownerToken: status, userA: status });
const signedIn = (status: number): Expected => ({ anonymous: 401, userB: status, admin: status, ownerToken: status, userA: status });
/** Any signed-in person in a browser; the device token is refused (403). */
const browserOnly = (status: number): Expected => ({ ...signedIn(status), ownerToken: 403 });
/** A's own resource: A (and A's app) get `owner`, everyone else `others`. */
const ownerOnly = (owner: number, others: number): Expected => ({ anonymous: 401, userB: others, admin: others, ownerToken: owner, userA: owner });
const adminOnly = (status: number): Expected => ({ anonymous: 401, userB: 403, admin: status, ownerToken: 403, userA: 403 });

/**
 * Every route of the app, in the order the cells run. Routes that act on "me" act on each caller's
 * own account; routes that name A's resources (ids, A's email) must answer only A.
 */
const matrix: [RouteKey, Expected][] = [
  ["GET /api/health", everyone(200)],
  ["GET /api/ready", everyone(200)],
  ["GET /api/status", everyone(200)],
  ["POST /api/events", everyone(204)],
  // Anyone may ask for a sign-in link to any address: it goes to that inbox, not to the asker.
  ["GET /api/login", everyone(303)],
  ["GET /api/auth/callback", everyone(303)],
  // A's mailed token is the capability, whoever asks (server/accounts/sign-in.test.ts): it names A's
  // address to anyone holding it, and signs in the first to confirm; after that it is spent.
  ["POST /api/auth/sign-in-link", everyone(200)],
  ["POST /api/auth/callback", { ...everyone(404), anonymous: 200 }],
  ["GET /api/auth/user", signedIn(200)],
  // The profile, payments and tokens are the browser's: a device token is refused (403).
  ["PATCH /api/auth/user", browserOnly(200)],
  ["POST /api/capture-email", everyone(200)],
  ["POST /api/create-free-account", everyone(200)],
  // Everyone gets an answer; only A and the admin get A's names (server/accounts/signup.test.ts).
  ["POST /api/verify-user", everyone(200)],
  ["GET /api/device-tokens", browserOnly(200)],
  ["POST /api/device-tokens", browserOnly(201)],
  // Pairing: a device starts and polls without an account; the first poll after A approved collects
  // the token, and the code is spent for everyone after. Only A's browser sees or decides A's request.
  ["POST /api/device-authorizations", everyone(201)],
  ["POST /api/device-authorizations/token", { ...everyone(400), anonymous: 200 }],
  ["GET /api/device-authorizations/:userCode", { ...ownerOnly(200, 404), ownerToken: 403 }],
  ["POST /api/device-authorizations/:userCode/approve", { ...ownerOnly(200, 404), ownerToken: 403 }],
  ["POST /api/device-authorizations/:userCode/deny", { ...ownerOnly(200, 404), ownerToken: 403 }],
  // A sign-in session has no device connection.
  ["GET /api/extension/connection", { anonymous: 401, userB: 403, admin: 403, ownerToken: 200, userA: 403 }],
  // Each account's first upload of the snapshot makes a backup; A's second (after A's app) is a duplicate.
  ["POST /api/browser-backups", { ...signedIn(201), userA: 200 }],
  ["GET /api/browser-backups/:id", ownerOnly(200, 404)],
  // Open on other devices is Pro and up (B and the admin are on Free: 403); only a device pushes its own tabs.
  ["PUT /api/open-tabs", { anonymous: 401, userB: 403, admin: 403, ownerToken: 200, userA: 403 }],
  ["GET /api/open-tabs", ownerOnly(200, 403)],
  ["GET /api/open-tabs/:deviceId", ownerOnly(200, 403)],
  // Workflow automation (decision 180): each account lists its own rules, the extension's token too; making and
  // changing need Premium (A has it through A's team; B and the admin are Free: 403 before any rule is looked for)
  // and the browser; deleting needs neither plan nor more than owning the rule: only A deletes A's.
  ["GET /api/automation/rules", signedIn(200)],
  ["POST /api/automation/rules", { ...signedIn(403), userA: 201 }],
  ["PATCH /api/automation/rules/:id", { ...signedIn(403), userA: 200 }],
  ["DELETE /api/automation/rules/:id", { ...ownerOnly(204, 404), ownerToken: 403 }],
  // The library is the web app's: each account's first import of the file makes a backup; devices are refused.
  ["POST /api/library/imports", browserOnly(201)],
  ["GET /api/library/backups/:id/export", { ...ownerOnly(200, 404), ownerToken: 403 }],
  // Search and organise are the web app's too (decision 152): each account searches its own; A's backups
  // are not found for anyone else. A's merge takes A's two backups; A's undo, the next row, puts them back.
  ["GET /api/library/search", browserOnly(200)],
  ["PATCH /api/library/backups/:id", { ...ownerOnly(200, 404), ownerToken: 403 }],
  ["POST /api/library/dedupe", { ...ownerOnly(200, 404), ownerToken: 403 }],
  ["POST /api/library/merges", { ...ownerOnly(201, 404), ownerToken: 403 }],
  ["POST /api/library/undo", { ...ownerOnly(200, 404), ownerToken: 403 }],
  ["GET /api/saved-sessions", signedIn(200)],
  ["POST /api/saved-sessions", signedIn(201)],
  ["GET /api/saved-sessions/:id", ownerOnly(200, 404)],
  // The Session Manager's paged read of a big backup (decision 165): A's only, as the whole read above.
  ["GET /api/saved-sessions/:id/overview", ownerOnly(200, 404)],
  ["GET /api/saved-sessions/:id/tabs", ownerOnly(200, 404)],
  ["GET /api/saved-sessions/:id/moments", ownerOnly(200, 404)],
  ["GET /api/saved-sessions/:id/changes", ownerOnly(200, 404)],
  ["POST /api/restore-session/:id", ownerOnly(200, 404)],
  ["POST /api/protection/android-clear-all", ownerOnly(201, 403)],
  ["POST /api/protection/windows-x-button", ownerOnly(201, 403)],
  ["GET /api/protection/status/:userEmail", ownerOnly(200, 403)],
  ["POST /api/protection/restore-session", ownerOnly(200, 403)],
  ["POST /api/protection/toggle", signedIn(200)],
  ["POST /api/protection/log-blocked", signedIn(204)],
  ["GET /api/protection/blocked-attempts", signedIn(200)],
  ["GET /api/protection/settings", signedIn(200)],
  ["PUT /api/protection/settings", signedIn(200)],
  ["GET /api/user/stats", signedIn(200)],
  // Analytics needs Pro (A is Pro; B and the admin are Free), reports Premium (nobody here): decision 145.
  // Backup summaries need Basic (B and the admin are Free): the plan is checked before the backup is looked for.
  ["GET /api/saved-sessions/:id/summary", { anonymous: 401, userB: 403, admin: 403, ownerToken: 200, userA: 200 }],
  ["GET /api/user/analytics", { anonymous: 401, userB: 403, admin: 403, ownerToken: 200, userA: 200 }],
  // A is Premium through A's team: the team's plan counts for A's browser and A's app alike.
  ["GET /api/user/history-report", { ...signedIn(403), userA: 200, ownerToken: 200 }],
  ["GET /api/user/history-report.csv", { ...signedIn(403), userA: 200, ownerToken: 200 }],
  // Shared backups (decision 190): only A's team sees A's share; B and the admin are in no team. The extension
  // may read a shared backup to restore it; the rest is the web app's. A shares it again (200), then stops (204).
  ["GET /api/team/shared-sessions", { ...browserOnly(404), userA: 200 }],
  ["POST /api/team/shared-sessions", { ...browserOnly(404), userA: 200 }],
  ["GET /api/team/shared-sessions/:id", ownerOnly(200, 404)],
  ["POST /api/team/shared-sessions/:id/restore", { ...browserOnly(404), userA: 200 }],
  // Team insights (decision 191): A, a member, gets A's own figures.
  ["GET /api/team/insights", { ...browserOnly(404), userA: 200 }],
  ["GET /api/team/insights.csv", { ...browserOnly(404), userA: 200 }],
  ["DELETE /api/team/shared-sessions/:id", { ...browserOnly(404), userA: 204 }],
  ["POST /api/user/protection-event", signedIn(201)],
  ["GET /api/payments/config", everyone(200)],
  // Paying for an address needs no account; signed in, the plan is for the caller.
  ["POST /api/create-payment-intent", { ...everyone(200), ownerToken: 403 }],
  // The client secret is the capability, as with Stripe: whoever holds it can confirm that payment.
  ["POST /api/sandbox/confirm", { ...everyone(200), ownerToken: 403 }],
  // The admin's stand-in for a refund, of a payment made for another address.
  ["POST /api/sandbox/reverse", adminOnly(200)],
  ["POST /api/create-subscription", { ...ownerOnly(409, 200), ownerToken: 403 }],
  ["GET /api/subscription", browserOnly(200)],
  // B and the admin have only the incomplete subscription they just started: nothing to cancel.
  ["POST /api/subscription/cancel", { ...ownerOnly(200, 404), ownerToken: 403 }],
  // Only Stripe's signature opens the webhook; no session changes that.
  ["POST /api/stripe/webhook", everyone(400)],
  ["GET /api/downloads/available", everyone(200)],
  // A verified address gets a link; the link goes in the answer, so it is the address's owner's to share.
  ["POST /api/generate-download", everyone(200)],
  // A signed link is the capability: it works for whoever holds it, until it expires.
  ["GET /download/file/:platform/:fileName", everyone(200)],
  ["GET /api/apk-info", everyone(200)],
  ["GET /download/android-apk", everyone(200)],
  // The extension is public like the page it is offered on: connecting it needs an account anyway.
  ["GET /api/downloads/extensions", everyone(200)],
  ["GET /download/extension/:target", everyone(200)],
  ["POST /api/contact", everyone(201)],
  ["GET /api/admin/messages", adminOnly(200)],
  ["GET /api/admin/logs", adminOnly(200)],
  ["GET /api/admin/payments", adminOnly(200)],
  ["GET /api/admin/payments.csv", adminOnly(200)],
  ["GET /api/admin/daily", adminOnly(200)],
  ["GET /api/admin/stats", adminOnly(200)],
  // Announcements mail every account: the admin's alone (decision 198).
  ["POST /api/admin/announcements", adminOnly(201)],
  ["GET /api/admin/announcements", adminOnly(200)],
  ["DELETE /api/admin/logs", adminOnly(204)],
  ["DELETE /api/device-tokens/:id", { ...browserOnly(404), userA: 204 }],
  ["DELETE /api/saved-sessions/:id", ownerOnly(204, 404)],
  // The Account page (decision 137): the browser's own; sessions are ended by their owner only.
  ["GET /api/account", browserOnly(200)],
  ["GET /api/account/export", browserOnly(200)],
  // The wrapped key is read by the extension too; only the browser sets it (decision 177).
  ["GET /api/account/encryption", signedIn(200)],
  ["PUT /api/account/encryption", browserOnly(201)],
  // Whether titles and addresses are sealed too (decision 199): set by the browser only, once encryption is on.
  ["PUT /api/account/encryption/tab-locations", browserOnly(200)],
  // No rotation under way for any of them (decision 239): the route's own tests rotate.
  ["POST /api/account/encryption/rotation", browserOnly(409)],
  ["GET /api/account/encryption/rotation/contents", browserOnly(409)],
  ["PUT /api/account/encryption/rotation/contents", browserOnly(409)],
  ["GET /api/account/encryption/rotation/labels", browserOnly(409)],
  ["PUT /api/account/encryption/rotation/labels", browserOnly(409)],
  ["GET /api/account/encryption/rotation/undo", browserOnly(409)],
  ["PUT /api/account/encryption/rotation/undo", browserOnly(409)],
  ["DELETE /api/account/encryption/rotation", browserOnly(409)],
  // Sealing labels stored readable (decision 246): 409 while the account does not seal titles and addresses.
  ["GET /api/account/encryption/tab-locations/labels", browserOnly(409)],
  ["PUT /api/account/encryption/tab-locations/labels", browserOnly(409)],
  ["POST /api/account/deletion-request", browserOnly(202)],
  ["DELETE /api/account/sessions/:id", { ...ownerOnly(204, 404), ownerToken: 403 }],
  // The mailed token is the capability, whoever holds it (as a sign-in link); an unknown one deletes nothing.
  ["POST /api/account/deletion-link", everyone(200)],
  ["POST /api/account/delete", everyone(404)],
  // Teams are the web app's. A is a member (not an admin) of a Premium team; B and the admin are in none
  // (server/teams/team-authorization.test.ts has every role). Creating one needs one's own Premium (A is Pro;
  // B and the admin Free); an invitation token that names nothing is a 404; a member manages nothing (403).
  ["GET /api/team", browserOnly(200)],
  ["POST /api/team", signedIn(403)],
  ["POST /api/team/invitations", { ...browserOnly(404), userA: 403 }],
  ["DELETE /api/team/invitations/:id", { ...browserOnly(404), userA: 403 }],
  ["POST /api/team/invitations/describe", { ...everyone(404), ownerToken: 403 }],
  ["POST /api/team/invitations/accept", { ...everyone(404), ownerToken: 403 }],
  ["PATCH /api/team/members/:userId", { ...browserOnly(404), userA: 403 }],
  ["DELETE /api/team/members/:userId", { ...browserOnly(404), userA: 403 }],
  ["GET /api/team/members/:userId/devices", { ...browserOnly(404), userA: 403 }],
  ["DELETE /api/team/members/:userId/devices/:deviceId", { ...browserOnly(404), userA: 403 }],
  ["GET /api/team/audit-log", { ...browserOnly(404), userA: 403 }],
  ["DELETE /api/team", { ...browserOnly(404), userA: 403 }],
  // The team policy is its owners' and admins' (server/teams/policy/team-policy.test.ts has the roles): A, a member, is refused.
  ["GET /api/team/policy", { ...browserOnly(404), userA: 403 }],
  ["PUT /api/team/policy", { ...browserOnly(404), userA: 403 }],
  // Last: they end each caller's sessions (and A's tokens).
  ["POST /api/auth/sign-out-everywhere", browserOnly(204)],
  ["GET /api/logout", everyone(303)],
];

const placeholderResources = {
  ownerEmail: "a@example.com",
  ownerCookie: "",
  ownerDeviceToken: "",
  revocableTokenId: "",
  sessionId: "",
  clientSecret: "",
  downloadLink: { platform: "windows", fileName: "", query: {} },
  browserBackupId: "",
  automationRuleId: "",
  openTabsDeviceId: "",
  approvedUserCode: "",
  grantedDeviceCode: "",
  deniedUserCode: "",
  signInToken: "",
  otherSignInSessionId: "",
  deletionToken: "",
  refundablePaymentId: "",
  sharedBackupId: "",
};

describe("authorization matrix: every endpoint × {anonymous, user A, user B, admin, A's device token} on A's resources", () => {
  // Each cell runs 16 minutes after the one before, so the per-address mail limits (5 in 15
  // minutes) never stand in for the answer the cell is about.
  let now = Date.parse("2026-11-23T10:00:00Z");
  const clock = () => new Date(now);
  const server = useTestApp({ clock });
  const stripeTwin = useAppWithStripe(server, clock);

  /** The route table of the app without Stripe (the sandbox) and with it (the webhook). */
  function routesOfBothApps(): Map<RouteKey, FastifyInstance> {
    const routes = new Map<RouteKey, FastifyInstance>();
    for (const app of [stripeTwin.app, server.app]) for (const route of app.routeTable) routes.set(routeKey(route), app);
    return routes;
  }

  it("covers every route the app registers, and nothing else", () => {
    const registered = [...routesOfBothApps().keys()].sort();
    expect(matrix.map(([key]) => key).sort()).toEqual(registered);
    expect(Object.keys(endpointExamples(placeholderResources)).sort()).toEqual(registered);
  });

  it("answers exactly the expected status in every cell", async () => {
    const A = "matrix-a@example.com";
    const resources = await arrangeResources(server.app, server.mailDir, server.database.db, A);
    const examples = endpointExamples(resources);
    // A's app deletes a backup of its own, so the owner's own delete still finds A's first one.
    const appsBackup = await server.app.inject({
      method: "POST",
      url: "/api/protection/android-clear-all",
      payload: { userEmail: A, browserSession: browserSession(1) },
      ...withSession(resources.ownerCookie),
    });
    const perRole: Partial<Record<RouteKey, Partial<Record<Role, ExampleRequest>>>> = {
      "DELETE /api/saved-sessions/:id": { ownerToken: { params: { id: appsBackup.json().sessionId as string } } },
    };
    const credentials: Record<Role, object> = {
      anonymous: {},
      userA: withSession(resources.ownerCookie),
      userB: withSession(resources.otherCookie),
      admin: withSession(resources.adminCookie),
      ownerToken: { headers: { authorization: `Bearer ${resources.ownerDeviceToken}` } },
    };

    const routes = routesOfBothApps();
    const wrong: string[] = [];
    for (const [key, expected] of matrix) {
      now += 16 * 60_000;
      const app = routes.get(key);
      const [method, url] = key.split(" ") as [string, string];
      if (!app) throw new Error(`${key} is not a route of the app`);
      for (const role of roles) {
        const example = perRole[key]?.[role] ?? examples[key];
        if (!example) throw new Error(`no example request for ${key} in server/test/endpoint-catalogue.ts`);
        const injection = exampleInjection({ method, url }, example);
        const auth = credentials[role] as { headers?: Record<string, string>; cookies?: Record<string, string> };
        const response = await app.inject({ ...injection, ...auth, headers: { ...injection.headers, ...auth.headers } });
        if (response.statusCode !== expected[role]) {
          wrong.push(`${key} as ${role}: ${response.statusCode}, expected ${expected[role]} (${response.body.slice(0, 120)})`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // ~300 requests: over the default 30 s on a busy 2-core machine.
  }, 120_000);
});
