-- Scheduling (spec §7 POST/PUT /interventions/{id}/schedule): the planned start of the work, date and time, distinct
-- from the intervention's date, and its planned duration in minutes (domain/src/interventions/schedule-schemas.ts:
-- DUREE_PREVUE_MAX = 43200, 30 days). Times are instants (timestamptz); a time sent without a zone is Casablanca's.
-- The index serves the list's planned_from / planned_to filter (and the planning calendar built on it).
ALTER TABLE "interventions" ADD COLUMN IF NOT EXISTS "planned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN IF NOT EXISTS "duree_prevue" integer;--> statement-breakpoint
ALTER TABLE "interventions" ADD CONSTRAINT "interventions_duree_prevue_check"
CHECK ("duree_prevue" IS NULL OR ("duree_prevue" BETWEEN 1 AND 43200));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "interventions_planned_at_idx" ON "interventions" ("planned_at", "id") WHERE "planned_at" IS NOT NULL;
