CREATE TABLE "open_tabs" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"browser_type" text NOT NULL,
	"captured_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"tab_count" integer NOT NULL,
	"window_count" integer NOT NULL,
	"windows" jsonb NOT NULL,
	"groups" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "open_tabs" ADD CONSTRAINT "open_tabs_device_id_device_tokens_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."device_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_tabs" ADD CONSTRAINT "open_tabs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "open_tabs_user_id_idx" ON "open_tabs" USING btree ("user_id");