import type { Visibility } from '@gmao/domain/auth/visibility';
import { COUNT_BOUND } from '@gmao/domain/common/api';
import type { SyncInfo } from '@gmao/domain/common/sync';
import { metricsToday } from '@gmao/domain/dashboard/metrics';
import { casablancaToday } from '@gmao/domain/interventions/due-day';
import type {
  InterventionListQuery,
  StatusCounts,
  StatusCountsQuery,
} from '@gmao/domain/interventions/intervention-schemas';
import { dayStartInstant, nextDayStartBound } from '@gmao/domain/interventions/planning-clock';
import { STATUTS } from '@gmao/domain/interventions/status';
import { addDays } from '@gmao/domain/plans/recurrence';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { LIST_CACHE_VERSION } from '../../db/list-cache-version.ts';
import { dueBefore, dueBetween, dueOn, inScope, isOpen, isOverdue, isUrgent, slaIs } from '../../db/predicates.ts';
import { executePrepared, literalCount } from '../../db/prepared.ts';
import { nWhere, rOverdue } from '../../db/rollups-sql.ts';
import { inOrder, syncPage } from '../../db/sync-sql.ts';
import { interventionMatches, searchHits } from '../../db/text-search.ts';
import { clientVisible } from '../../db/visibility.ts';
import { COLUMNS, FROM, JOINS, type Row, toIntervention } from './interventions.repository.ts';
import type { ListPage } from './list-cache.ts';

/** The interventions list: its filters (whereOf), pages and bounded count, status counts and export reads. */

/** The query's filters, and what the user may see (absent: the whole company; db/visibility.ts). */
export type ListFilters = Omit<InterventionListQuery, 'page' | 'limit'> & { visibility?: Visibility };

/**
 * A custom field holding a value, by JSONB containment (the GIN index of migration 0015): the value as typed ('true' →
 * true, '630' → 630) or as text, so that the filter needs no definition lookup.
 */
function customFieldEquals(key: string, raw: string): SQL {
  const typed: unknown =
    raw === 'true' ? true : raw === 'false' ? false : /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
  const asJson = (v: unknown) => JSON.stringify({ [key]: v });
  return sql`(i.custom_fields @> ${asJson(typed)}::jsonb OR i.custom_fields @> ${asJson(raw)}::jsonb)`;
}

