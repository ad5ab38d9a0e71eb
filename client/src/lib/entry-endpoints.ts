import type { getCurrentUser } from "@common/api/accounts";
import type { getPaymentsConfig } from "@common/api/payments";
import type { EndpointRoute } from "./api-client";

// The entry chunk (the shell and the landing page) cannot import a contract's module: each brings zod, about
// 25 KB gzip, and the landing page's budget (150 KB, decision 010) has no room for it. These are the routes of
// the two contracts the entry chunk calls, typed by the contracts themselves, so tsc fails here when either's
// method or path changes; each answer is still checked against its contract, imported once there is an answer
// (`callByRoute`). The only API paths written in client/src.

/** GET the signed-in person (`getCurrentUser`): every page asks, visitors included. */
// eslint-disable-next-line no-restricted-syntax -- the route of getCurrentUser, checked against it by its type
export const currentUserRoute: EndpointRoute<typeof getCurrentUser> = { method: "GET", path: "/api/auth/user" };

/** GET the payment provider's settings (`getPaymentsConfig`): the pricing cards' links carry its price ids. */
// eslint-disable-next-line no-restricted-syntax -- the route of getPaymentsConfig, checked against it by its type
export const paymentsConfigRoute: EndpointRoute<typeof getPaymentsConfig> = { method: "GET", path: "/api/payments/config" };

/** The contracts behind the routes, for `callByRoute`: a separate chunk, with zod. */
export const loadCurrentUserContract = async () => (await import("@common/api/accounts")).getCurrentUser;
export const loadPaymentsConfigContract = async () => (await import("@common/api/payments")).getPaymentsConfig;
