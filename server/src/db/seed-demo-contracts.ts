import { sql } from 'drizzle-orm';
import type { DbOrTx } from './database.ts';

/**
 * Issue 31: maintenance contracts for most clients (4 in 5), in a few set-based statements so that the large seed
 * (2,000 clients) pays milliseconds: one contract a client, a year long, ending between 35 and 364 days from
 * `today` (some within the 60-day notice), all of the client's equipment or its first two, the office-hours calendar
 * (the 24/7 one for one client in 7), guaranteed times per urgency and the default pause statuses, the client's
 * preventive plans as included visits, and version 1 of each. Deterministic: everything follows the client's id.
 */
export async function seedContracts(db: DbOrTx, opts: { today: string; creator: number | null }) {
  await db.execute(sql`
    WITH cal AS (
      SELECT (SELECT id FROM business_calendars WHERE nom = 'Heures ouvrées 8h-12h / 14h-18h lun-ven') AS office,
             (SELECT id FROM business_calendars WHERE nom = 'Astreinte 24/7') AS oncall)
    INSERT INTO contracts (client_id, numero, type, date_debut, date_fin, reconduction_tacite, all_equipment,
                           calendrier_id, montant_annuel_ht, creer_par)
    SELECT c.id, 'CT-' || to_char(s.start, 'YYYY') || '-' || lpad(c.id::text, 5, '0'),
           (ARRAY['COMPLET', 'CURATIF', 'PREVENTIF'])[1 + c.id % 3], s.start, s.start + 364, c.id % 2 = 0,
           c.id % 4 <> 1 OR NOT EXISTS (SELECT 1 FROM equipements e WHERE e.proprietaire_id = c.id),
           CASE WHEN c.id % 7 = 0 THEN cal.oncall ELSE cal.office END,
           (12000 + (c.id * 7919) % 180000)::numeric(14, 2), ${opts.creator}
    FROM clients c CROSS JOIN cal
    CROSS JOIN LATERAL (SELECT ${opts.today}::date - (c.id * 37) % 330 AS start) s
    WHERE c.id % 5 <> 0 AND cal.office IS NOT NULL AND cal.oncall IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM contracts k WHERE k.client_id = c.id)
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO contract_equipment (contract_id, equipement_id)
    SELECT k.id, e.id FROM contracts k
    CROSS JOIN LATERAL (SELECT id FROM equipements WHERE proprietaire_id = k.client_id ORDER BY id LIMIT 2) e
    WHERE NOT k.all_equipment AND NOT EXISTS (SELECT 1 FROM contract_versions v WHERE v.contract_id = k.id)
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO contract_plans (contract_id, plan_id)
    SELECT k.id, p.id FROM contracts k
    JOIN plans p ON p.deleted_at IS NULL AND p.client_id = k.client_id
    WHERE NOT EXISTS (SELECT 1 FROM contract_versions v WHERE v.contract_id = k.id)
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    INSERT INTO contract_versions (contract_id, version, valid_from, type, date_debut, date_fin, reconduction_tacite,
                                   all_equipment, equipement_ids, plan_ids, calendrier_id, montant_annuel_ht, creer_par)
    SELECT k.id, 1, k.date_debut::timestamptz, k.type, k.date_debut, k.date_fin, k.reconduction_tacite, k.all_equipment,
           CASE WHEN k.all_equipment THEN NULL ELSE (SELECT jsonb_agg(ce.equipement_id ORDER BY ce.equipement_id)
             FROM contract_equipment ce WHERE ce.contract_id = k.id) END,
           COALESCE((SELECT jsonb_agg(cp.plan_id ORDER BY cp.plan_id) FROM contract_plans cp WHERE cp.contract_id = k.id),
             '[]'::jsonb),
           k.calendrier_id, k.montant_annuel_ht, k.creer_par
    FROM contracts k
    WHERE NOT EXISTS (SELECT 1 FROM contract_versions v WHERE v.contract_id = k.id)`);
  // Working minutes: urgent 1 h / 4 h / 8 h, normal 4 h / 16 h / 40 h (on call, the same in round-the-clock time).
  await db.execute(sql`
    INSERT INTO contract_guarantees (contract_version_id, urgence, cible, minutes)
    SELECT v.id, g.urgence, g.cible, g.minutes FROM contract_versions v
    CROSS JOIN (VALUES (true, 'PRISE_EN_COMPTE', 60), (true, 'SUR_SITE', 240), (true, 'RETABLISSEMENT', 480),
                       (false, 'PRISE_EN_COMPTE', 240), (false, 'SUR_SITE', 960), (false, 'RETABLISSEMENT', 2400))
      AS g(urgence, cible, minutes)
    WHERE NOT EXISTS (SELECT 1 FROM contract_guarantees x WHERE x.contract_version_id = v.id)
      AND (v.type <> 'PREVENTIF' OR g.urgence)`);
  await db.execute(sql`
    INSERT INTO contract_pause_statuses (contract_version_id, statut, condition)
    SELECT v.id, p.statut, p.condition FROM contract_versions v
    CROSS JOIN (VALUES ('EN_ATTENTE_PDR', 'PIECES_CLIENT'), ('EN_PAUSE', 'ATTENTE_CLIENT')) AS p(statut, condition)
    WHERE NOT EXISTS (SELECT 1 FROM contract_pause_statuses x WHERE x.contract_version_id = v.id)`);
}

