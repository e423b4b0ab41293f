import type { ReportFilter } from '@gmao/domain/reports/report-schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { finishedAt, repairHours, startedAt, startHours, timingJoin, timingModeFor } from '../../db/metrics-sql.ts';
import { inPeriod, isCompleted, isOpen, isOverdue, isUrgent, visible } from '../../db/predicates.ts';
import { meanHours, nWhere, rCompleted, rOpen, rOverdue, waitSecondsOf } from '../../db/rollups-sql.ts';

/** The report's selection: visible interventions of the period, narrowed by client / equipment / technician. */
export function reportWhere(f: ReportFilter): SQL {
  const parts: SQL[] = [visible(), inPeriod(f.dateFrom, f.dateTo)];
  if (f.clientId) parts.push(sql`i.client_id = ${f.clientId}`);
  if (f.equipementId) parts.push(sql`i.equipement_id = ${f.equipementId}`);
  if (f.technicianId) parts.push(sql`i.technician_id = ${f.technicianId}`);
  return sql.join(parts, sql` AND `);
}

/**
 * The report's selection over the daily roll-up (migration 0022): possible unless an equipment is chosen (the
 * roll-up is per equipment type, not per equipment).
 */
function rollupWhere(f: ReportFilter, a: 'r' | 'f'): SQL | null {
  if (f.equipementId) return null;
  const x = sql.raw(a);
  const parts: SQL[] = [sql`${x}.day BETWEEN ${f.dateFrom}::date AND ${f.dateTo}::date`];
  if (f.clientId) parts.push(sql`${x}.client_id = ${f.clientId}`);
  if (f.technicianId) parts.push(sql`${x}.technician_id = ${f.technicianId}`);
  return sql.join(parts, sql` AND `);
}

type SummaryRow = {
  total: number;
  completed: number;
  open: number;
  urgent: number;
  overdue: number;
  mtts: number | null;
  mttr: number | null;
  repair_total: number | null;
  cost_total: string;
  cost_avg: string;
  equipment_count: number;
  client_count: number;
  equipment_value: string;
};

/** The calendar years of a period made of whole years ('2025-01-01'…'2026-12-31'), else null. */
export function wholeYears(from: string, to: string): { first: number; last: number } | null {
  if (!from.endsWith('-01-01') || !to.endsWith('-12-31')) return null;
  const first = Number(from.slice(0, 4));
  const last = Number(to.slice(0, 4));
  return first <= last ? { first, last } : null;
}

/** Interventions per equipment in a period above which the period's equipment are probed one by one, not scanned. */
const PROBE_OR_SCAN = 90;

