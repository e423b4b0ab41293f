-- Versions and offline sync (ARCHITECTURE.md "Versions and sync"). Every intervention carries a version, raised by
-- one by each accepted write to the intervention or to one of its sub-records (the services call bumpVersion under
-- the row lock they already hold; no trigger: a restore COPYs rows back and must not change them). Writes may send
-- the version they were made on (If-Match: "v<n>" or `version`); a stale one is a 409 that changes nothing.
ALTER TABLE "interventions" ADD COLUMN IF NOT EXISTS "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- POST /interventions/:id/sync: one row per change a device sent (clientId is the device's id of the change), with
-- its outcome, so that a retried batch answers the same and applies nothing twice.
CREATE TABLE IF NOT EXISTS "intervention_sync_log" (
	"intervention_id" integer NOT NULL REFERENCES "interventions"("id") ON DELETE cascade,
	"client_id" varchar(64) NOT NULL,
	"change_type" varchar(20) NOT NULL,
	"applied" boolean NOT NULL,
	"reason" text,
	"recorded_at" timestamp with time zone NOT NULL,
	"user_id" integer REFERENCES "users"("id") ON DELETE set null,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intervention_sync_log_pk" PRIMARY KEY ("intervention_id", "client_id")
);
