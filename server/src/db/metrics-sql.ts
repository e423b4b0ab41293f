import { COMPLETED_STATUT, NOT_FIRST_TIME_FIX_STATUTS } from '@gmao/domain/dashboard/metrics';
import { STATUT } from '@gmao/domain/interventions/status';
import { type SQL, sql } from 'drizzle-orm';
import { isCompleted } from './predicates.ts';

/**
 * Timing figures of domain/src/dashboard/metrics.ts (start, finish, repair and start hours, backlog age) as SQL
 * fragments, shared by the dashboard, analytics and reports repositories. The predicates (visible, open, urgent,
 * overdue…) are in predicates.ts. `a` is the alias of the interventions table in the query.
 */
const quoted = (values: readonly string[]) => values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ');

/** Per intervention, from its status history: first start, last completion, ever interrupted. */
const HISTORY_TIMING = `min(h.created_at) FILTER (WHERE h.to_statut = '${STATUT.EN_COURS}') AS h_started,
    max(h.created_at) FILTER (WHERE h.to_statut = '${COMPLETED_STATUT}') AS h_finished,
    bool_or(h.to_statut IN (${quoted(NOT_FIRST_TIME_FIX_STATUTS)})) AS h_interrupted`;

/**
 * Joins the history timing of each intervention as `t`. 'hash' aggregates the history once and hash-joins it (best
 * when the selection is large: period figures); 'lateral' probes the history index per row (best for a few rows:
 * one page of an export, one intervention). Both give the same figures.
 */
export const timingJoin = (a = 'i', mode: TimingMode = 'hash'): SQL =>
  mode === 'hash'
    ? sql.raw(`LEFT JOIN (SELECT h.intervention_id, ${HISTORY_TIMING} FROM intervention_history h GROUP BY h.intervention_id) t
        ON t.intervention_id = ${a}.id`)
    : sql.raw(
        `LEFT JOIN LATERAL (SELECT ${HISTORY_TIMING} FROM intervention_history h WHERE h.intervention_id = ${a}.id) t ON true`,
      );

export type TimingMode = 'hash' | 'lateral';
/**
 * Up to ~3 months of interventions, probing the history per row is cheaper than aggregating all of it
 * (server/bench: 50k interventions).
 */
export const timingModeFor = (days: number): TimingMode => (days <= 90 ? 'lateral' : 'hash');

/** Start and finish times: the status history first, else the started_at / completed_at columns. */
export const startedAt = (a = 'i'): SQL => sql.raw(`COALESCE(t.h_started, ${a}.started_at)`);
export const finishedAt = (a = 'i'): SQL => sql.raw(`COALESCE(t.h_finished, ${a}.completed_at)`);
/** Went through a pause, a wait for parts or a failure (not fixed the first time). */
export const wasInterrupted = (): SQL => sql.raw('COALESCE(t.h_interrupted, false)');

/** Repair hours of a completed intervention (null when a timestamp is missing). */
export const repairHours = (a = 'i'): SQL =>
  sql`CASE WHEN ${isCompleted(a)} THEN extract(epoch FROM (${finishedAt(a)} - ${startedAt(a)}))::float8 / 3600 END`;
/** Hours from creation to the first start. */
export const startHours = (a = 'i'): SQL =>
  sql`extract(epoch FROM (${startedAt(a)} - ${sql.raw(a)}.created_at))::float8 / 3600`;

/** Open interventions already due: their age in days is today − date. */
export const backlogAge = (today: string, a = 'i'): SQL => sql`(${today}::date - ${sql.raw(a)}.date)`;
