-- Issue 16: the interventions list's pages are kept per instance and served again while the data they were read from
-- is unchanged (modules/interventions/list-cache.ts). Their version is the sum of these counters, read in the same
-- snapshot as the data: every statement that writes a table the list reads adds one to a counter in its own
-- transaction, so the sum moves exactly when such a write commits, and a kept page is served only to a request that
-- reads the same sum (with its session, auth plugin). The counter is one of 32 rows, chosen by the
-- writer's transaction id: writers wait for each other only when two open transactions share a row (a single row
-- would serialize every write until its commit). server/test/list-cache.test.ts checks that each table the list's
-- statements read has the trigger.
CREATE TABLE IF NOT EXISTS list_cache_versions (
  shard smallint PRIMARY KEY,
  n bigint NOT NULL DEFAULT 0
);--> statement-breakpoint
INSERT INTO list_cache_versions (shard) SELECT g FROM generate_series(0, 31) g ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_cache_bump() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- A restore loads the archive's counters with its rows, then moves them past the version before it (ops/restore.ts).
  IF COALESCE(current_setting('gmao.list_cache_off', true), '') <> 'on' THEN
    UPDATE list_cache_versions SET n = n + 1 WHERE shard = txid_current() % 32;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The tables the list reads (their columns in interventions.repository.ts COLUMNS, their filters in whereOf).
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['interventions', 'equipements', 'clients', 'users', 'intervention_reviews'] LOOP
    EXECUTE format('DROP TRIGGER IF EXISTS list_cache_bump ON %I', t);
    EXECUTE format('CREATE TRIGGER list_cache_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
                    FOR EACH STATEMENT EXECUTE FUNCTION list_cache_bump()', t);
  END LOOP;
END $$;