/** WHERE clause of the list, shared by the page query, its count, the status counts and the exports. */
export function whereOf(f: Partial<ListFilters>, today = metricsToday()): SQL {
  const parts: SQL[] = [inScope(f.scope)];
  if (f.visibility && f.visibility.kind !== 'company') parts.push(clientVisible(f.visibility, sql`i.client_id`));
  // Description, equipment (name, brand, model, serial) or client (name, city, ICE), accents and case aside.
  if (f.search) parts.push(interventionMatches(f.search));
  // The list's statement is prepared (listQueries) and must keep one plan whatever the values: an id is a subquery the
  // planner does not read (a plain parameter made the custom plans look cheaper than the generic one, so every request
  // was planned); the status and the urgency, few values checked against their lists, are written in the text (each
  // its own statement, planned with its own statistics).
  const id = (n: number) => sql`(SELECT ${n}::int)`;
  if (f.equipement_id) parts.push(sql`i.equipement_id = ${id(f.equipement_id)}`);
  if (f.client_id) parts.push(sql`i.client_id = ${id(f.client_id)}`);
  if (f.technician_id) parts.push(sql`i.technician_id = ${id(f.technician_id)}`);
  if (f.plan_id) parts.push(sql`i.plan_id = ${id(f.plan_id)}`);
  if (f.statut) parts.push(sql`i.statut = ${STATUTS.includes(f.statut) ? sql.raw(`'${f.statut}'`) : f.statut}`);
  if (f.urgence !== undefined) parts.push(f.urgence === true ? sql`i.urgence` : sql`NOT i.urgence`);
  if (f.dateFrom) parts.push(sql`i.date >= ${f.dateFrom}::date`);
  if (f.dateTo) parts.push(sql`i.date <= ${f.dateTo}::date`);
  if (f.overdue) parts.push(isOverdue(today, f.days));
  if (f.open) parts.push(isOpen());
  if (f.due_on) parts.push(dueOn(f.due_on));
  if (f.due_before) parts.push(dueBefore(f.due_before));
  if (f.due_from && f.due_to) parts.push(dueBetween(f.due_from, f.due_to));
  else if (f.due_from) parts.push(sql`NOT ${dueBefore(f.due_from)}`);
  else if (f.due_to) parts.push(dueBefore(addDays(f.due_to, 1)));
  if (f.unscheduled) parts.push(sql`i.planned_at IS NULL`);
  if (f.champ && f.valeur !== undefined && f.valeur !== '') parts.push(customFieldEquals(f.champ, f.valeur));
  // Casablanca days, like the planned times are shown; the bounds are converted by the server's one owner of the
  // zone (planning-clock.ts), not by PostgreSQL's own tz data (the partial index on planned_at serves both bounds).
  if (f.planned_from) parts.push(sql`i.planned_at >= ${dayStartInstant(f.planned_from).toISOString()}::timestamptz`);
  if (f.planned_to) parts.push(sql`i.planned_at < ${nextDayStartBound(f.planned_to)}::timestamptz`);
  if (f.sla) parts.push(slaIs(f.sla));
  if (f.review)
    parts.push(
      sql`EXISTS (SELECT 1 FROM intervention_reviews rv WHERE rv.intervention_id = i.id AND rv.review_status = ${f.review})`,
    );
  return sql.join(parts, sql` AND `);
}

/** Keyset page in list order (date DESC, id DESC) after `after`, for exports that read every row. */
export async function interventionsAfter(
  db: DbOrTx,
  f: Partial<ListFilters>,
  after: { date: string; id: number } | undefined,
  limit: number,
) {
  const where = whereOf(f);
  const keyset = after ? sql` AND (i.date, i.id) < (${after.date}::date, ${after.id})` : sql``;
  const { rows } = await db.execute<Row>(
    sql`SELECT ${COLUMNS} ${FROM} WHERE ${where}${keyset} ORDER BY i.date DESC, i.id DESC LIMIT ${limit}`,
  );
  return rows.map(toIntervention);
}

/**
 * Changes since (issue 35): the interventions of the filter changed after `updated_since` / the cursor, oldest change
 * first (db/sync-sql.ts), as the list shows them.
 */
export async function interventionsChangedSince(
  db: DbOrTx,
  f: ListFilters,
  limit: number,
): Promise<{ rows: ReturnType<typeof toIntervention>[]; sync: SyncInfo }> {
  const { ids, sync } = await syncPage(db, 'interventions', 'i', whereOf(f), f, limit);
  if (ids.length === 0) return { rows: [], sync };
  const { rows } = await db.execute<Row>(sql`SELECT ${COLUMNS} ${FROM} WHERE i.id = ANY(${sql.param(ids)}::int[])`);
  return { rows: inOrder(ids, rows).map(toIntervention), sync };
}

/**
 * One page, newest first (date, then creation order), and the total of the same filter counted in SQL — counted up
 * to a bound (COUNT_BOUND rows), never a count(*) over the whole history: when the bound is reached, `capped` says
 * total is a lower bound. A page past the bound reads one row more than itself instead: it exists, so the total is
 * at least its last row, and one more row says a next page exists (its count is that lower bound, capped).
 * For the common filters (VALUE_FREE_FILTERS) that is one prepared statement, one round trip (listQueries); a
 * second only for a page past the end, to count what there is.
 */
