-- Intervention checklist: one row per item, created from the equipment type with the intervention.
CREATE TABLE IF NOT EXISTS "intervention_checklist_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"intervention_id" integer NOT NULL REFERENCES "interventions"("id") ON DELETE cascade,
	"position" integer NOT NULL,
	"label" varchar(200) NOT NULL,
	"checked" boolean DEFAULT false NOT NULL,
	"checked_at" timestamp with time zone,
	"checked_by" integer REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "intervention_checklist_items_intervention_idx" ON "intervention_checklist_items" USING btree ("intervention_id", "position", "id");--> statement-breakpoint
-- The list's 'Archivées' and 'Corbeille' scopes (the active scope uses the existing indexes).
CREATE INDEX IF NOT EXISTS "interventions_archived_idx" ON "interventions" USING btree ("date", "id") WHERE "archived_at" IS NOT NULL AND "deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "interventions_deleted_idx" ON "interventions" USING btree ("date", "id") WHERE "deleted_at" IS NOT NULL;
