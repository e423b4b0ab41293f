-- Personal / service API tokens (issue 35): `gmao_pat_…`, shown once, kept as the SHA-256 of the whole token
-- (32 random bytes: a hash that a stolen table cannot reverse, no salt needed). A token acts with its scopes, never
-- beyond its owner's current permissions (checked on every request: a role change narrows it at once); revoked_at
-- is read on every request too, so a revocation holds on every instance at once. last_used_* are written at most
-- every 5 minutes (and whenever the address changes: that change is audited).
CREATE TABLE IF NOT EXISTS "api_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"nom" varchar(100) NOT NULL,
	"prefixe" varchar(16) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"scopes" text[] NOT NULL,
	"expire_le" timestamp with time zone NOT NULL,
	"created_by" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"last_used_ip" varchar(64),
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_tokens_token_hash_unique" UNIQUE ("token_hash")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "api_tokens_user_idx" ON "api_tokens" ("user_id");
