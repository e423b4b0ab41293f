-- Issue 29: two coarser roll-ups of the facts, for what the daily ones answer slowly at 1 M rows.
-- rollup_month_client: interventions per month and client — the dashboard's by-client chart summed a year of
--   rollup_day_client (~200 k rows at 2,000 clients); full months now come from here (24 k rows), the edges from the
--   daily rows (dashboard/charts.repository.ts countByClient).
-- rollup_year_equipment: interventions per calendar year and equipment — the period report of a calendar year counted
--   the distinct equipment of the year's facts (~190 k rows into 50 k groups at 50,000 equipment); a period of whole
--   calendar years now counts these rows (reports.repository.ts summaryAggregates).
-- Both are kept from intervention_facts by statement triggers (transition tables: one grouped upsert per statement,
-- so a rebuild of 1 M facts rows costs one pass), in the writing transaction, like every roll-up (migration 0022).
SELECT pg_advisory_xact_lock(hashtext('gmao.rollups'));--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "rollup_month_client" (
  "month" date NOT NULL,
  "client_id" integer NOT NULL,
  "n" integer NOT NULL,
  CONSTRAINT "rollup_month_client_pk" PRIMARY KEY ("month", "client_id")
);--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "rollup_year_equipment" (
  "year" integer NOT NULL,
  "equipement_id" integer NOT NULL,
  "n" integer NOT NULL,
  CONSTRAINT "rollup_year_equipment_pk" PRIMARY KEY ("year", "equipement_id")
);--> statement-breakpoint

-- One grouped upsert per statement and table: the deleted facts rows (old_facts) taken away, the inserted ones
-- (new_facts) added; a group brought to zero is deleted.
CREATE OR REPLACE FUNCTION rollup_coarse_trigger() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- quiet while a bulk loader or a restore has the roll-ups off (0022): rollup_rebuild() below rebuilds these too
  IF NOT rollup_enabled() THEN RETURN NULL; END IF;
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM rollup_month_client;
    DELETE FROM rollup_year_equipment;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    INSERT INTO rollup_month_client AS t (month, client_id, n)
    SELECT date_trunc('month', day::timestamp)::date, client_id, -count(*) FROM old_facts GROUP BY 1, 2
    ON CONFLICT (month, client_id) DO UPDATE SET n = t.n + excluded.n;
    INSERT INTO rollup_year_equipment AS t (year, equipement_id, n)
    SELECT extract(year FROM day)::int, equipement_id, -count(*) FROM old_facts GROUP BY 1, 2
    ON CONFLICT (year, equipement_id) DO UPDATE SET n = t.n + excluded.n;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO rollup_month_client AS t (month, client_id, n)
    SELECT date_trunc('month', day::timestamp)::date, client_id, count(*) FROM new_facts GROUP BY 1, 2
    ON CONFLICT (month, client_id) DO UPDATE SET n = t.n + excluded.n;
    INSERT INTO rollup_year_equipment AS t (year, equipement_id, n)
    SELECT extract(year FROM day)::int, equipement_id, count(*) FROM new_facts GROUP BY 1, 2
    ON CONFLICT (year, equipement_id) DO UPDATE SET n = t.n + excluded.n;
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    DELETE FROM rollup_month_client m
     USING (SELECT DISTINCT date_trunc('month', day::timestamp)::date AS month, client_id FROM old_facts) d
     WHERE m.month = d.month AND m.client_id = d.client_id AND m.n = 0;
    DELETE FROM rollup_year_equipment y
     USING (SELECT DISTINCT extract(year FROM day)::int AS year, equipement_id FROM old_facts) d
     WHERE y.year = d.year AND y.equipement_id = d.equipement_id AND y.n = 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER IF EXISTS rollup_coarse_insert ON intervention_facts;--> statement-breakpoint
DROP TRIGGER IF EXISTS rollup_coarse_update ON intervention_facts;--> statement-breakpoint
DROP TRIGGER IF EXISTS rollup_coarse_delete ON intervention_facts;--> statement-breakpoint
DROP TRIGGER IF EXISTS rollup_coarse_truncate ON intervention_facts;--> statement-breakpoint
CREATE TRIGGER rollup_coarse_insert AFTER INSERT ON intervention_facts
  REFERENCING NEW TABLE AS new_facts FOR EACH STATEMENT EXECUTE FUNCTION rollup_coarse_trigger();--> statement-breakpoint
CREATE TRIGGER rollup_coarse_update AFTER UPDATE ON intervention_facts
  REFERENCING OLD TABLE AS old_facts NEW TABLE AS new_facts FOR EACH STATEMENT EXECUTE FUNCTION rollup_coarse_trigger();--> statement-breakpoint
CREATE TRIGGER rollup_coarse_delete AFTER DELETE ON intervention_facts
  REFERENCING OLD TABLE AS old_facts FOR EACH STATEMENT EXECUTE FUNCTION rollup_coarse_trigger();--> statement-breakpoint
CREATE TRIGGER rollup_coarse_truncate AFTER TRUNCATE ON intervention_facts
  FOR EACH STATEMENT EXECUTE FUNCTION rollup_coarse_trigger();--> statement-breakpoint
-- Every coarse roll-up again from the facts. rollup_rebuild() (the facts and the daily roll-ups, 0033) becomes
-- rollup_rebuild_daily(), and rollup_rebuild() runs it then this, so the bulk loaders (seed, bench) and the restore,
-- which rebuild with the roll-ups off, get these two as well. A later migration redefining the daily rebuild replaces
-- rollup_rebuild_daily().
CREATE OR REPLACE FUNCTION rollup_coarse_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM rollup_month_client;
  DELETE FROM rollup_year_equipment;
  INSERT INTO rollup_month_client (month, client_id, n)
  SELECT date_trunc('month', day::timestamp)::date, client_id, count(*) FROM intervention_facts GROUP BY 1, 2;
  INSERT INTO rollup_year_equipment (year, equipement_id, n)
  SELECT extract(year FROM day)::int, equipement_id, count(*) FROM intervention_facts GROUP BY 1, 2;
END $$;--> statement-breakpoint
ALTER FUNCTION rollup_rebuild() RENAME TO rollup_rebuild_daily;--> statement-breakpoint
CREATE OR REPLACE FUNCTION rollup_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rollup_rebuild_daily();
  PERFORM rollup_coarse_rebuild();
END $$;--> statement-breakpoint
SELECT rollup_coarse_rebuild();
