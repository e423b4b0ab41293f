-- Intervention activity: comments, work timer sessions and attachments (files live under DATA_DIR/uploads).
CREATE TABLE IF NOT EXISTS "intervention_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"intervention_id" integer NOT NULL REFERENCES "interventions"("id") ON DELETE cascade,
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "intervention_comments_intervention_idx" ON "intervention_comments" USING btree ("intervention_id", "created_at");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "intervention_timer_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"intervention_id" integer NOT NULL REFERENCES "interventions"("id") ON DELETE cascade,
	"user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	CONSTRAINT "intervention_timer_sessions_order_ck" CHECK ("stopped_at" IS NULL OR "stopped_at" >= "started_at")
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "intervention_timer_sessions_intervention_idx" ON "intervention_timer_sessions" USING btree ("intervention_id", "started_at");--> statement-breakpoint
-- One running session per user per intervention, enforced by the database.
CREATE UNIQUE INDEX IF NOT EXISTS "intervention_timer_sessions_open_uq" ON "intervention_timer_sessions" USING btree ("intervention_id", "user_id") WHERE "stopped_at" IS NULL;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "intervention_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"intervention_id" integer NOT NULL REFERENCES "interventions"("id") ON DELETE cascade,
	"original_name" varchar(255) NOT NULL,
	"mime_type" varchar(150) NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" varchar(255) NOT NULL UNIQUE,
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "intervention_attachments_intervention_idx" ON "intervention_attachments" USING btree ("intervention_id", "id");
