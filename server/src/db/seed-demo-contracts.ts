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
