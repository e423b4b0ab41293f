import { COUNT_BOUND } from '@gmao/domain/common/api';
import { metricsToday } from '@gmao/domain/dashboard/metrics';
import type {
  Intervention,
  InterventionListQuery,
  StatusCounts,
  StatusCountsQuery,
} from '@gmao/domain/interventions/intervention-schemas';
import { PLANNING_TIME_ZONE } from '@gmao/domain/interventions/schedule-schemas';
import { STATUTS } from '@gmao/domain/interventions/status';
import { type SQL, sql } from 'drizzle-orm';
import { cursorRows } from '../../db/cursor.ts';
import type { DbOrTx } from '../../db/database.ts';
import { inScope, isOverdue, isUrgent } from '../../db/predicates.ts';
import { executeNamed } from '../../db/prepared.ts';
import { interventionMatches } from '../../db/text-search.ts';
import { COLUMNS, FROM, type Row, toIntervention } from './interventions.repository.ts';

/** The interventions list: its filters (whereOf), pages and bounded count, status counts and export reads. */

export type ListFilters = Omit<InterventionListQuery, 'page' | 'limit'>;

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
  // Description, equipment (name, brand, model, serial) or client (name, city, ICE), accents and case aside.
  if (f.search) parts.push(interventionMatches(f.search));
  if (f.equipement_id) parts.push(sql`i.equipement_id = ${f.equipement_id}`);
  if (f.client_id) parts.push(sql`i.client_id = ${f.client_id}`);
  if (f.technician_id) parts.push(sql`i.technician_id = ${f.technician_id}`);
  if (f.plan_id) parts.push(sql`i.plan_id = ${f.plan_id}`);
  if (f.statut) parts.push(sql`i.statut = ${f.statut}`);
  if (f.urgence !== undefined) parts.push(sql`i.urgence = ${f.urgence}`);
  if (f.dateFrom) parts.push(sql`i.date >= ${f.dateFrom}::date`);
  if (f.dateTo) parts.push(sql`i.date <= ${f.dateTo}::date`);
  if (f.overdue) parts.push(isOverdue(today, f.days));
  if (f.champ && f.valeur !== undefined && f.valeur !== '') parts.push(customFieldEquals(f.champ, f.valeur));
  // Casablanca days, like the planned times are shown (the partial index on planned_at serves both bounds).
  if (f.planned_from)
    parts.push(sql`i.planned_at >= (${f.planned_from}::date)::timestamp AT TIME ZONE ${PLANNING_TIME_ZONE}`);
  if (f.planned_to)
    parts.push(sql`i.planned_at < ((${f.planned_to}::date + 1)::timestamp AT TIME ZONE ${PLANNING_TIME_ZONE})`);
  if (f.review)
    parts.push(
      sql`EXISTS (SELECT 1 FROM intervention_reviews rv WHERE rv.intervention_id = i.id AND rv.review_status = ${f.review})`,
    );
  return sql.join(parts, sql` AND `);
}

