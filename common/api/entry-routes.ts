/**
 * The method and path of the two endpoints the web app's entry chunk calls before anything else loads. They
 * live here, without zod, so the landing page can name them without downloading a contract's schemas (its
 * 150 KB budget, decision 010); the contracts in accounts.ts and payments.ts are built from them, so the path
 * is still written once.
 */
export const currentUserRoute = { method: "GET", path: "/api/auth/user" } as const;
export const paymentsConfigRoute = { method: "GET", path: "/api/payments/config" } as const;
