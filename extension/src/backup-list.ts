/** The Session Manager's list of backups, newest first, as the popup lists them: the web app's own contract. */
export { listBackups } from "@common/api/backups";
export type { BackupSummary } from "@common/api/backups";
