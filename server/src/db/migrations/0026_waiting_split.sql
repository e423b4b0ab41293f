-- Waiting for parts apart from repair time (issue 18; ARCHITECTURE.md "Spare parts and stock"). The per-intervention
-- facts of 0022 gain, from the status history ordered by (created_at, id), keeping only real status changes:
--   wait_s        seconds spent in EN_ATTENTE_PDR over the closed spans (a span ends at the next status change; the
--                 span still open of an intervention waiting now is not in the facts: it grows with the clock);
--   wait_repair_s for a completed intervention (repair_s not null), the part of that waiting inside its repair span
--                 (first EN_COURS → last TERMINEE), so repair time without waiting = repair_s − wait_repair_s.
-- Every roll-up sums both (sum_wait_s, sum_wait_repair_s). The same trigger path as 0022 keeps them; rollup_rebuild()
-- windows only the history of interventions that ever waited for parts.
ALTER TABLE "intervention_facts" ADD COLUMN IF NOT EXISTS "wait_s" numeric;--> statement-breakpoint
ALTER TABLE "intervention_facts" ADD COLUMN IF NOT EXISTS "wait_repair_s" numeric;--> statement-breakpoint
ALTER TABLE "rollup_daily" ADD COLUMN IF NOT EXISTS "sum_wait_s" numeric NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "rollup_daily" ADD COLUMN IF NOT EXISTS "sum_wait_repair_s" numeric NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "rollup_day_status" ADD COLUMN IF NOT EXISTS "sum_wait_s" numeric NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "rollup_day_status" ADD COLUMN IF NOT EXISTS "sum_wait_repair_s" numeric NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "rollup_day_technician" ADD COLUMN IF NOT EXISTS "sum_wait_s" numeric NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "rollup_day_technician" ADD COLUMN IF NOT EXISTS "sum_wait_repair_s" numeric NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "rollup_day_type" ADD COLUMN IF NOT EXISTS "sum_wait_s" numeric NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "rollup_day_type" ADD COLUMN IF NOT EXISTS "sum_wait_repair_s" numeric NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "rollup_day_client" ADD COLUMN IF NOT EXISTS "sum_wait_s" numeric NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE "rollup_day_client" ADD COLUMN IF NOT EXISTS "sum_wait_repair_s" numeric NOT NULL DEFAULT 0;--> statement-breakpoint
-- Finds the interventions that ever waited for parts without reading the whole history.
CREATE INDEX IF NOT EXISTS "intervention_history_waiting_idx" ON "intervention_history" ("intervention_id")
  WHERE "to_statut" = 'EN_ATTENTE_PDR';--> statement-breakpoint

