import {
  ACTIVE_STATUTS,
  COMPLETED_STATUT,
  NOT_FIRST_TIME_FIX_STATUTS,
  OPEN_STATUTS,
  overdueBefore,
} from '@gmao/domain/dashboard/metrics';
import { STATUT } from '@gmao/domain/interventions/status';
import { type SQL, sql } from 'drizzle-orm';

/**
 * The metric definitions of domain/src/dashboard/metrics.ts as SQL fragments — the ONE place the dashboard,
 * analytics and reports modules get them from. `a` is the alias of the interventions table in the query.
 * Status lists are compile-time constants, so inlining them is safe.
 */
const quoted = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');

/** Hidden records (soft-deleted or archived) are excluded from every figure here. */
export const visible = (a = 'i'): SQL => sql.raw(`(${a}.deleted_at IS NULL AND ${a}.archived_at IS NULL)`);
export const isOpen = (a = 'i'): SQL => sql.raw(`${a}.statut IN (${quoted(OPEN_STATUTS)})`);
export const isActive = (a = 'i'): SQL => sql.raw(`${a}.statut IN (${quoted(ACTIVE_STATUTS)})`);
export const isCompleted = (a = 'i'): SQL => sql.raw(`${a}.statut = '${COMPLETED_STATUT}'`);
export const isCancelled = (a = 'i'): SQL => sql.raw(`${a}.statut = '${STATUT.ANNULEE}'`);
export const isFailed = (a = 'i'): SQL => sql.raw(`${a}.statut = '${STATUT.ECHEC}'`);
export const isUrgent = (a = 'i'): SQL => sql`(${isOpen(a)} AND ${sql.raw(a)}.urgence)`;
export const isOverdue = (today: string, a = 'i'): SQL =>
  sql`(${isOpen(a)} AND ${sql.raw(a)}.date < ${overdueBefore(today)}::date)`;
/** Inclusive period on the intervention's date. */
export const inPeriod = (from: string, to: string, a = 'i'): SQL =>
  sql`(${sql.raw(a)}.date BETWEEN ${from}::date AND ${to}::date)`;

/**
 * LATERAL join (alias `t`) giving each intervention its start and finish times from the status history, falling
 * back to the started_at / completed_at columns, and whether it was ever interrupted.
 * Columns: t.started, t.finished, t.interrupted.
 */
export const timingJoin = (a = 'i'): SQL =>
  sql.raw(`LEFT JOIN LATERAL (
    SELECT COALESCE(min(h.created_at) FILTER (WHERE h.to_statut = '${STATUT.EN_COURS}'), ${a}.started_at) AS started,
           COALESCE(max(h.created_at) FILTER (WHERE h.to_statut = '${COMPLETED_STATUT}'), ${a}.completed_at) AS finished,
           COALESCE(bool_or(h.to_statut IN (${quoted(NOT_FIRST_TIME_FIX_STATUTS)})), false) AS interrupted
    FROM intervention_history h WHERE h.intervention_id = ${a}.id) t ON true`);

/** Repair hours of a completed intervention (null when a timestamp is missing). */
export const repairHours = (a = 'i'): SQL =>
  sql`CASE WHEN ${isCompleted(a)} THEN extract(epoch FROM (t.finished - t.started))::float8 / 3600 END`;
/** Hours from creation to the first start. */
export const startHours = (a = 'i'): SQL => sql.raw(`extract(epoch FROM (t.started - ${a}.created_at))::float8 / 3600`);

/** Open interventions already due: their age in days is today − date. */
export const backlogAge = (today: string, a = 'i'): SQL => sql`(${today}::date - ${sql.raw(a)}.date)`;
