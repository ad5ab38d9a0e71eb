CREATE TABLE "team_shared_sessions" (
	"session_id" uuid PRIMARY KEY NOT NULL,
	"team_id" uuid NOT NULL,
	"shared_by" uuid NOT NULL,
	"shared_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "team_shared_sessions" ADD CONSTRAINT "team_shared_sessions_session_id_saved_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."saved_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_shared_sessions" ADD CONSTRAINT "team_shared_sessions_membership_fk" FOREIGN KEY ("team_id","shared_by") REFERENCES "public"."team_members"("team_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_shared_sessions_team_id_shared_at_idx" ON "team_shared_sessions" USING btree ("team_id","shared_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "team_shared_sessions_shared_by_idx" ON "team_shared_sessions" USING btree ("team_id","shared_by");