export async function summaryAggregates(db: DbOrTx, f: ReportFilter, today: string): Promise<SummaryRow> {
  const rWhere = rollupWhere(f, 'r');
  const fWhere = rollupWhere(f, 'f');
  if (rWhere && fWhere) {
    // a client or technician filter needs the full grain; all clients read the narrow roll-ups
    const filtered = Boolean(f.clientId || f.technicianId);
    const table = sql.raw(filtered ? 'rollup_daily' : 'rollup_day_status');
    // The equipment of the period. A client or technician selects few facts rows (migration 0032): their distinct
    // equipment. Unfiltered, the cheaper of two ways, chosen in the statement: the distinct equipment of the period's
    // facts rows (day, equipement_id index; ~0.13 µs a row at 1 M rows) when the period holds fewer than
    // PROBE_OR_SCAN interventions per equipment, else one probe of the (equipement_id, day) index per equipment
    // (migration 0027; ~12 µs each). A year of the bench's 1 M rows on 3,000 equipment is probed (885 k rows);
    // 50,000 equipment with 200 k interventions a year are read from the facts (probing them: ~0.6 s, estimated).
    const distinctOfFacts = sql`SELECT DISTINCT f.equipement_id AS id FROM intervention_facts f WHERE ${fWhere}`;
    const period = sql`(SELECT COALESCE(sum(r.n), 0) FROM rollup_day_status r WHERE ${rWhere})`;
    const equipmentRows = sql`(SELECT count(*) FROM equipements)`;
    // Decided once (the CTE `way`), read by both branches' one-time filters.
    const way = sql`way AS MATERIALIZED (SELECT ${period} > ${sql.raw(String(PROBE_OR_SCAN))} * ${equipmentRows} AS probe)`;
    const probe = sql`(SELECT probe FROM way)`;
    // Whole calendar years (a year's report, issue 29): the equipment are the rows of rollup_year_equipment (migration
    // 0040; ~50 k for a year of 50,000 equipment) instead of the distinct equipment of ~200 k facts rows.
    const years = wholeYears(f.dateFrom, f.dateTo);
    const equipmentOfPeriod = filtered
      ? distinctOfFacts
      : years
        ? years.first === years.last
          ? sql`SELECT y.equipement_id AS id FROM rollup_year_equipment y WHERE y.year = ${years.first}`
          : sql`SELECT DISTINCT y.equipement_id AS id FROM rollup_year_equipment y
                WHERE y.year BETWEEN ${years.first} AND ${years.last}`
        : sql`SELECT e1.id FROM equipements e1
            WHERE ${probe} AND EXISTS (SELECT 1 FROM intervention_facts f WHERE f.equipement_id = e1.id AND ${fWhere})
            UNION ALL
            SELECT id FROM (${distinctOfFacts}) scanned WHERE NOT ${probe}`;
    // The clients of the period: unfiltered, one probe of rollup_day_client (client_id, day) per client (migration
    // 0032); a client or technician filter selects few rows of rollup_daily.
    const clientsOfPeriod = filtered
      ? sql`SELECT count(DISTINCT r.client_id) FROM rollup_daily r WHERE ${rWhere}`
      : sql`SELECT count(*) FROM clients c1
            WHERE EXISTS (SELECT 1 FROM rollup_day_client r WHERE r.client_id = c1.id AND ${rWhere})`;
    const { rows } = await db.execute<SummaryRow>(sql`
      WITH ${filtered || years ? sql`` : sql`${way}, `}eq AS (
        SELECT count(*)::int AS equipment_count, round(COALESCE(sum(e2.valeur), 0), 2)::text AS equipment_value
        FROM (${equipmentOfPeriod}) p LEFT JOIN equipements e2 ON e2.id = p.id
      )
      SELECT ${nWhere()} AS total,
             ${nWhere(rCompleted)} AS completed,
             ${nWhere(rOpen)} AS open,
             ${nWhere(sql`${rOpen} AND r.urgence`)} AS urgent,
             ${nWhere(rOverdue(today))} AS overdue,
             ${meanHours('start')} AS mtts,
             ${meanHours('repair')} AS mttr,
             (CASE WHEN sum(r.n_repair) > 0 THEN sum(r.sum_repair_s) / 3600 END)::float8 AS repair_total,
             round(COALESCE(sum(r.sum_cout), 0), 2)::text AS cost_total,
             round(CASE WHEN COALESCE(sum(r.n), 0) = 0 THEN 0 ELSE sum(r.sum_cout) / sum(r.n) END, 2)::text AS cost_avg,
             (SELECT equipment_count FROM eq) AS equipment_count,
             (${clientsOfPeriod})::int AS client_count,
             (SELECT equipment_value FROM eq) AS equipment_value
      FROM ${table} r
      WHERE ${rWhere}`);
    return rows[0];
  }
  const where = reportWhere(f);
  // A client, equipment, technician or a short period selects few rows: probe their history instead of
  // aggregating all of it.
  const days = (Date.parse(f.dateTo) - Date.parse(f.dateFrom)) / 86_400_000 + 1;
  const narrow = Boolean(f.clientId || f.equipementId || f.technicianId) || timingModeFor(days) === 'lateral';
  const { rows } = await db.execute<SummaryRow>(sql`
    WITH sel AS (
      SELECT i.id, i.statut, i.equipement_id, i.client_id, e.cout,
             ${isCompleted()} AS completed, ${isOpen()} AS open, ${isUrgent()} AS urgent,
             ${isOverdue(today)} AS overdue, ${startHours()} AS start_h, ${repairHours()} AS repair_h
      FROM interventions i
      JOIN equipements e ON e.id = i.equipement_id
      ${timingJoin('i', narrow ? 'lateral' : 'hash')}
      WHERE ${where}
    )
    SELECT count(*)::int AS total,
           count(*) FILTER (WHERE completed)::int AS completed,
           count(*) FILTER (WHERE open)::int AS open,
           count(*) FILTER (WHERE urgent)::int AS urgent,
           count(*) FILTER (WHERE overdue)::int AS overdue,
           avg(start_h) AS mtts,
           avg(repair_h) AS mttr,
           sum(repair_h) AS repair_total,
           round(COALESCE(sum(cout), 0), 2)::text AS cost_total,
           round(CASE WHEN count(*) = 0 THEN 0 ELSE COALESCE(sum(cout), 0) / count(*) END, 2)::text AS cost_avg,
           count(DISTINCT equipement_id)::int AS equipment_count,
           count(DISTINCT client_id)::int AS client_count,
           (SELECT round(COALESCE(sum(e2.valeur), 0), 2)::text FROM equipements e2
             WHERE e2.id IN (SELECT equipement_id FROM sel)) AS equipment_value
    FROM sel`);
  return rows[0];
}