/** Every row of the filter in list order (date DESC, id DESC) through one cursor: the CSV export. */
export async function* interventionsCursor(db: DbOrTx, f: Partial<ListFilters>) {
  const rows = cursorRows<Row>(db, sql`SELECT ${COLUMNS} ${FROM} WHERE ${whereOf(f)} ORDER BY i.date DESC, i.id DESC`);
  for await (const r of rows) yield toIntervention(r);
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
 * One page, newest first (date, then creation order), and the total of the same filter counted in SQL — counted up
 * to a bound (COUNT_BOUND rows), never a count(*) over the whole history: when the bound is reached, `capped` says
 * total is a lower bound. A page past the bound reads one row more than itself instead: it exists, so the total is
 * at least its last row, and one more row says a next page exists (its count is that lower bound, capped).
 */
export async function listInterventions(db: DbOrTx, f: ListFilters, page: number, limit: number) {
  const q = listQueries(f, page, limit);
  if (q.deep) {
    // One walk to the page instead of two (the OFFSET, then a count as far): deep pages cost half as much.
    const { rows } = await db.execute<{ ids: number[] }>(sql`SELECT ARRAY(${q.ids}) AS ids`);
    const { ids } = rows[0];
    if (ids.length > 0) {
      const capped = ids.length > limit;
      const total = q.offset + ids.length;
      return { rows: await interventionsByIds(db, ids.slice(0, limit)), total, capped };
    }
  }
  // One round trip for both (each costs the server a query of its own), then the page's rows.
  const { rows } = await db.execute<{ total: number; ids: number[] }>(
    sql`SELECT (${q.count}) AS total, ARRAY(${q.ids}) AS ids`,
  );
  const { total, ids } = rows[0];
  return { rows: ids.length ? await interventionsByIds(db, ids) : [], total, capped: total >= q.bound };
}

/**
 * The interventions of `ids`, in list order (date DESC, id DESC). One statement text whatever the ids (an array
 * parameter), prepared once per connection with a generic plan: planning this five-table join cost more than running
 * it for a page of rows.
 */
async function interventionsByIds(db: DbOrTx, ids: number[]): Promise<Intervention[]> {
  const { rows } = await executeNamed<Row>(
    db,
    'interventions_by_ids',
    sql`SELECT ${COLUMNS} ${FROM} WHERE i.id = ANY(${sql.param(ids)}::int[]) ORDER BY i.date DESC, i.id DESC`,
  );
  return rows.map(toIntervention);
}

/**
 * The page's ids and the bounded count of the list (server/test/intervention-list-scale.test.ts EXPLAINs them).
 * whereOf reads only the interventions row (alias i; the search and review filters are subqueries of their own), and
 * the joins of FROM keep every row (equipement_id and client_id are NOT NULL foreign keys, the users are LEFT
 * JOINed): so both read interventions alone — on the partial indexes of visible rows (migration 0029, by date or by
 * status and date) an index-only scan — and the joins run for the page's rows only (interventionsByIds). An OFFSET
 * over the joined rows joined and projected every skipped row (page 500: 10,000 of them).
 */
export function listQueries(f: ListFilters, page: number, limit: number) {
  const where = whereOf(f);
  const offset = (page - 1) * limit;
  // A page that ends past COUNT_BOUND is counted by its own walk (listInterventions): it reads one row more.
  const deep = page * limit >= COUNT_BOUND;
  const bound = Math.max(COUNT_BOUND, offset) + 1;
  return {
    deep,
    offset,
    bound,
    ids: sql`SELECT i.id FROM interventions i WHERE ${where}
      ORDER BY i.date DESC, i.id DESC LIMIT ${deep ? limit + 1 : limit} OFFSET ${offset}`,
    count: sql`SELECT count(*)::int AS total FROM (SELECT 1 FROM interventions i WHERE ${where} LIMIT ${bound}) bounded`,
  };
}

/** Counts per status (plus urgent and overdue) of the filtered list, in one SQL query. */
export async function statusCounts(db: DbOrTx, f: StatusCountsQuery, today = metricsToday()): Promise<StatusCounts> {
  const perStatut = sql.join(
    STATUTS.map((s) => sql`count(*) FILTER (WHERE i.statut = ${s})::int AS ${sql.identifier(s)}`),
    sql`, `,
  );
  const { rows } = await db.execute<Record<string, number>>(
    sql`SELECT count(*)::int AS total,
          count(*) FILTER (WHERE ${isUrgent()})::int AS urgent,
          count(*) FILTER (WHERE ${isOverdue(today, f.days)})::int AS overdue,
          ${perStatut}
        FROM interventions i
        JOIN equipements e ON e.id = i.equipement_id
        JOIN clients c ON c.id = i.client_id
        WHERE ${whereOf(f, today)}`,
  );
  const row = rows[0];
  return {
    total: row.total,
    urgent: row.urgent,
    overdue: row.overdue,
    statuts: Object.fromEntries(STATUTS.map((s) => [s, row[s] ?? 0])) as StatusCounts['statuts'],
  };
}
