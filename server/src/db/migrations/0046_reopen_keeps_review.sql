-- Issue 30: reopening a finished intervention keeps its review history, and the toast's undo restores exactly what
-- was there. A status move records the timestamps it replaced (previous_started_at / previous_completed_at), so an
-- undo puts them back instead of stamping new ones. Leaving TERMINEE no longer deletes the review: the current row
-- of intervention_reviews moves to intervention_review_history (superseded: when, by whom, why, by which history
-- row), where an undo of that move finds it again; a technician's change to a submitted or approved record does the
-- same before submitting it again.
ALTER TABLE "intervention_history" ADD COLUMN IF NOT EXISTS "previous_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "intervention_history" ADD COLUMN IF NOT EXISTS "previous_completed_at" timestamp with time zone;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "intervention_review_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"intervention_id" integer NOT NULL REFERENCES "interventions"("id") ON DELETE cascade,
	"review_status" varchar(20) NOT NULL,
	"comment" text,
	"submitted_by" integer REFERENCES "users"("id") ON DELETE set null,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewed_by" integer REFERENCES "users"("id") ON DELETE set null,
	"reviewed_at" timestamp with time zone,
	"reason" text,
	"superseded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_by" integer REFERENCES "users"("id") ON DELETE set null,
	"superseded_motif" text,
	"history_id" integer REFERENCES "intervention_history"("id") ON DELETE set null,
	CONSTRAINT "intervention_review_history_status_ck" CHECK ("review_status" IN ('SOUMISE', 'APPROUVEE', 'REJETEE'))
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "intervention_review_history_intervention_idx" ON "intervention_review_history" USING btree ("intervention_id", "superseded_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "intervention_review_history_history_idx" ON "intervention_review_history" USING btree ("history_id");
