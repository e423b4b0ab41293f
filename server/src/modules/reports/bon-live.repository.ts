import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import type { InterventionReportDetails } from './intervention-report-details.repository.ts';

/** What the bon prints as of its edition, outside the signed content: the SLA clocks and the review. */
export async function bonLiveState(db: DbOrTx, id: number) {
  const [sla, review] = await Promise.all([
    db.execute<{
      cible: string;
      objectif_minutes: number;
      echeance: Date | null;
      etat: string;
      atteint_le: Date | null;
    }>(
      sql`SELECT s.cible, s.objectif_minutes, s.echeance, s.etat, s.atteint_le FROM intervention_sla s
          WHERE s.intervention_id = ${id}
          ORDER BY array_position(ARRAY['PRISE_EN_COMPTE', 'SUR_SITE', 'RETABLISSEMENT']::text[], s.cible::text)`,
    ),
    db.execute<NonNullable<InterventionReportDetails['review']>>(sql`
      SELECT v.review_status, su.nom AS submitter, v.submitted_at, ru.nom AS reviewer, v.reviewed_at, v.reason
      FROM intervention_reviews v LEFT JOIN users su ON su.id = v.submitted_by
      LEFT JOIN users ru ON ru.id = v.reviewed_by
      WHERE v.intervention_id = ${id}`),
  ]);
  return { sla: sla.rows, review: review.rows[0] ?? null };
}
