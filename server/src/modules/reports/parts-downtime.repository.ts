import { PARTS_DOWNTIME_LIMIT, type ReportFilter } from '@gmao/domain/reports/report-schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { waitSecondsOf } from '../../db/rollups-sql.ts';

/**
 * Parts ranked by the equipment-down time of the interventions that waited for them (issue 18). Set-based: the
 * intervention facts of the report's selection (day index) joined to their part requests (intervention index), the
 * waiting of each from waitSecondsOf (closed waits of the facts, plus the open wait of an intervention waiting now).
 * Each (intervention, part) pair counts the intervention's waiting once, whatever the number of its requests naming
 * the part.
 */
export async function partsDowntime(db: DbOrTx, f: ReportFilter, limit = PARTS_DOWNTIME_LIMIT) {
  const where: SQL[] = [sql`f.day BETWEEN ${f.dateFrom}::date AND ${f.dateTo}::date`];
  if (f.clientId) where.push(sql`f.client_id = ${f.clientId}`);
  if (f.equipementId) where.push(sql`f.equipement_id = ${f.equipementId}`);
  if (f.technicianId) where.push(sql`f.technician_id = ${f.technicianId}`);
  const { rows } = await db.execute<{
    part_id: number;
    reference: string;
    designation: string;
    unite: string;
    interventions: number;
    equipment: number;
    quantity: string;
    waiting_s: string;
  }>(sql`
    WITH pairs AS (
      SELECT f.intervention_id, f.equipement_id, l.part_id, sum(l.quantite) AS quantity,
             min(${waitSecondsOf('f')}) AS wait_s
      FROM intervention_facts f
      JOIN part_requests pr ON pr.intervention_id = f.intervention_id AND pr.statut <> 'ANNULEE'
      JOIN part_request_lines l ON l.request_id = pr.id
      WHERE ${sql.join(where, sql` AND `)}
      GROUP BY f.intervention_id, f.equipement_id, l.part_id
    )
    SELECT p.id AS part_id, p.reference, p.designation, p.unite,
           count(*)::int AS interventions,
           count(DISTINCT x.equipement_id)::int AS equipment,
           sum(x.quantity)::text AS quantity,
           sum(x.wait_s)::text AS waiting_s
    FROM pairs x
    JOIN parts p ON p.id = x.part_id
    WHERE x.wait_s > 0
    GROUP BY p.id
    ORDER BY sum(x.wait_s) DESC, p.reference
    LIMIT ${limit}`);
  return rows;
}
