import type { CustomFieldType } from '@gmao/domain/custom-fields/custom-field-schemas';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';

/** What the one-intervention PDF shows beyond the intervention row: its work records, checklist, materials, time. */
export type InterventionReportDetails = {
  diagnostic: {
    constat: string;
    causes: string | null;
    actions_recommandees: string | null;
    gravite: string;
    user: string | null;
    updated_at: Date;
  } | null;
  planification: {
    date_prevue: string;
    duree_estimee: string | null;
    pieces_necessaires: string | null;
    instructions: string | null;
    user: string | null;
  } | null;
  qualityControl: { resultat: string; observations: string | null; controle_le: string; user: string | null } | null;
  checklist: { label: string; checked: boolean; checked_at: Date | null; user: string | null }[];
  materials: {
    designation: string;
    reference: string | null;
    quantite: string;
    prix_unitaire: string;
    total: string;
  }[];
  materialsTotal: string;
  time: { user: string; seconds: number }[];
  totalSeconds: number;
  review: {
    review_status: string;
    submitter: string | null;
    submitted_at: Date;
    reviewer: string | null;
    reviewed_at: Date | null;
    reason: string | null;
  } | null;
  /** Custom fields holding a value, in the definitions' order. */
  customFields: {
    libelle: string;
    type: CustomFieldType;
    unite: string | null;
    value: string | number | boolean | null;
  }[];
  /** Written reports (comptes rendus), oldest first. */
  comptesRendus: { titre: string; contenu: string; user: string | null; created_at: Date }[];
};

export const DETAIL_ROW_LIMIT = 500;

export async function interventionReportDetails(db: DbOrTx, id: number): Promise<InterventionReportDetails> {
  const [diag, plan, qc, checklist, materials, time, comptesRendus, review, custom] = await Promise.all([
    db.execute<NonNullable<InterventionReportDetails['diagnostic']>>(sql`
      SELECT d.constat, d.causes, d.actions_recommandees, d.gravite, u.nom AS user, d.updated_at
      FROM intervention_diagnostics d LEFT JOIN users u ON u.id = d.user_id WHERE d.intervention_id = ${id}`),
    db.execute<NonNullable<InterventionReportDetails['planification']>>(sql`
      SELECT p.date_prevue::text AS date_prevue, p.duree_estimee::text AS duree_estimee, p.pieces_necessaires,
             p.instructions, u.nom AS user
      FROM intervention_planifications p LEFT JOIN users u ON u.id = p.user_id WHERE p.intervention_id = ${id}`),
    db.execute<NonNullable<InterventionReportDetails['qualityControl']>>(sql`
      SELECT q.resultat, q.observations, q.controle_le::text AS controle_le, u.nom AS user
      FROM intervention_quality_controls q LEFT JOIN users u ON u.id = q.controle_par WHERE q.intervention_id = ${id}`),
    db.execute<InterventionReportDetails['checklist'][number]>(sql`
      SELECT c.label, c.checked, c.checked_at, u.nom AS user
      FROM intervention_checklist_items c LEFT JOIN users u ON u.id = c.checked_by
      WHERE c.intervention_id = ${id} ORDER BY c.position, c.id LIMIT ${DETAIL_ROW_LIMIT}`),
    db.execute<InterventionReportDetails['materials'][number] & { grand_total: string }>(sql`
      SELECT m.designation, m.reference, m.quantite::text AS quantite, m.prix_unitaire::text AS prix_unitaire,
             round(m.quantite * m.prix_unitaire, 2)::text AS total,
             (SELECT coalesce(sum(round(x.quantite * x.prix_unitaire, 2)), 0)::text
                FROM intervention_materials x WHERE x.intervention_id = ${id}) AS grand_total
      FROM intervention_materials m WHERE m.intervention_id = ${id} ORDER BY m.id LIMIT ${DETAIL_ROW_LIMIT}`),
    db.execute<{ user: string; seconds: number }>(sql`
      SELECT coalesce(u.nom, '-') AS user,
             round(extract(epoch FROM sum(coalesce(s.stopped_at, now()) - s.started_at)))::float8 AS seconds
      FROM intervention_timer_sessions s LEFT JOIN users u ON u.id = s.user_id
      WHERE s.intervention_id = ${id}
      GROUP BY u.nom ORDER BY seconds DESC, u.nom`),
    db.execute<InterventionReportDetails['comptesRendus'][number]>(sql`
      SELECT r.titre, r.contenu, u.nom AS user, r.created_at
      FROM intervention_reports r LEFT JOIN users u ON u.id = r.user_id
      WHERE r.intervention_id = ${id} ORDER BY r.created_at, r.id LIMIT ${DETAIL_ROW_LIMIT}`),
    db.execute<NonNullable<InterventionReportDetails['review']>>(sql`
      SELECT v.review_status, su.nom AS submitter, v.submitted_at, ru.nom AS reviewer, v.reviewed_at, v.reason
      FROM intervention_reviews v LEFT JOIN users su ON su.id = v.submitted_by LEFT JOIN users ru ON ru.id = v.reviewed_by
      WHERE v.intervention_id = ${id}`),
    db.execute<InterventionReportDetails['customFields'][number]>(sql`
      SELECT d.libelle, d.type, d.unite, i.custom_fields -> d.cle AS value
      FROM interventions i JOIN custom_field_definitions d ON i.custom_fields ? d.cle
      WHERE i.id = ${id} ORDER BY d.position, d.id`),
  ]);
  return {
    diagnostic: diag.rows[0] ?? null,
    planification: plan.rows[0] ?? null,
    qualityControl: qc.rows[0] ?? null,
    checklist: checklist.rows,
    materials: materials.rows.map(({ grand_total: _, ...m }) => m),
    materialsTotal: materials.rows[0]?.grand_total ?? '0.00',
    time: time.rows,
    totalSeconds: time.rows.reduce((s, r) => s + Number(r.seconds), 0),
    comptesRendus: comptesRendus.rows,
    review: review.rows[0] ?? null,
    customFields: custom.rows,
  };
}
