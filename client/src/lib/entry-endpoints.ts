import type { getCurrentUser } from "@common/api/accounts";
import type { getPaymentsConfig } from "@common/api/payments";
import * as entryRoutes from "@common/api/entry-routes";
import type { EndpointRoute } from "./api-client";

// The entry chunk (the shell and the landing page) cannot import a contract's module: each brings zod, about
// 25 KB gzip, and the landing page's budget (150 KB, decision 010) has no room for it. These are the routes of
// the two contracts the entry chunk calls, typed by the contracts themselves, so tsc fails here when either's
// method or path changes; each answer is still checked against its contract, imported once there is an answer
// (`callByRoute`). The routes come from common/api/entry-routes.ts, which the contracts are built from.

/** GET the signed-in person (`getCurrentUser`): every page asks, visitors included. */
export const currentUserRoute: EndpointRoute<typeof getCurrentUser> = entryRoutes.currentUserRoute;

/** GET the payment provider's settings (`getPaymentsConfig`): the pricing cards' links carry its price ids. */
export const paymentsConfigRoute: EndpointRoute<typeof getPaymentsConfig> = entryRoutes.paymentsConfigRoute;

/** The contracts behind the routes, for `callByRoute`: a separate chunk, with zod. */
export const loadCurrentUserContract = async () => (await import("@common/api/accounts")).getCurrentUser;
export const loadPaymentsConfigContract = async () => (await import("@common/api/payments")).getPaymentsConfig;
