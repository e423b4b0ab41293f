-- Issue 16: the interventions' search folded every description it read (gmao_fold: unaccent + lower, ~4 µs a call) —
-- the trigram index's recheck of each candidate row and any walk of rows in list order. At 1 M rows a word found in
-- every description ("maintenance") took 9 s. The folded description is now stored (a generated column, computed
-- on write) and the trigram index is built on it; comparing a stored text costs a tenth of folding it.
ALTER TABLE "interventions" ADD COLUMN IF NOT EXISTS "description_fold" text
  GENERATED ALWAYS AS (gmao_fold(coalesce("description", ''))) STORED;--> statement-breakpoint
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    CREATE INDEX IF NOT EXISTS interventions_description_fold_trgm_idx ON interventions USING gin (description_fold gin_trgm_ops);
  END IF;
END $$;
--> statement-breakpoint
DROP INDEX IF EXISTS "interventions_fold_trgm_idx";
