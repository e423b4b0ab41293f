-- Issue 16: the period CSV read the start, the finish and the open wait for parts of each intervention from an
-- aggregate of the whole status history, built again by each of PostgreSQL's parallel workers — at 1 M interventions
-- over five years (seed:demo --scale large) 2.2 M history rows into 960 k groups, three times, for a year's 199 k
-- rows (47 k rows/s). The per-intervention facts of 0022 / 0026 keep them instead, maintained by the same triggers
-- in the writing transaction:
--   started_at    first move to EN_COURS, else interventions.started_at (metrics-sql.ts startedAt);
--   finished_at   last move to TERMINEE, else interventions.completed_at (finishedAt) — for any status: a reopened
--                 intervention keeps the finish of its earlier completion;
--   waiting_since last real move to EN_ATTENTE_PDR (the start of the open wait of an intervention waiting now).
ALTER TABLE "intervention_facts" ADD COLUMN IF NOT EXISTS "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "intervention_facts" ADD COLUMN IF NOT EXISTS "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "intervention_facts" ADD COLUMN IF NOT EXISTS "waiting_since" timestamp with time zone;--> statement-breakpoint

-- The facts of the given interventions (0026's definition, plus the three times).
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
              THEN COALESCE(w.wait_repair_s, 0) END,
         COALESCE(t.h_started, i.started_at),
         COALESCE(t.h_finished, i.completed_at),
         t.h_waiting_since
  FROM interventions i
  JOIN equipements e ON e.id = i.equipement_id
  LEFT JOIN LATERAL (
    SELECT min(h.created_at) FILTER (WHERE h.to_statut = 'EN_COURS') AS h_started,
           max(h.created_at) FILTER (WHERE h.to_statut = 'TERMINEE') AS h_finished,
           bool_or(h.to_statut IN ('EN_PAUSE', 'EN_ATTENTE_PDR', 'ECHEC')) AS h_interrupted,
           max(h.created_at) FILTER (WHERE h.to_statut = 'EN_ATTENTE_PDR'
                                       AND h.from_statut IS DISTINCT FROM h.to_statut) AS h_waiting_since
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

-- Every fact again (0026's, plus the three times).
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
           COALESCE(t.h_interrupted, false) AS interrupted, t.h_waiting_since AS waiting_since
    FROM interventions i
    JOIN equipements e ON e.id = i.equipement_id
    LEFT JOIN (
      SELECT h.intervention_id,
             min(h.created_at) FILTER (WHERE h.to_statut = 'EN_COURS') AS h_started,
             max(h.created_at) FILTER (WHERE h.to_statut = 'TERMINEE') AS h_finished,
             bool_or(h.to_statut IN ('EN_PAUSE', 'EN_ATTENTE_PDR', 'ECHEC')) AS h_interrupted,
             max(h.created_at) FILTER (WHERE h.to_statut = 'EN_ATTENTE_PDR'
                                         AND h.from_statut IS DISTINCT FROM h.to_statut) AS h_waiting_since
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
              THEN COALESCE(w.wait_repair_s, 0) END,
         b.started, b.finished, b.waiting_since
  FROM base b LEFT JOIN w ON w.intervention_id = b.id;
  PERFORM rollup_apply_all(NULL, 1);
END $$;--> statement-breakpoint

SELECT rollup_rebuild();
