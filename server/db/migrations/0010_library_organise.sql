-- Hand-written: the trigram operator classes below need pg_trgm (PGlite loads it in server/db/pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "library_last_changes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"summary" text NOT NULL,
	"before" jsonb NOT NULL,
	"after_ids" uuid[] NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "saved_sessions" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "saved_sessions" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "saved_sessions" ADD COLUMN "pinned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "library_last_changes" ADD CONSTRAINT "library_last_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "session_tabs_title_trgm_idx" ON "session_tabs" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "session_tabs_url_trgm_idx" ON "session_tabs" USING gin ("url" gin_trgm_ops);