CREATE TABLE "backup_tab_groups" (
	"session_id" uuid NOT NULL,
	"group_id" integer NOT NULL,
	"window_id" integer NOT NULL,
	"title" text NOT NULL,
	"color" text NOT NULL,
	"collapsed" boolean NOT NULL,
	CONSTRAINT "backup_tab_groups_session_id_group_id_pk" PRIMARY KEY("session_id","group_id"),
	CONSTRAINT "backup_tab_groups_color_check" CHECK (color in ('grey', 'blue', 'red', 'yellow', 'green', 'pink', 'purple', 'cyan', 'orange'))
);
--> statement-breakpoint
CREATE TABLE "backup_windows" (
	"session_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"window_id" integer NOT NULL,
	"state" text NOT NULL,
	"focused" boolean NOT NULL,
	"left" integer,
	"top" integer,
	"width" integer,
	"height" integer,
	CONSTRAINT "backup_windows_session_id_position_pk" PRIMARY KEY("session_id","position"),
	CONSTRAINT "backup_windows_state_check" CHECK (state in ('normal', 'minimized', 'maximized', 'fullscreen'))
);
--> statement-breakpoint
CREATE TABLE "device_authorizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_code_hash" text NOT NULL,
	"user_code" text NOT NULL,
	"client_name" text NOT NULL,
	"platform" text NOT NULL,
	"scope" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"user_id" uuid,
	"interval" integer NOT NULL,
	"last_polled_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "device_authorizations_device_code_hash_unique" UNIQUE("device_code_hash"),
	CONSTRAINT "device_authorizations_user_code_unique" UNIQUE("user_code"),
	CONSTRAINT "device_authorizations_status_check" CHECK (status in ('pending', 'approved', 'denied')),
	CONSTRAINT "device_authorizations_platform_check" CHECK (platform in ('chromium', 'firefox', 'firefox_android', 'windows', 'android')),
	CONSTRAINT "device_authorizations_scope_check" CHECK (scope in ('browser', 'app'))
);
--> statement-breakpoint
ALTER TABLE "device_tokens" ADD COLUMN "scope" text DEFAULT 'app' NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_sessions" ADD COLUMN "client_snapshot_id" uuid;--> statement-breakpoint
ALTER TABLE "session_tabs" ADD COLUMN "window_position" integer;--> statement-breakpoint
ALTER TABLE "session_tabs" ADD COLUMN "pinned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "session_tabs" ADD COLUMN "group_id" integer;--> statement-breakpoint
ALTER TABLE "backup_tab_groups" ADD CONSTRAINT "backup_tab_groups_session_id_saved_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."saved_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backup_windows" ADD CONSTRAINT "backup_windows_session_id_saved_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."saved_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_authorizations" ADD CONSTRAINT "device_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_authorizations_expires_at_idx" ON "device_authorizations" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_sessions_user_id_client_snapshot_id_idx" ON "saved_sessions" USING btree ("user_id","client_snapshot_id");--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_scope_check" CHECK (scope in ('browser', 'app'));