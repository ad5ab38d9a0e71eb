ALTER TABLE "form_encryption_keys" ADD COLUMN "key_id" text;--> statement-breakpoint
ALTER TABLE "form_encryption_keys" ADD COLUMN "previous_key" text;--> statement-breakpoint
ALTER TABLE "form_encryption_keys" ADD COLUMN "previous_key_id" text;