-- Interventions list: urgency filter and text search (description, equipment, client).
CREATE INDEX IF NOT EXISTS "interventions_urgent_idx" ON "interventions" USING btree ("date", "id") WHERE "urgence";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "interventions_open_date_idx" ON "interventions" USING btree ("date") WHERE "statut" IN ('PLANIFIEE', 'EN_ATTENTE_PDR', 'EN_COURS', 'EN_PAUSE');--> statement-breakpoint
-- Trigram indexes make ILIKE '%…%' search indexable; skipped (search still works) where pg_trgm is not installed.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm unavailable: intervention search runs without trigram indexes';
END $$;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS "interventions_description_trgm_idx" ON "interventions" USING gin ("description" gin_trgm_ops);
  END IF;
END $$;