-- The facts of the given interventions (0022's definition, plus the two waiting figures).
CREATE OR REPLACE FUNCTION rollup_facts_of(ids integer[]) RETURNS SETOF intervention_facts
LANGUAGE sql STABLE AS $$
  SELECT i.id, i.date, i.client_id, i.equipement_id, e.type_equipement, i.technician_id, i.statut, i.urgence, e.cout,
         extract(epoch FROM (COALESCE(t.h_started, i.started_at) - i.created_at)),
         CASE WHEN i.statut = 'TERMINEE'
              THEN extract(epoch FROM (COALESCE(t.h_finished, i.completed_at) - COALESCE(t.h_started, i.started_at))) END,
         COALESCE(t.h_interrupted, false),
         w.wait_s,
         CASE WHEN i.statut = 'TERMINEE' AND COALESCE(t.h_finished, i.completed_at) IS NOT NULL
                   AND COALESCE(t.h_started, i.started_at) IS NOT NULL
              THEN COALESCE(w.wait_repair_s, 0) END
  FROM interventions i
  JOIN equipements e ON e.id = i.equipement_id
  LEFT JOIN LATERAL (
    SELECT min(h.created_at) FILTER (WHERE h.to_statut = 'EN_COURS') AS h_started,
           max(h.created_at) FILTER (WHERE h.to_statut = 'TERMINEE') AS h_finished,
           bool_or(h.to_statut IN ('EN_PAUSE', 'EN_ATTENTE_PDR', 'ECHEC')) AS h_interrupted
    FROM intervention_history h WHERE h.intervention_id = i.id) t ON true
  LEFT JOIN LATERAL (
    SELECT sum(extract(epoch FROM (s.t_end - s.t_from))) AS wait_s,
           sum(greatest(0, extract(epoch FROM (
             least(s.t_end, COALESCE(t.h_finished, i.completed_at))
             - greatest(s.t_from, COALESCE(t.h_started, i.started_at)))))) AS wait_repair_s
    FROM (SELECT h.to_statut, h.created_at AS t_from,
                 lead(h.created_at) OVER (ORDER BY h.created_at, h.id) AS t_end
          FROM intervention_history h
          WHERE h.intervention_id = i.id AND h.to_statut IS NOT NULL
            AND h.from_statut IS DISTINCT FROM h.to_statut) s
    WHERE s.to_statut = 'EN_ATTENTE_PDR' AND s.t_end IS NOT NULL) w ON t.h_interrupted
  WHERE i.id = ANY(ids) AND i.deleted_at IS NULL AND i.archived_at IS NULL
$$;--> statement-breakpoint

CREATE OR REPLACE FUNCTION rollup_apply(tbl text, keys text, ids integer[], sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO %1$I AS t (%2$s, n, n_start, sum_start_s, n_repair, sum_repair_s, n_interrupted, sum_cout,
                           sum_wait_s, sum_wait_repair_s)
     SELECT %2$s, $2 * count(*), $2 * count(start_s), $2 * COALESCE(sum(start_s), 0), $2 * count(repair_s),
            $2 * COALESCE(sum(repair_s), 0), $2 * count(*) FILTER (WHERE interrupted), $2 * COALESCE(sum(cout), 0),
            $2 * COALESCE(sum(wait_s), 0), $2 * COALESCE(sum(wait_repair_s), 0)
     FROM intervention_facts %3$s
     GROUP BY %2$s
     ON CONFLICT (%2$s) DO UPDATE
       SET n = t.n + excluded.n, n_start = t.n_start + excluded.n_start,
           sum_start_s = t.sum_start_s + excluded.sum_start_s, n_repair = t.n_repair + excluded.n_repair,
           sum_repair_s = t.sum_repair_s + excluded.sum_repair_s,
           n_interrupted = t.n_interrupted + excluded.n_interrupted, sum_cout = t.sum_cout + excluded.sum_cout,
           sum_wait_s = t.sum_wait_s + excluded.sum_wait_s,
           sum_wait_repair_s = t.sum_wait_repair_s + excluded.sum_wait_repair_s',
    tbl, keys, CASE WHEN ids IS NULL THEN '' ELSE 'WHERE intervention_id = ANY($1)' END) USING ids, sign;
  IF sign < 0 THEN EXECUTE format('DELETE FROM %I WHERE n = 0', tbl); END IF;
END $$;--> statement-breakpoint

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
  WITH base AS (
    SELECT i.id, i.date, i.client_id, i.equipement_id, e.type_equipement, i.technician_id, i.statut, i.urgence, e.cout,
           i.created_at, COALESCE(t.h_started, i.started_at) AS started, COALESCE(t.h_finished, i.completed_at) AS finished,
           COALESCE(t.h_interrupted, false) AS interrupted
    FROM interventions i
    JOIN equipements e ON e.id = i.equipement_id
    LEFT JOIN (
      SELECT h.intervention_id,
             min(h.created_at) FILTER (WHERE h.to_statut = 'EN_COURS') AS h_started,
             max(h.created_at) FILTER (WHERE h.to_statut = 'TERMINEE') AS h_finished,
             bool_or(h.to_statut IN ('EN_PAUSE', 'EN_ATTENTE_PDR', 'ECHEC')) AS h_interrupted
      FROM intervention_history h GROUP BY h.intervention_id) t ON t.intervention_id = i.id
    WHERE i.deleted_at IS NULL AND i.archived_at IS NULL
  ), spans AS (
    SELECT h.intervention_id, h.to_statut, h.created_at AS t_from,
           lead(h.created_at) OVER (PARTITION BY h.intervention_id ORDER BY h.created_at, h.id) AS t_end
    FROM intervention_history h
    WHERE h.intervention_id IN (SELECT intervention_id FROM intervention_history WHERE to_statut = 'EN_ATTENTE_PDR')
      AND h.to_statut IS NOT NULL AND h.from_statut IS DISTINCT FROM h.to_statut
  ), w AS (
    SELECT s.intervention_id,
           sum(extract(epoch FROM (s.t_end - s.t_from))) AS wait_s,
           sum(greatest(0, extract(epoch FROM (least(s.t_end, b.finished) - greatest(s.t_from, b.started)))))
             AS wait_repair_s
    FROM spans s JOIN base b ON b.id = s.intervention_id
    WHERE s.to_statut = 'EN_ATTENTE_PDR' AND s.t_end IS NOT NULL
    GROUP BY s.intervention_id
  )
  SELECT b.id, b.date, b.client_id, b.equipement_id, b.type_equipement, b.technician_id, b.statut, b.urgence, b.cout,
         extract(epoch FROM (b.started - b.created_at)),
         CASE WHEN b.statut = 'TERMINEE' THEN extract(epoch FROM (b.finished - b.started)) END,
         b.interrupted,
         w.wait_s,
         CASE WHEN b.statut = 'TERMINEE' AND b.finished IS NOT NULL AND b.started IS NOT NULL
              THEN COALESCE(w.wait_repair_s, 0) END
  FROM base b LEFT JOIN w ON w.intervention_id = b.id;
  PERFORM rollup_apply_all(NULL, 1);
END $$;--> statement-breakpoint

SELECT rollup_rebuild();
--> statement-breakpoint
-- Issue 18, cancelling: a material line issued (SORTIE) whose intervention is then cancelled (reopened and cancelled)
-- goes back to its location with a RETOUR movement and is RETOURNEE.
ALTER TABLE "intervention_materials" DROP CONSTRAINT IF EXISTS "intervention_materials_stock_state_check";--> statement-breakpoint
ALTER TABLE "intervention_materials" ADD CONSTRAINT "intervention_materials_stock_state_check"
  CHECK ("stock_state" IN ('RESERVEE', 'SORTIE', 'LIBEREE', 'RETOURNEE'));
