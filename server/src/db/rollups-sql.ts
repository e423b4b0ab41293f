import { COMPLETED_STATUT, OPEN_STATUTS } from '@gmao/domain/dashboard/metrics';
import { overdueBefore } from '@gmao/domain/interventions/predicates';
import { STATUT } from '@gmao/domain/interventions/status';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Fragments over the daily roll-up `rollup_daily` (migration 0022), alias `r`: the same figures as predicates.ts and
 * metrics-sql.ts give over interventions, summed from the roll-up instead of counted row by row. Every row of the
 * roll-up is a visible intervention group (day × client × equipment type × technician × statut × urgence), with `n`
 * interventions; durations are summed in seconds with their own counts (a missing timestamp counts in neither).
 */
const quoted = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');

export const rOpen: SQL = sql.raw(`r.statut IN (${quoted(OPEN_STATUTS)})`);
export const rCompleted: SQL = sql.raw(`r.statut = '${COMPLETED_STATUT}'`);
export const rActive: SQL = sql.raw(`r.statut = '${STATUT.EN_COURS}'`);
export const rCancelled: SQL = sql.raw(`r.statut = '${STATUT.ANNULEE}'`);
export const rFailed: SQL = sql.raw(`r.statut = '${STATUT.ECHEC}'`);
export const rInPeriod = (from: string, to: string): SQL => sql`(r.day BETWEEN ${from}::date AND ${to}::date)`;
export const rOverdue = (today: string, days?: number): SQL =>
  sql`(${rOpen} AND r.day < ${overdueBefore(today, days)}::date)`;

/** Sum of n over the rows matching `filter` (0, never null). */
export const nWhere = (filter?: SQL): SQL =>
  filter ? sql`COALESCE(sum(r.n) FILTER (WHERE ${filter}), 0)::int` : sql`COALESCE(sum(r.n), 0)::int`;

/** Mean of a duration in hours from its summed seconds and its count (null when nothing to average). */
export const meanHours = (kind: 'start' | 'repair', filter?: SQL): SQL => {
  const s = sql.raw(`r.sum_${kind}_s`);
  const n = sql.raw(`r.n_${kind}`);
  const f = filter ? sql` FILTER (WHERE ${filter})` : sql``;
  return sql`(sum(${s})${f} / NULLIF(sum(${n})${f}, 0) / 3600)::float8`;
};

/**
 * Issue 18 (migration 0026), over completed rows: mean repair hours without the waiting for parts inside the repair
 * span, and mean hours waiting for parts per completed intervention (null when nothing to average).
 */
export const meanRepairWithoutWaitHours = (filter?: SQL): SQL => {
  const f = filter ? sql` FILTER (WHERE ${filter})` : sql``;
  return sql`((sum(r.sum_repair_s)${f} - sum(r.sum_wait_repair_s)${f}) / NULLIF(sum(r.n_repair)${f}, 0) / 3600)::float8`;
};
export const meanWaitHours = (filter?: SQL): SQL => {
  const f = filter ? sql` FILTER (WHERE ${filter})` : sql``;
  return sql`(sum(r.sum_wait_s)${f} / NULLIF(sum(r.n)${f}, 0) / 3600)::float8`;
};

const WAITING = sql.raw(`'${STATUT.EN_ATTENTE_PDR}'`);

/**
 * Seconds an intervention has waited for parts, from its facts row `f` (migrations 0026, 0033): the closed waits, plus
 * the open wait of an intervention in EN_ATTENTE_PDR now, since its last move there (`waiting_since`). 0 when it never
 * waited; null when there is no facts row (hidden). No subquery: in a select list, one made PostgreSQL leave the whole
 * projection to one process (the report CSV's year: 8.6 → 6.3 s for 885 k rows).
 */
export const waitSecondsOf = (f = 'f'): SQL => {
  const a = sql.raw(f);
  return sql`(COALESCE(${a}.wait_s, 0)
    + CASE WHEN ${a}.statut = ${WAITING}
        THEN COALESCE(extract(epoch FROM (now() - ${a}.waiting_since)), 0) ELSE 0 END)`;
};
