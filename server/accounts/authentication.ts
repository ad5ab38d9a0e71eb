import fastifyCookie from "@fastify/cookie";
import fastifySession from "@fastify/session";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ErrorResponse } from "@common/api/errors";
import type { Database } from "../db/database";
import { DatabaseSessionStore, sessionLifetimeMs } from "./session-store";
import type { UserRow } from "./table";
import type { DeviceTokenScope } from "@common/api/device-authorization";
import { bearerToken } from "../http/bearer-token";
import { findUserById } from "./users";

export const sessionCookieName = "tabvault_session";

/** The device a token belongs to, as a request sees it. */
export interface TokenDevice {
  id: string;
  name: string;
  scope: DeviceTokenScope;
}

/** Who is making the request, as far as the route is concerned. */
export interface Account {
  user: UserRow;
  /** Admin rights need the sign-in session; a device token never carries them. */
  isAdmin: boolean;
  /** A sign-in session cookie, or a device token of the Windows or Android app or the browser extension. */
  via: "session" | "device-token";
  /** The token's device, with its scope; null for a sign-in session. */
  device: TokenDevice | null;
  /** The team the person belongs to; `user.planType` is already the higher of their own plan and the team's. */
  team: AccountTeam | null;
  /** The person's own plan, before the team's: what payments and the Account page speak of. */
  ownPlanType: UserRow["planType"];
}

/** A person's team as a request sees it (given by the app: teams import accounts, not the other way). */
export interface AccountTeam {
  teamId: string;
  teamName: string;
  role: "owner" | "admin" | "member";
  planType: UserRow["planType"];
}

export interface AuthenticationOptions {
  db: Database;
  clock: () => Date;
  sessionSecret: string;
  /** Lower-cased; an account with one of these emails is an admin (ADMIN_EMAILS). */
  adminEmails: readonly string[];
  /** Cookies are Secure when the site is served over https. */
  secureCookies: boolean;
  /**
   * Brings the account's plan up to date when it is loaded (a paid plan whose end has come lapses),
   * so every route and device sees it. Given by the app (payments' `lapseExpiredPlan`): plans are
   * payments' business, and accounts must not import payments, which imports accounts.
   */
  refreshPlan: (db: Database, user: UserRow, now: Date) => Promise<UserRow>;
  /**
   * The account and device of a live device token, or null (given by the app: devices' `deviceOfToken`; devices
   * import accounts' tables and guards, so accounts must not import devices).
   */
  deviceOfToken: (db: Database, token: string, now: Date) => Promise<{ user: UserRow; device: TokenDevice } | null>;
  /**
   * The person's team and the plan it gives them (issue 19: members get the team's plan while they belong to
   * it). Read on every request, so a removed member loses the team's plan and rights at once.
   */
  teamOf: (db: Database, user: UserRow, now: Date) => Promise<{ team: AccountTeam; planType: UserRow["planType"] } | null>;
}

/**
 * Server-side sessions (@fastify/session on the database) and the guards routes use. The cookie is
 * scoped to /api: pages and assets never carry it, so they never cost a session lookup.
 */
export const authentication = fp<AuthenticationOptions>(
  async (app, options) => {
    await app.register(fastifyCookie);
    await app.register(fastifySession, {
      secret: options.sessionSecret,
      cookieName: sessionCookieName,
      // Real time, not the app's clock: @fastify/session sets cookie expiry from Date.now() itself.
      store: new DatabaseSessionStore(options.db, () => new Date(), options.clock),
      saveUninitialized: false,
      rolling: false,
      cookie: {
        path: "/api",
        httpOnly: true,
        sameSite: "lax",
        secure: options.secureCookies,
        maxAge: sessionLifetimeMs,
      },
    });

    const adminEmails = new Set(options.adminEmails);
    app.decorate("isAdminEmail", (email: string) => adminEmails.has(email));
    app.decorateRequest("account", null);

    /** Accounts whose plan and team this request has read already: the guards ask more than once. */
    const settled = new WeakSet<Account>();

    /** Loads the signed-in account once per request; a session whose account is gone is ended. */
    const findAccount = async function (this: FastifyRequest): Promise<Account | null> {
      if (this.account) return this.account;
      const bearer = bearerToken(this.headers.authorization);
      if (bearer !== null) {
        const found = await options.deviceOfToken(options.db, bearer, options.clock());
        this.account = found
          ? { user: found.user, isAdmin: false, via: "device-token", device: found.device, team: null, ownPlanType: found.user.planType }
          : null;
        return this.account;
      }
      const userId = this.session?.userId;
      if (!userId) return null;
      // Read with the session unless the session was created during this request (sign-in).
      const user = this.session.account ?? (await findUserById(options.db, userId));
      if (!user) {
        await this.session.destroy();
        return null;
      }
      this.account = { user, isAdmin: adminEmails.has(user.email), via: "session", device: null, team: null, ownPlanType: user.planType };
      return this.account;
    };
    app.decorateRequest("loadAccount", async function loadAccount(this: FastifyRequest): Promise<Account | null> {
      const account = await findAccount.call(this);
      // A paid plan whose end has come is settled here, so every route and device sees it (in memory unless it lapsed).
      if (!account || settled.has(account)) return account;
      settled.add(account);
      const now = options.clock();
      const own = await options.refreshPlan(options.db, account.user, now);
      const team = await options.teamOf(options.db, own, now);
      account.ownPlanType = own.planType;
      account.team = team?.team ?? null;
      account.user = team && team.planType !== own.planType ? { ...own, planType: team.planType } : own;
      return account;
    });
  },
  { name: "authentication" },
);

const unauthorized: ErrorResponse = { message: "Unauthorized" };
const forbidden: ErrorResponse = { message: "Forbidden: this needs an admin account" };

/** preHandler: 401 unless someone is signed in. */
export async function requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const account = await request.loadAccount();
  if (!account) return reply.code(401).send(unauthorized);
}

const browserOnly: ErrorResponse = { message: "Forbidden: sign in on the website to do this" };

/**
 * preHandler: 401 unless signed in through the browser. Payments, the profile, device tokens, the
 * account page and admin are the person's own business at the website: a device token (which lives on
 * a device that may be lost or shared) never reaches them.
 */
export async function requireSignInSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const account = await request.loadAccount();
  if (!account) return reply.code(401).send(unauthorized);
  if (account.via !== "session") return reply.code(403).send(browserOnly);
}

/**
 * preHandler for routes anyone may use signed out (paying for an address): a request with a device token
 * is refused as {@link requireSignInSession} refuses it, and a token that is not one is a 401 rather
 * than quietly anonymous.
 */
export async function refuseDeviceTokens(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (bearerToken(request.headers.authorization) === null) return;
  const account = await request.loadAccount();
  if (!account) return reply.code(401).send(unauthorized);
  if (account.via !== "session") return reply.code(403).send(browserOnly);
}

/** preHandler: 401 signed out, 403 signed in without the admin role. */
export async function requireAdmin(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const account = await request.loadAccount();
  if (!account) return reply.code(401).send(unauthorized);
  if (!account.isAdmin) return reply.code(403).send(forbidden);
}

/** The account a guarded route runs for; only call after requireUser or requireAdmin. */
export function signedInAccount(request: FastifyRequest): Account {
  if (!request.account) throw new Error("signedInAccount called on a route without requireUser");
  return request.account;
}

declare module "fastify" {
  interface FastifyInstance {
    isAdminEmail(email: string): boolean;
  }
  interface FastifyRequest {
    account: Account | null;
    loadAccount(): Promise<Account | null>;
  }
}