export async function summaryByStatus(db: DbOrTx, f: ReportFilter) {
  const rWhere = rollupWhere(f, 'r');
  if (rWhere) {
    const { rows } = await db.execute<{ statut: string; n: number }>(sql`
      SELECT r.statut, sum(r.n)::int AS n FROM ${sql.raw(f.clientId || f.technicianId ? 'rollup_daily' : 'rollup_day_status')} r
      WHERE ${rWhere} GROUP BY 1 ORDER BY 1`);
    return Object.fromEntries(rows.map((r) => [r.statut, r.n]));
  }
  const { rows } = await db.execute<{ statut: string; n: number }>(sql`
    SELECT i.statut, count(*)::int AS n FROM interventions i WHERE ${reportWhere(f)} GROUP BY 1 ORDER BY 1`);
  return Object.fromEntries(rows.map((r) => [r.statut, r.n]));
}

export async function filterNames(db: DbOrTx, f: ReportFilter) {
  const { rows } = await db.execute<{
    client: string | null;
    equipement: string | null;
    technician: string | null;
  }>(sql`
    SELECT (SELECT nom_entreprise FROM clients WHERE id = ${f.clientId ?? null}::int) AS client,
           (SELECT nom FROM equipements WHERE id = ${f.equipementId ?? null}::int) AS equipement,
           (SELECT nom FROM users WHERE id = ${f.technicianId ?? null}::int) AS technician`);
  return rows[0];
}

export type ReportRow = {
  id: number;
  date: string;
  client: string;
  equipement: string;
  type_equipement: string | null;
  statut: string;
  urgence: boolean;
  technicien: string | null;
  description: string | null;
  started: Date | null;
  finished: Date | null;
  repair_h: number | null;
  /** Hours waiting for parts (issue 18), null when it never waited. */
  wait_h: number | null;
  cout: string | null;
};

/** One page of the report's interventions in (date, id) order, after the given key (keyset paging for exports). */
export async function reportRows(
  db: DbOrTx,
  f: ReportFilter,
  opts: { after?: { date: string; id: number }; limit: number },
) {
  const after = opts.after ? sql` AND (i.date, i.id) > (${opts.after.date}::date, ${opts.after.id})` : sql``;
  const { rows } = await db.execute<ReportRow>(sql`
    SELECT i.id, i.date, c.nom_entreprise AS client, e.nom AS equipement, e.type_equipement, i.statut, i.urgence,
           u.nom AS technicien, i.description, ${startedAt()} AS started, ${finishedAt()} AS finished,
           ${repairHours()} AS repair_h, (NULLIF(${waitSecondsOf('fx')}, 0) / 3600)::float8 AS wait_h,
           e.cout::text AS cout
    FROM interventions i
    JOIN equipements e ON e.id = i.equipement_id
    JOIN clients c ON c.id = i.client_id
    LEFT JOIN users u ON u.id = i.technician_id
    LEFT JOIN intervention_facts fx ON fx.intervention_id = i.id
    ${timingJoin('i', 'lateral')}
    WHERE ${reportWhere(f)}${after}
    ORDER BY i.date, i.id
    LIMIT ${opts.limit}`);
  return rows;
}
