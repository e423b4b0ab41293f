import type { Scope } from '@gmao/domain/interventions/lifecycle-schemas';
import { dayStartInstant, nextDayStartBound } from '@gmao/domain/interventions/planning-clock';
import {
  ACTIVE_STATUTS,
  COMPLETED_STATUT,
  OPEN_STATUTS,
  OVERDUE_DAYS,
  overdueBefore,
} from '@gmao/domain/interventions/predicates';
import { STATUT } from '@gmao/domain/interventions/status';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The predicates of domain/src/interventions/predicates.ts as SQL fragments — the ONE place every query (lists,
 * exports, dashboard, analytics, reports, client and equipment statistics, bulk locks) gets "visible", "open",
 * "active", "urgent" and "overdue" from. server/test/predicates.test.ts evaluates each fragment on a matrix of rows
 * and compares it with the domain function, row by row.
 *
 * `a` is the alias of the interventions table in the query. Status lists are compile-time constants of the domain,
 * so they are inlined as literals: the planner can then match the partial index interventions_open_date_idx
 * (migration 0003), which a bound parameter list would not.
 */
const quoted = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');
const alias = (a: string) => {
  if (!/^[a-z_][a-z0-9_]*$/.test(a)) throw new Error(`Not a table alias: ${a}`);
  return a;
};
const statutIn = (values: readonly string[], a: string): SQL => sql.raw(`${alias(a)}.statut IN (${quoted(values)})`);

/** Assigned to the user ("mine": the technician's own work). */
export const assignedTo = (userId: number, a = 'i'): SQL => sql`${sql.raw(alias(a))}.technician_id = ${userId}`;

/** Neither in the trash nor archived: what lists, detail pages and every figure show. */
export const visible = (a = 'i'): SQL => sql.raw(`(${alias(a)}.deleted_at IS NULL AND ${a}.archived_at IS NULL)`);
/** Not in the trash (archived included): the history counted on a client or an equipment. */
export const notDeleted = (a = 'i'): SQL => sql.raw(`${alias(a)}.deleted_at IS NULL`);

/** The list's scope: active = visible, archived (not in the trash), deleted = the trash. */
export function inScope(scope: Scope = 'active', a = 'i'): SQL {
  if (scope === 'archived') return sql.raw(`(${alias(a)}.archived_at IS NOT NULL AND ${a}.deleted_at IS NULL)`);
  if (scope === 'deleted') return sql.raw(`${alias(a)}.deleted_at IS NOT NULL`);
  return visible(a);
}

export const isOpen = (a = 'i'): SQL => statutIn(OPEN_STATUTS, a);
export const isActive = (a = 'i'): SQL => statutIn(ACTIVE_STATUTS, a);
export const isCompleted = (a = 'i'): SQL => statutIn([COMPLETED_STATUT], a);
export const isCancelled = (a = 'i'): SQL => statutIn([STATUT.ANNULEE], a);
export const isFailed = (a = 'i'): SQL => statutIn([STATUT.ECHEC], a);
export const isUrgent = (a = 'i'): SQL => sql`(${isOpen(a)} AND ${sql.raw(alias(a))}.urgence)`;
/** `today` is the reference day (metricsToday(): the UTC date), never the database's CURRENT_DATE. */
export const isOverdue = (today: string, days = OVERDUE_DAYS, a = 'i'): SQL =>
  sql`(${isOpen(a)} AND ${sql.raw(alias(a))}.date < ${overdueBefore(today, days)}::date)`;

/** Inclusive period on the intervention's date. */
export const inPeriod = (from: string, to: string, a = 'i'): SQL =>
  sql`(${sql.raw(alias(a))}.date BETWEEN ${from}::date AND ${to}::date)`;

/**
 * Due on the Casablanca day `day` (domain/src/interventions/due-day.ts): planned within that day, or not planned and
 * dated that day. The day's bounds are instants computed by the server's one owner of the zone (planning-clock.ts),
 * not by PostgreSQL's tz data.
 */
export const dueOn = (day: string, a = 'i'): SQL => {
  const t = sql.raw(alias(a));
  return sql`(CASE WHEN ${t}.planned_at IS NULL THEN ${t}.date = ${day}::date
    ELSE ${t}.planned_at >= ${dayStartInstant(day).toISOString()}::timestamptz
     AND ${t}.planned_at < ${nextDayStartBound(day)}::timestamptz END)`;
};

/**
 * Due between the Casablanca days `from` and `to` (inclusive): planned within them, or not planned and dated within
 * them. An OR of two index-backed ranges (planned_at's partial index, date's), never NULL for a row that matches.
 */
export const dueBetween = (from: string, to: string, a = 'i'): SQL => {
  const t = sql.raw(alias(a));
  return sql`((${t}.planned_at >= ${dayStartInstant(from).toISOString()}::timestamptz
     AND ${t}.planned_at < ${nextDayStartBound(to)}::timestamptz)
    OR (${t}.planned_at IS NULL AND ${t}.date BETWEEN ${from}::date AND ${to}::date))`;
};

/**
 * Due before the Casablanca day `day`: planned before its first instant, or not planned and dated before it. Never
 * NULL (a CASE, not an OR), so that `NOT dueBefore(…)` is "due that day or later".
 */
export const dueBefore = (day: string, a = 'i'): SQL => {
  const t = sql.raw(alias(a));
  return sql`(CASE WHEN ${t}.planned_at IS NULL THEN ${t}.date < ${day}::date
    ELSE ${t}.planned_at < ${dayStartInstant(day).toISOString()}::timestamptz END)`;
};

/**
 * The SLA filters (issue 31, domain/src/sla/sla-clock.ts SLA_FILTERS) over the stored clocks: semi-joins served by
 * intervention_sla's (etat, intervention_id) and partial (alerte_le) indexes, the partial hors_contrat index.
 */
export function slaIs(filter: 'A_RISQUE' | 'DEPASSE' | 'RESPECTE' | 'HORS_CONTRAT', a = 'i'): SQL {
  const i = alias(a);
  switch (filter) {
    case 'HORS_CONTRAT':
      return sql.raw(`${i}.hors_contrat`);
    case 'DEPASSE':
      // The flag kept by the clocks' trigger (migration 0065) and its partial index in list order.
      return sql.raw(`${i}.sla_depasse`);
    case 'A_RISQUE':
      // The running clocks past 75 % are few at any scale (the job turns them DEPASSE at 100 %): read them first from
      // the partial (alerte_le) index, then their interventions by primary key. As a semi-join the planner walked the
      // list's date index probing every intervention for a clock (48,500 probes, 40 ms at 50,000 rows, for 10 hits).
      return sql.raw(
        `${i}.id = ANY (ARRAY(SELECT s.intervention_id FROM intervention_sla s WHERE s.etat = 'EN_COURS' AND s.alerte_le <= now()))`,
      );
    case 'RESPECTE':
      return sql.raw(
        `(EXISTS (SELECT 1 FROM intervention_sla s WHERE s.intervention_id = ${i}.id AND s.etat = 'RESPECTE') AND NOT EXISTS (SELECT 1 FROM intervention_sla s WHERE s.intervention_id = ${i}.id AND s.etat <> 'RESPECTE'))`,
      );
  }
}
