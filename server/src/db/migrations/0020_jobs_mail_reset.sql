-- Durable jobs on PostgreSQL (issue 15; ARCHITECTURE.md "Jobs and e-mail"): a job is enqueued in the transaction of
-- the change that asks for it (rolled back with it), claimed by one instance at a time (FOR UPDATE SKIP LOCKED + a
-- lease), retried with exponential backoff, and kept once done (purged after 30 days). `unique_key` makes an
-- enqueue idempotent (a retried request or a second instance enqueues nothing new).
CREATE TABLE IF NOT EXISTS "jobs" (
	"id" bigserial PRIMARY KEY,
	"name" varchar(60) NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 8 NOT NULL,
	"locked_until" timestamp with time zone,
	"done_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"last_error" text,
	"unique_key" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_unique_key_uq" UNIQUE ("unique_key")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "jobs_ready_idx" ON "jobs" ("run_at", "id") WHERE "done_at" IS NULL AND "failed_at" IS NULL;--> statement-breakpoint
-- Settings an administrator changes from the application (the SMTP server); secrets never leave the server.
CREATE TABLE IF NOT EXISTS "app_settings" (
	"key" varchar(60) PRIMARY KEY,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- The users' e-mail addresses (password recovery, e-mail notifications): optional, unique regardless of case.
ALTER TABLE "users" ADD COLUMN IF NOT EXISTS "email" varchar(254);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "users_email_lower_uq" ON "users" (lower("email")) WHERE "email" IS NOT NULL;--> statement-breakpoint
-- Password recovery links: only the SHA-256 of the token is stored; single use, 30 minutes.
CREATE TABLE IF NOT EXISTS "password_reset_tokens" (
	"id" bigserial PRIMARY KEY,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_hash_uq" UNIQUE ("token_hash")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "password_reset_tokens_user_idx" ON "password_reset_tokens" ("user_id");