export async function listInterventions(db: DbOrTx, f: ListFilters, page: number, limit: number): Promise<ListPage> {
  const q = listQueries(f, page, limit);
  if (!q.prepared) return listPlannedEachTime(db, q, limit);
  const { rows } = await executePrepared<Row & { total: number; list_version: string }>(db, q.page);
  if (rows.length > 0) {
    const total = q.deep ? q.offset + rows[0].total : rows[0].total;
    const capped = q.deep ? rows.length > limit : total >= q.bound;
    return { rows: rows.slice(0, limit).map(toIntervention), total, capped, version: rows[0].list_version };
  }
  if (q.offset === 0) return { rows: [], total: 0, capped: false, version: null };
  return { rows: [], ...(await countOf(db, q)), version: null };
}

async function countOf(db: DbOrTx, q: ListQueries) {
  const { rows } = await db.execute<{ total: number }>(q.count);
  return { total: rows[0].total, capped: rows[0].total >= q.bound };
}

/**
 * A filter whose plan depends on its value (a date range, a custom field…): the page's ids and the count are planned
 * for it, in one statement, then the rows are read by id through one prepared statement. Planning the whole page statement
 * on every request cost more than the second round trip.
 */
async function listPlannedEachTime(db: DbOrTx, q: ListQueries, limit: number): Promise<ListPage> {
  const { rows } = await db.execute<{ total: number | null; ids: number[]; list_version: string }>(q.idsAndCount);
  const { ids, list_version: version } = rows[0];
  const total = rows[0].total ?? 0;
  if (ids.length === 0)
    return { rows: [], ...(q.deep ? await countOf(db, q) : { total, capped: total >= q.bound }), version: null };
  const page = await executePrepared<Row>(
    db,
    // in the order of the ids (the list's order, whichever it is)
    sql`SELECT ${COLUMNS} ${FROM} WHERE i.id = ANY(${sql.param(ids.slice(0, limit))}::int[])
        ORDER BY array_position(${sql.param(ids.slice(0, limit))}::int[], i.id)`,
  );
  const found = page.rows.map(toIntervention);
  if (q.deep) return { rows: found, total: q.offset + ids.length, capped: ids.length > limit, version };
  return { rows: found, total, capped: total >= q.bound, version };
}

type ListQueries = ReturnType<typeof listQueries>;

/** True when every filter given in `f` is one of `allowed`. */
function onlyFilters<F extends object>(f: F, allowed: ReadonlySet<keyof F>): boolean {
  return Object.entries(f).every(([key, value]) => value === undefined || allowed.has(key as keyof F));
}

/**
 * Filters whose plan does not depend on their value: equality on a column that leads an index with the date (or the
 * scope's partial indexes), the cursor, and the search (its pattern hidden from the planner, db/text-search.ts). The
 * list's statement of such a filter is prepared (executePrepared): planned once per connection instead of on every
 * request — planning it cost PostgreSQL as much as running it. A date range, a custom field, the overdue window or
 * the review state may each want another plan for another value: planned every time.
 */
const VALUE_FREE_FILTERS = new Set<keyof ListFilters>([
  'after',
  'search',
  'scope',
  'days',
  'statut',
  'urgence',
  'client_id',
  'equipement_id',
  'technician_id',
  'plan_id',
  // Issue 31: each SLA filter is a fixed text with no parameter (db/predicates.ts slaIs): one statement per value, its
  // plan the same for every run. sla=A_RISQUE is never kept by the list cache (it follows the clock): planning its
  // page on every request was ~1 ms of PostgreSQL's 1.5 ms per request.
  'sla',
]);

/**
 * The list's statement (server/test/intervention-list-scale.test.ts EXPLAINs its parts): the page's ids, the bounded
 * count and the page's rows. whereOf reads only the interventions row (alias i; the search and review filters are
 * subqueries of their own), so the ids and the count read interventions alone — on the partial indexes of visible
 * rows (migration 0029, by date or by status and date) an index-only scan — and the page's rows are read by id with
 * their equipment, client and people (COLUMNS) for that page only: an OFFSET over the joined rows joined and
 * projected every skipped row (page 500: 10,000 of them). A page that ends past COUNT_BOUND is not counted: its ids
 * read one row more than the page, and their number is the count (one walk of the index, not two). With a cursor
 * (`after`, the previous page's last row) the page is read from there: no walk past the earlier rows at all.
 * The limits are part of the text; a prepared statement's OFFSET is a subquery, which the planner cannot see through
 * in a custom plan either, so that the generic plan (planned for an unknown offset) costs no more than a custom one
 * and is kept, whatever the page.
 */
