-- Issue 16: the interventions list reads its page's ids and its bounded count (up to 10,001 rows) from the visible
-- rows (neither deleted nor archived) in list order, unfiltered or by status (the list's tabs). On
-- interventions_date_idx / interventions_statut_idx each entry meant a heap fetch to test deleted_at / archived_at
-- (status EN_COURS at 1 M rows: ~40 ms for the count, as much for the page); on these partial indexes both are
-- index-only scans.
CREATE INDEX IF NOT EXISTS "interventions_visible_idx" ON "interventions" ("date", "id") WHERE "deleted_at" IS NULL AND "archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "interventions_visible_statut_idx" ON "interventions" ("statut", "date", "id") WHERE "deleted_at" IS NULL AND "archived_at" IS NULL;
