CREATE TABLE "automation_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"enabled" boolean NOT NULL,
	"min_tabs" integer,
	"time_of_day" text,
	"backup_name" text,
	"tag" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "automation_rules_kind_check" CHECK ("automation_rules"."kind" in ('window_close', 'daily', 'startup')),
	CONSTRAINT "automation_rules_parameters_check" CHECK (("automation_rules"."kind" = 'window_close' and "automation_rules"."min_tabs" is not null and "automation_rules"."time_of_day" is null and "automation_rules"."backup_name" is not null)
        or ("automation_rules"."kind" = 'daily' and "automation_rules"."time_of_day" is not null and "automation_rules"."min_tabs" is null and "automation_rules"."backup_name" is not null)
        or ("automation_rules"."kind" = 'startup' and "automation_rules"."min_tabs" is null and "automation_rules"."time_of_day" is null and "automation_rules"."backup_name" is null and "automation_rules"."tag" is null))
);
--> statement-breakpoint
ALTER TABLE "automation_rules" ADD CONSTRAINT "automation_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automation_rules_user_id_idx" ON "automation_rules" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "automation_rules_one_startup_idx" ON "automation_rules" USING btree ("user_id") WHERE "automation_rules"."kind" = 'startup';