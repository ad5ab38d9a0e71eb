ALTER TABLE "form_encryption_keys" ADD COLUMN "seals_tab_locations" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_sessions" ADD COLUMN "sealed_tab_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "session_tabs" ADD COLUMN "sealed_location" text;--> statement-breakpoint
ALTER TABLE "session_tabs" ADD CONSTRAINT "session_tabs_sealed_location_alone" CHECK ("session_tabs"."sealed_location" is null or ("session_tabs"."url" = '' and "session_tabs"."title" = '' and "session_tabs"."favicon_url" is null));