/**
 * Issue 31: the SLA clocks of the interventions the seeded contracts cover, and "hors contrat" on those created on
 * equipment none covers since their client's first contract (or since the first contract at all, for a client
 * without one) — in two set-based statements: the large seed's million interventions pay seconds, not the
 * per-intervention snapshot of sla.service.ts. The deadlines are approximate: the guaranteed working minutes
 * stretched by the calendar's ratio of the week to its working time (×1 for 24/7, ×4.2 for 40 h a week), not the
 * calendar's arithmetic (domain/sla/working-time.ts) row by row. States follow the intervention: a target reached
 * (PRISE_EN_COMPTE 2 h after the creation when assigned, else at the start; SUR_SITE at the start; RETABLISSEMENT at
 * the completion) is RESPECTE or DEPASSE by its deadline; one not reached is DEPASSE once past its deadline,
 * EN_PAUSE for a third of those waiting (parts or client), else EN_COURS; cancelled and failed interventions keep
 * only their reached clocks (as ANNULEE / ECHEC leave them). The notices of deadlines already passed count as sent,
 * so that the first run of the SLA job does not notify the whole history.
 */
export async function seedSlaClocks(db: DbOrTx) {
  await db.execute(sql`
    WITH cal AS (
      SELECT calendar_id, 10080.0 / sum(fin - debut) AS factor FROM business_calendar_intervals GROUP BY calendar_id),
    cov AS (
      SELECT i.id, i.urgence, i.statut, i.created_at, i.started_at, i.completed_at, i.technician_id,
             v.id AS version_id, cal.factor
      FROM contracts k
      JOIN contract_versions v ON v.contract_id = k.id AND v.version = k.version
      JOIN cal ON cal.calendar_id = v.calendrier_id
      JOIN interventions i ON i.client_id = k.client_id
        AND i.created_at >= (k.date_debut::timestamp AT TIME ZONE 'Africa/Casablanca')
        AND i.created_at < ((k.date_fin + 1)::timestamp AT TIME ZONE 'Africa/Casablanca')
        AND (k.all_equipment OR EXISTS (SELECT 1 FROM contract_equipment ce
               WHERE ce.contract_id = k.id AND ce.equipement_id = i.equipement_id))
      WHERE k.deleted_at IS NULL AND NOT EXISTS (SELECT 1 FROM intervention_sla s WHERE s.intervention_id = i.id)),
    c AS (
      SELECT cov.id, g.cible, cov.version_id, g.minutes, cov.created_at AS demarre, cov.statut, cov.factor,
             cov.created_at + g.minutes * cov.factor * interval '1 minute' AS echeance,
             cov.created_at + ceil(g.minutes * 0.75) * cov.factor * interval '1 minute' AS alerte,
             CASE g.cible
               WHEN 'PRISE_EN_COMPTE' THEN COALESCE(
                 CASE WHEN cov.technician_id IS NOT NULL THEN cov.created_at + interval '2 hours' END, cov.started_at)
               WHEN 'SUR_SITE' THEN cov.started_at
               ELSE cov.completed_at END AS atteint
      FROM cov JOIN contract_guarantees g ON g.contract_version_id = cov.version_id AND g.urgence = cov.urgence),
    s AS (
      SELECT c.*, CASE
          WHEN atteint IS NOT NULL THEN CASE WHEN atteint <= echeance THEN 'RESPECTE' ELSE 'DEPASSE' END
          WHEN echeance <= now() THEN 'DEPASSE'
          WHEN statut IN ('EN_PAUSE', 'EN_ATTENTE_PDR') AND id % 3 = 0 THEN 'EN_PAUSE'
          ELSE 'EN_COURS' END AS e
      FROM c WHERE atteint IS NOT NULL OR statut NOT IN ('ANNULEE', 'ECHEC'))
    INSERT INTO intervention_sla (intervention_id, cible, contract_version_id, objectif_minutes, demarre_le, echeance,
                                  alerte_le, etat, consomme_minutes, pause_depuis, atteint_le, notified_75_at,
                                  notified_100_at)
    SELECT id, cible, version_id, minutes, demarre, echeance, alerte,
           e,
           CASE WHEN atteint IS NULL THEN 0
                ELSE greatest(0, round(extract(epoch FROM atteint - demarre) / 60 / factor))::int END,
           CASE WHEN e = 'EN_PAUSE' THEN now() - interval '1 hour' END,
           atteint,
           CASE WHEN alerte <= now() THEN alerte END,
           CASE WHEN e = 'DEPASSE' THEN echeance END
    FROM s
    ON CONFLICT DO NOTHING`);
  await db.execute(sql`
    UPDATE interventions i SET hors_contrat = true
    WHERE NOT i.hors_contrat
      AND i.created_at >= (SELECT min(date_debut)::timestamp AT TIME ZONE 'Africa/Casablanca' FROM contracts
                           WHERE deleted_at IS NULL)
      -- before its client's first contract, an intervention is of the time before contracts (not marked)
      AND NOT EXISTS (SELECT 1 FROM contracts k WHERE k.client_id = i.client_id AND k.deleted_at IS NULL
                        AND k.date_debut > (i.created_at AT TIME ZONE 'Africa/Casablanca')::date)
      AND NOT EXISTS (
        SELECT 1 FROM contracts k
        WHERE k.client_id = i.client_id AND k.deleted_at IS NULL
          AND (i.created_at AT TIME ZONE 'Africa/Casablanca')::date BETWEEN k.date_debut AND k.date_fin
          AND (k.all_equipment OR EXISTS (SELECT 1 FROM contract_equipment ce
                 WHERE ce.contract_id = k.id AND ce.equipement_id = i.equipement_id)))`);
}
