-- Issue 16: the interventions list reads its page's ids and its bounded count (up to 10,001 rows) from the visible
-- rows (neither deleted nor archived) in list order. On interventions_date_idx each entry meant a heap fetch to test
-- deleted_at / archived_at; on this partial index both are index-only scans.
CREATE INDEX IF NOT EXISTS "interventions_visible_idx" ON "interventions" ("date", "id") WHERE "deleted_at" IS NULL AND "archived_at" IS NULL;