export function listQueries(f: ListFilters, page: number, limit: number) {
  const prepared = onlyFilters(f, VALUE_FREE_FILTERS);
  const offset = (page - 1) * limit;
  const deep = page * limit >= COUNT_BOUND;
  const bound = Math.max(COUNT_BOUND, offset) + 1;
  const listOrder = sql`ORDER BY i.date DESC, i.id DESC`;
  // Issue 30: the technician's list opens on the nearest dates (today's, then yesterday's and tomorrow's…), on
  // Casablanca's calendar; a page of that order is read by OFFSET (a cursor follows the date order only), and the
  // bounded count keeps the list order (it only counts).
  const nearest = f.sort === 'nearest';
  const order = nearest ? sql`ORDER BY abs(i.date - ${casablancaToday()}::date), i.date DESC, i.id DESC` : listOrder;
  const after = nearest ? undefined : f.after;
  // After a cursor the page starts there: no rows to walk past (the partial indexes' (date, id) range).
  const from = after ? sql` AND (i.date, i.id) < (${after.date}::date, ${after.id}::int)` : sql``;
  // A search's hits are read once (db/text-search.ts: trigram scans for a rare word, a walk in list order for a
  // frequent one), for the page and its count alike. Walked, they are the first matches in list order: as many as
  // the count's bound, or for a page past it the page and one row more (from the cursor when there is one).
  const ctes = f.search
    ? searchHits(f.search, whereOf({ ...f, search: undefined }), {
        keyset: deep && after ? from : sql``,
        limit: deep ? (after ? 0 : offset) + limit + 1 : bound,
      })
    : [];
  const withs = (...more: SQL[]) =>
    ctes.length + more.length ? sql`WITH ${sql.join([...ctes, ...more], sql`, `)} ` : sql``;
  const rows = f.search ? sql`hits i` : sql`interventions i`;
  const where = f.search ? sql`true` : whereOf(f);
  const skip = after ? sql`` : sql` OFFSET ${prepared ? sql`(SELECT ${offset}::int)` : offset}`;
  const ids = sql`SELECT i.id FROM ${rows} WHERE ${where}${from} ${order} LIMIT ${literalCount(deep ? limit + 1 : limit)}${skip}`;
  // Counted in list order: on the same index as the page (an index-only walk of the newest rows). Unordered, the
  // planner read the table from its start instead, and past a quarter of shared_buffers a sequential scan goes
  // through a small ring of buffers: ~16 pages read from the kernel on every request at 1 M rows. (A search counts
  // its hits, already read.)
  // A list that reaches the bound (most unfiltered and status lists) is told so by the bound-th row alone, skipped to
  // by OFFSET (0.11 ms at 1 M rows against 0.17–0.26 for counting the same 1,001 index entries); a shorter one is
  // then counted.
  const counted = sql`SELECT count(*)::int AS total
    FROM (SELECT 1 FROM ${rows} WHERE ${where} ${f.search ? sql`` : listOrder} LIMIT ${literalCount(bound)}) bounded`;
  const count = f.search
    ? counted
    : sql`SELECT CASE WHEN EXISTS (SELECT 1 FROM ${rows} WHERE ${where} ${listOrder} OFFSET ${literalCount(bound - 1)})
        THEN ${literalCount(bound)} ELSE (${counted}) END AS total`;
  return {
    deep,
    offset,
    bound,
    prepared,
    ids: sql`${withs()}${ids}`,
    count: sql`${withs()}${count}`,
    /** The ids and the count in one statement (for the filters planned on every run). */
    idsAndCount: sql`${withs()}SELECT ${deep ? sql`NULL::int` : sql`(${count})`} AS total, ARRAY(${ids}) AS ids,
      ${LIST_CACHE_VERSION} AS list_version`,
    page: sql`${withs(sql`page AS MATERIALIZED (${ids})`)}
      SELECT ${deep ? sql`(SELECT count(*)::int FROM page)` : sql`(${count})`} AS total, ${LIST_CACHE_VERSION} AS list_version,
        ${COLUMNS}
      FROM page JOIN interventions i ON i.id = page.id ${JOINS} ${order}`,
  };
}

