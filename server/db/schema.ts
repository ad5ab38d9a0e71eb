/** The one schema drizzle-kit generates migrations from; each domain keeps its tables beside it. */
export { appEvents } from "../events/table";
export { systemLogs } from "../system-log/table";
