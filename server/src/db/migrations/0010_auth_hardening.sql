-- Authentication hardening (security issue, ASVS V2/V3).
-- Failed-login and registration counters shared by every app instance: one row per key ('acct:<lower username>',
-- 'ip:<address>', 'global', 'register:<address>', 'register:global'); a fixed window of failures from window_start
-- and, once a key passes its threshold, a growing but bounded delay (blocked_until). See auth-throttle.ts.
CREATE TABLE IF NOT EXISTS "auth_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- Stale rows (window over, no block) are deleted once per window; this index finds them.
CREATE INDEX IF NOT EXISTS "auth_throttle_window_idx" ON "auth_throttle" USING btree ("window_start");--> statement-breakpoint
-- Accounts whose password an administrator chose (creation, reset) must change it at their first login.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The per-request session check looks for a live (not revoked) refresh token of the access token's family.
CREATE INDEX IF NOT EXISTS "refresh_tokens_live_family_idx" ON "refresh_tokens" USING btree ("family_id") WHERE "revoked_at" IS NULL;
