import { defineEndpoint } from "@common/api/endpoint";
import { errorResponseSchema } from "@common/api/errors";
// The one import of the sessions contract: it is moving to common/api/backups.ts, fix it here.
import { savedSessionListSchema, type SavedSessionSummary } from "@common/api/sessions";

export type BackupSummary = SavedSessionSummary;

/** The Session Manager's list of backups, newest first, as the popup lists them. */
export const listBackups = defineEndpoint({
  method: "GET",
  path: "/api/saved-sessions",
  responses: { 200: savedSessionListSchema, 401: errorResponseSchema, 403: errorResponseSchema },
});