/**
 * Filters the status counts can read from the daily roll-ups by day × statut × urgence (rollup_day_status, and
 * rollup_day_technician for one technician: migrations 0022, 0037; visible interventions only, as the counts are): a
 * sum of a few thousand roll-up rows instead of a count of the interventions (1 M rows: 300 ms for all, 87 ms for one
 * technician's 36,000, issue 16).
 */
const ROLLUP_COUNT_FILTERS = new Set<keyof StatusCountsQuery>([
  'days',
  'urgence',
  'dateFrom',
  'dateTo',
  'overdue',
  'technician_id',
]);

/** Counts per status (plus urgent and overdue) of the filtered list, in one SQL query. */
export async function statusCounts(
  db: DbOrTx,
  f: StatusCountsQuery & { visibility?: Visibility },
  today = metricsToday(),
): Promise<StatusCounts> {
  const { rows } = await db.execute<Record<string, number>>(statusCountsStatement(f, today));
  const row = rows[0];
  return {
    total: row.total,
    urgent: row.urgent,
    overdue: row.overdue,
    statuts: Object.fromEntries(STATUTS.map((s) => [s, row[s] ?? 0])) as StatusCounts['statuts'],
  };
}

/** statusCounts' statement: over the roll-up when the filters allow it (ROLLUP_COUNT_FILTERS), else the rows. */
export function statusCountsStatement(f: StatusCountsQuery & { visibility?: Visibility }, today: string): SQL {
  const fromRollup = onlyFilters(f, ROLLUP_COUNT_FILTERS);
  // The same figures over the interventions (alias i, one row each) or over the roll-up (alias r, n rows each; its
  // day is the intervention's date).
  const tally = fromRollup
    ? (filter?: SQL) => nWhere(filter)
    : (filter?: SQL) => (filter ? sql`count(*) FILTER (WHERE ${filter})::int` : sql`count(*)::int`);
  const a = fromRollup ? 'r' : 'i';
  const overdue = fromRollup ? rOverdue(today, f.days) : isOverdue(today, f.days);
  const perStatut = sql.join(
    STATUTS.map((s) => sql`${tally(sql.raw(`${a}.statut = '${s}'`))} AS ${sql.identifier(s)}`),
    sql`, `,
  );
  const where = fromRollup ? rollupWhere(f, overdue) : whereOf(f, today);
  const rollup = f.technician_id ? sql`rollup_day_technician r` : sql`rollup_day_status r`;
  return sql`SELECT ${tally()} AS total, ${tally(isUrgent(a))} AS urgent, ${tally(overdue)} AS overdue, ${perStatut}
    FROM ${fromRollup ? rollup : sql`interventions i`}
    WHERE ${where}`;
}

/** whereOf's filters among ROLLUP_COUNT_FILTERS, over rollup_day_status or rollup_day_technician (alias r). */
function rollupWhere(f: StatusCountsQuery, overdue: SQL): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.technician_id) parts.push(sql`r.technician_id = ${f.technician_id}`);
  if (f.urgence !== undefined) parts.push(f.urgence === true ? sql`r.urgence` : sql`NOT r.urgence`);
  if (f.dateFrom) parts.push(sql`r.day >= ${f.dateFrom}::date`);
  if (f.dateTo) parts.push(sql`r.day <= ${f.dateTo}::date`);
  if (f.overdue) parts.push(overdue);
  return sql.join(parts, sql` AND `);
}
