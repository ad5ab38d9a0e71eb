/** The one schema drizzle-kit generates migrations from; each domain keeps its tables beside it. */
export { accountDeletionTokens } from "../account-page/table";
export { deviceTokens, signInTokens, userSessions, users } from "../accounts/table";
export { contactMessages } from "../contact/table";
export { deviceAuthorizations } from "../devices/table";
export { downloadCounts } from "../downloads/table";
export { appEvents } from "../events/table";
export { rateLimitCounters } from "../rate-limits/table";
export { payments, processedPaymentEvents, subscriptions } from "../payments/table";
export { protectionEvents, protectionSettings } from "../protection/table";
export { protectedTabDays, savedSessions, sessionApplications, sessionTabs } from "../backups/table";
export { backupTabGroups, backupWindows } from "../backups/browser-tables";
export { statusIncidents } from "../status/table";
export { systemLogs } from "../system-log/table";
export { libraryLastChanges } from "../library/table";
export { openTabs } from "../open-tabs/table";
export { formEncryptionKeys } from "../encryption/table";
export { teamAuditLog, teamInvitations, teamMembers, teams } from "../teams/table";
export { teamPolicies } from "../team-policy/table";
