/** The one schema drizzle-kit generates migrations from; each domain keeps its tables beside it. */
export { signInTokens, userSessions, users } from "../accounts/table";
export { appEvents } from "../events/table";
export { rateLimitCounters } from "../rate-limits/table";
export { systemLogs } from "../system-log/table";
