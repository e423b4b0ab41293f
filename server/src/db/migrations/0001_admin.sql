-- Administration (issue 3): a self-registered account is "pending" until an administrator activates it once.
ALTER TABLE "users" ADD COLUMN "activated_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "users" SET "activated_at" = "created_at" WHERE "enabled" = true;
--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "users_pending_idx" ON "users" USING btree ("created_at") WHERE "enabled" = false AND "activated_at" IS NULL AND "deleted_at" IS NULL;
