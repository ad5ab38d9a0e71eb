ALTER TABLE "backup_windows" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "backup_windows" ADD COLUMN "incognito" boolean DEFAULT false NOT NULL;