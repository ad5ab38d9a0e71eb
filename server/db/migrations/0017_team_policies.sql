CREATE TABLE "team_policies" (
	"team_id" uuid PRIMARY KEY NOT NULL,
	"protection_mode" text,
	"automatic_backup_minutes" integer,
	"never_captured_sites" text[] DEFAULT '{}'::text[] NOT NULL,
	"form_capture" text,
	"updated_by" uuid,
	"updated_by_email" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "team_policies_protection_mode_check" CHECK (protection_mode in ('block', 'backup')),
	CONSTRAINT "team_policies_automatic_backup_minutes_check" CHECK (automatic_backup_minutes in (1, 5, 15, 30, 60)),
	CONSTRAINT "team_policies_form_capture_check" CHECK (form_capture in ('on', 'off'))
);
--> statement-breakpoint
ALTER TABLE "protection_settings" ADD COLUMN "never_captured_sites" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "team_policies" ADD CONSTRAINT "team_policies_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_policies" ADD CONSTRAINT "team_policies_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;