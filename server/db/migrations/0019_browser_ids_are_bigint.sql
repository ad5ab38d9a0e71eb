ALTER TABLE "backup_tab_groups" ALTER COLUMN "group_id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "backup_tab_groups" ALTER COLUMN "window_id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "backup_windows" ALTER COLUMN "window_id" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "session_tabs" ALTER COLUMN "group_id" SET DATA TYPE bigint;