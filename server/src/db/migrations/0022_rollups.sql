-- Daily roll-ups (issue 16): the dashboard charts, performance, analytics and report summary read these instead of
-- scanning interventions and their whole status history on every page view.
--
-- intervention_facts: one row per VISIBLE intervention (not trashed, not archived) with what the metrics of
--   domain/src/dashboard/metrics.ts need, the history timing already resolved (first start, last completion,
--   interrupted); an intervention leaves the table when it is trashed, archived or deleted.
-- rollup_daily: the facts summed per day × client × equipment type × technician × statut × urgence (the report's
--   client / technician filters), and narrower roll-ups of the same facts below.
--
-- Both are maintained by statement-level triggers (transition tables) on interventions, intervention_history and
-- equipements, in the SAME transaction as the write, whichever service makes it: the status writer, creation,
-- edition, trash/restore/archive, assignment, equipment edits. rollup_refresh(ids) subtracts what an intervention
-- contributed, recomputes its facts from the current rows and adds them back, so the roll-up is always the exact sum
-- of the facts, and the facts are exactly what the full recomputation gives (server/test/rollups.test.ts).
-- Bulk loaders (bench, demo seed) set gmao.rollups_off = 'on' for their transaction and call rollup_rebuild().
-- Durations are kept in seconds as numeric: sums stay exact through any number of subtractions.
CREATE TABLE IF NOT EXISTS "intervention_facts" (
  "intervention_id" integer PRIMARY KEY,
  "day" date NOT NULL,
  "client_id" integer NOT NULL,
  "equipement_id" integer NOT NULL,
  "type_equipement" varchar(50),
  "technician_id" integer,
  "statut" varchar(20) NOT NULL,
  "urgence" boolean NOT NULL,
  "cout" numeric(14, 2),
  "start_s" numeric,
  "repair_s" numeric,
  "interrupted" boolean NOT NULL
);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "intervention_facts_day_idx" ON "intervention_facts" ("day", "equipement_id");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "rollup_daily" (
  "day" date NOT NULL,
  "client_id" integer NOT NULL,
  "type_equipement" varchar(50),
  "technician_id" integer,
  "statut" varchar(20) NOT NULL,
  "urgence" boolean NOT NULL,
  "n" integer NOT NULL,
  "n_start" integer NOT NULL,
  "sum_start_s" numeric NOT NULL,
  "n_repair" integer NOT NULL,
  "sum_repair_s" numeric NOT NULL,
  "n_interrupted" integer NOT NULL,
  "sum_cout" numeric(18, 2) NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "rollup_daily_key" ON "rollup_daily"
  ("day", "client_id", "type_equipement", "technician_id", "statut", "urgence") NULLS NOT DISTINCT;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rollup_daily_open_idx" ON "rollup_daily" ("day")
  WHERE "statut" IN ('PLANIFIEE', 'EN_ATTENTE_PDR', 'EN_COURS', 'EN_PAUSE');--> statement-breakpoint

-- Narrower roll-ups of the same facts, for the figures over all clients (a day holds few rows in each):
-- day × statut × urgence (totals, series, performance, backlog), day × technician × statut (workload),
-- day × equipment type, day × client.
CREATE TABLE IF NOT EXISTS "rollup_day_status" (
  "day" date NOT NULL,
  "statut" varchar(20) NOT NULL,
  "urgence" boolean NOT NULL,
  "n" integer NOT NULL,
  "n_start" integer NOT NULL,
  "sum_start_s" numeric NOT NULL,
  "n_repair" integer NOT NULL,
  "sum_repair_s" numeric NOT NULL,
  "n_interrupted" integer NOT NULL,
  "sum_cout" numeric(18, 2) NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "rollup_day_status_key" ON "rollup_day_status" ("day", "statut", "urgence");--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "rollup_day_technician" (
  "day" date NOT NULL,
  "technician_id" integer,
  "statut" varchar(20) NOT NULL,
  "n" integer NOT NULL,
  "n_start" integer NOT NULL,
  "sum_start_s" numeric NOT NULL,
  "n_repair" integer NOT NULL,
  "sum_repair_s" numeric NOT NULL,
  "n_interrupted" integer NOT NULL,
  "sum_cout" numeric(18, 2) NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "rollup_day_technician_key" ON "rollup_day_technician" ("day", "technician_id", "statut") NULLS NOT DISTINCT;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "rollup_day_type" (
  "day" date NOT NULL,
  "type_equipement" varchar(50),
  "n" integer NOT NULL,
  "n_start" integer NOT NULL,
  "sum_start_s" numeric NOT NULL,
  "n_repair" integer NOT NULL,
  "sum_repair_s" numeric NOT NULL,
  "n_interrupted" integer NOT NULL,
  "sum_cout" numeric(18, 2) NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "rollup_day_type_key" ON "rollup_day_type" ("day", "type_equipement") NULLS NOT DISTINCT;--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "rollup_day_client" (
  "day" date NOT NULL,
  "client_id" integer NOT NULL,
  "n" integer NOT NULL,
  "n_start" integer NOT NULL,
  "sum_start_s" numeric NOT NULL,
  "n_repair" integer NOT NULL,
  "sum_repair_s" numeric NOT NULL,
  "n_interrupted" integer NOT NULL,
  "sum_cout" numeric(18, 2) NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "rollup_day_client_key" ON "rollup_day_client" ("day", "client_id");--> statement-breakpoint

-- Groups emptied by a change are deleted at once, found through these (tiny) partial indexes.
CREATE INDEX IF NOT EXISTS "rollup_daily_empty_idx" ON "rollup_daily" ("day") WHERE "n" = 0;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rollup_day_status_empty_idx" ON "rollup_day_status" ("day") WHERE "n" = 0;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rollup_day_technician_empty_idx" ON "rollup_day_technician" ("day") WHERE "n" = 0;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rollup_day_type_empty_idx" ON "rollup_day_type" ("day") WHERE "n" = 0;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "rollup_day_client_empty_idx" ON "rollup_day_client" ("day") WHERE "n" = 0;--> statement-breakpoint

-- The facts of the given interventions, computed from the current rows (the definitions of server/src/db/metrics-sql.ts).
CREATE OR REPLACE FUNCTION rollup_facts_of(ids integer[]) RETURNS SETOF intervention_facts
LANGUAGE sql STABLE AS $$
  SELECT i.id, i.date, i.client_id, i.equipement_id, e.type_equipement, i.technician_id, i.statut, i.urgence, e.cout,
         extract(epoch FROM (COALESCE(t.h_started, i.started_at) - i.created_at)),
         CASE WHEN i.statut = 'TERMINEE'
              THEN extract(epoch FROM (COALESCE(t.h_finished, i.completed_at) - COALESCE(t.h_started, i.started_at))) END,
         COALESCE(t.h_interrupted, false)
  FROM interventions i
  JOIN equipements e ON e.id = i.equipement_id
  LEFT JOIN LATERAL (
    SELECT min(h.created_at) FILTER (WHERE h.to_statut = 'EN_COURS') AS h_started,
           max(h.created_at) FILTER (WHERE h.to_statut = 'TERMINEE') AS h_finished,
           bool_or(h.to_statut IN ('EN_PAUSE', 'EN_ATTENTE_PDR', 'ECHEC')) AS h_interrupted
    FROM intervention_history h WHERE h.intervention_id = i.id) t ON true
  WHERE i.id = ANY(ids) AND i.deleted_at IS NULL AND i.archived_at IS NULL
$$;--> statement-breakpoint

-- Adds (sign 1) or takes away (sign -1) the current facts of `ids` (all of them when ids is null) in one roll-up
-- table whose key columns are `keys`.
CREATE OR REPLACE FUNCTION rollup_apply(tbl text, keys text, ids integer[], sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO %1$I AS t (%2$s, n, n_start, sum_start_s, n_repair, sum_repair_s, n_interrupted, sum_cout)
     SELECT %2$s, $2 * count(*), $2 * count(start_s), $2 * COALESCE(sum(start_s), 0), $2 * count(repair_s),
            $2 * COALESCE(sum(repair_s), 0), $2 * count(*) FILTER (WHERE interrupted), $2 * COALESCE(sum(cout), 0)
     FROM intervention_facts %3$s
     GROUP BY %2$s
     ON CONFLICT (%2$s) DO UPDATE
       SET n = t.n + excluded.n, n_start = t.n_start + excluded.n_start,
           sum_start_s = t.sum_start_s + excluded.sum_start_s, n_repair = t.n_repair + excluded.n_repair,
           sum_repair_s = t.sum_repair_s + excluded.sum_repair_s,
           n_interrupted = t.n_interrupted + excluded.n_interrupted, sum_cout = t.sum_cout + excluded.sum_cout',
    tbl, keys, CASE WHEN ids IS NULL THEN '' ELSE 'WHERE intervention_id = ANY($1)' END) USING ids, sign;
  IF sign < 0 THEN EXECUTE format('DELETE FROM %I WHERE n = 0', tbl); END IF;
END $$;--> statement-breakpoint

-- Every roll-up table and its key.
CREATE OR REPLACE FUNCTION rollup_apply_all(ids integer[], sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rollup_apply('rollup_daily', 'day, client_id, type_equipement, technician_id, statut, urgence', ids, sign);
  PERFORM rollup_apply('rollup_day_status', 'day, statut, urgence', ids, sign);
  PERFORM rollup_apply('rollup_day_technician', 'day, technician_id, statut', ids, sign);
  PERFORM rollup_apply('rollup_day_type', 'day, type_equipement', ids, sign);
  PERFORM rollup_apply('rollup_day_client', 'day, client_id', ids, sign);
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION rollup_refresh(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR cardinality(ids) = 0 THEN RETURN; END IF;
  -- One writer of the roll-ups at a time, until its transaction ends: two status changes of the same day would
  -- otherwise lock the same roll-up rows in opposite orders (X → Y and Y → X) and deadlock.
  PERFORM pg_advisory_xact_lock(hashtext('gmao.rollups'));
  -- take away what these interventions contributed, recompute their facts, add them back
  PERFORM rollup_apply_all(ids, -1);
  DELETE FROM intervention_facts WHERE intervention_id = ANY(ids);
  INSERT INTO intervention_facts SELECT * FROM rollup_facts_of(ids);
  PERFORM rollup_apply_all(ids, 1);
END $$;--> statement-breakpoint

-- Everything from scratch (after a bulk load, or to repair): one pass over interventions and their history.
CREATE OR REPLACE FUNCTION rollup_rebuild() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('gmao.rollups'));
  DELETE FROM rollup_daily;
  DELETE FROM rollup_day_status;
  DELETE FROM rollup_day_technician;
  DELETE FROM rollup_day_type;
  DELETE FROM rollup_day_client;
  DELETE FROM intervention_facts;
  INSERT INTO intervention_facts
  SELECT i.id, i.date, i.client_id, i.equipement_id, e.type_equipement, i.technician_id, i.statut, i.urgence, e.cout,
         extract(epoch FROM (COALESCE(t.h_started, i.started_at) - i.created_at)),
         CASE WHEN i.statut = 'TERMINEE'
              THEN extract(epoch FROM (COALESCE(t.h_finished, i.completed_at) - COALESCE(t.h_started, i.started_at))) END,
         COALESCE(t.h_interrupted, false)
  FROM interventions i
  JOIN equipements e ON e.id = i.equipement_id
  LEFT JOIN (
    SELECT h.intervention_id,
           min(h.created_at) FILTER (WHERE h.to_statut = 'EN_COURS') AS h_started,
           max(h.created_at) FILTER (WHERE h.to_statut = 'TERMINEE') AS h_finished,
           bool_or(h.to_statut IN ('EN_PAUSE', 'EN_ATTENTE_PDR', 'ECHEC')) AS h_interrupted
    FROM intervention_history h GROUP BY h.intervention_id) t ON t.intervention_id = i.id
  WHERE i.deleted_at IS NULL AND i.archived_at IS NULL;
  PERFORM rollup_apply_all(NULL, 1);
END $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION rollup_enabled() RETURNS boolean
LANGUAGE sql STABLE AS $$ SELECT COALESCE(current_setting('gmao.rollups_off', true), '') <> 'on' $$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION rollup_on_interventions_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF rollup_enabled() THEN PERFORM rollup_refresh(ARRAY(SELECT id FROM new_rows)); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION rollup_on_interventions_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  -- only the rows whose measured columns changed (a version bump, a description edit… leave the figures alone)
  IF rollup_enabled() THEN
    PERFORM rollup_refresh(ARRAY(
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (o.date, o.client_id, o.equipement_id, o.technician_id, o.statut, o.urgence, o.started_at,
             o.completed_at, o.created_at, o.deleted_at IS NULL, o.archived_at IS NULL)
            IS DISTINCT FROM
            (n.date, n.client_id, n.equipement_id, n.technician_id, n.statut, n.urgence, n.started_at,
             n.completed_at, n.created_at, n.deleted_at IS NULL, n.archived_at IS NULL)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION rollup_on_interventions_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF rollup_enabled() THEN PERFORM rollup_refresh(ARRAY(SELECT id FROM old_rows)); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION rollup_on_history_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF rollup_enabled() THEN PERFORM rollup_refresh(ARRAY(SELECT DISTINCT intervention_id FROM new_rows)); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION rollup_on_history_delete() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF rollup_enabled() THEN PERFORM rollup_refresh(ARRAY(SELECT DISTINCT intervention_id FROM old_rows)); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION rollup_on_history_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF rollup_enabled() THEN
    PERFORM rollup_refresh(ARRAY(SELECT intervention_id FROM new_rows UNION SELECT intervention_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION rollup_on_equipements_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF rollup_enabled() THEN
    PERFORM rollup_refresh(ARRAY(
      SELECT i.id FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN interventions i ON i.equipement_id = n.id
      WHERE (o.type_equipement, o.cout) IS DISTINCT FROM (n.type_equipement, n.cout)));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint

DROP TRIGGER IF EXISTS rollup_interventions_insert ON interventions;--> statement-breakpoint
CREATE TRIGGER rollup_interventions_insert AFTER INSERT ON interventions
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_on_interventions_insert();--> statement-breakpoint
DROP TRIGGER IF EXISTS rollup_interventions_update ON interventions;--> statement-breakpoint
CREATE TRIGGER rollup_interventions_update AFTER UPDATE ON interventions
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION rollup_on_interventions_update();--> statement-breakpoint
DROP TRIGGER IF EXISTS rollup_interventions_delete ON interventions;--> statement-breakpoint
CREATE TRIGGER rollup_interventions_delete AFTER DELETE ON interventions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_on_interventions_delete();--> statement-breakpoint
DROP TRIGGER IF EXISTS rollup_history_insert ON intervention_history;--> statement-breakpoint
CREATE TRIGGER rollup_history_insert AFTER INSERT ON intervention_history
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_on_history_insert();--> statement-breakpoint
DROP TRIGGER IF EXISTS rollup_history_update ON intervention_history;--> statement-breakpoint
CREATE TRIGGER rollup_history_update AFTER UPDATE ON intervention_history
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION rollup_on_history_update();--> statement-breakpoint
DROP TRIGGER IF EXISTS rollup_history_delete ON intervention_history;--> statement-breakpoint
CREATE TRIGGER rollup_history_delete AFTER DELETE ON intervention_history
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rollup_on_history_delete();--> statement-breakpoint
DROP TRIGGER IF EXISTS rollup_equipements_update ON equipements;--> statement-breakpoint
CREATE TRIGGER rollup_equipements_update AFTER UPDATE ON equipements
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT
  EXECUTE FUNCTION rollup_on_equipements_update();--> statement-breakpoint

SELECT rollup_rebuild();
--> statement-breakpoint
-- The list filtered by technician, in the list's order (date DESC, id DESC), without sorting every assigned row.
CREATE INDEX IF NOT EXISTS "interventions_technician_date_idx" ON "interventions" ("technician_id", "date", "id");
