CREATE TABLE "device_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "device_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "protected_tab_days" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"url_hash" text NOT NULL,
	CONSTRAINT "protected_tab_days_user_id_day_url_hash_pk" PRIMARY KEY("user_id","day","url_hash")
);
--> statement-breakpoint
CREATE TABLE "protection_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "protection_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "protection_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"mode" text NOT NULL,
	"auto_backup" boolean NOT NULL,
	"cloud_sync" boolean NOT NULL,
	"smart_detection" boolean NOT NULL,
	"ai_prediction" boolean NOT NULL,
	"team_sharing" boolean NOT NULL,
	"blocked_attempts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"session_name" text NOT NULL,
	"trigger_event" text NOT NULL,
	"device_name" text,
	"browser_type" text,
	"window_id" text,
	"client_session_id" text,
	"restorable" boolean DEFAULT true NOT NULL,
	"tab_count" integer NOT NULL,
	"app_count" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session_applications" (
	"session_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"process_name" text NOT NULL,
	"window_title" text NOT NULL,
	"document_path" text,
	"last_saved" timestamp with time zone,
	"is_unsaved" boolean NOT NULL,
	"process_id" integer,
	CONSTRAINT "session_applications_session_id_position_pk" PRIMARY KEY("session_id","position")
);
--> statement-breakpoint
CREATE TABLE "session_tabs" (
	"session_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	"title" text NOT NULL,
	"favicon_url" text,
	"is_active" boolean NOT NULL,
	"last_accessed" timestamp with time zone,
	"form_data" jsonb NOT NULL,
	"scroll_x" integer NOT NULL,
	"scroll_y" integer NOT NULL,
	CONSTRAINT "session_tabs_session_id_position_pk" PRIMARY KEY("session_id","position")
);
--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protected_tab_days" ADD CONSTRAINT "protected_tab_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_events" ADD CONSTRAINT "protection_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "protection_settings" ADD CONSTRAINT "protection_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_sessions" ADD CONSTRAINT "saved_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_applications" ADD CONSTRAINT "session_applications_session_id_saved_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."saved_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_tabs" ADD CONSTRAINT "session_tabs_session_id_saved_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."saved_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_tokens_user_id_idx" ON "device_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "protection_events_user_id_created_at_idx" ON "protection_events" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "saved_sessions_user_id_created_at_idx" ON "saved_sessions" USING btree ("user_id","created_at" DESC NULLS LAST);