import { COUNT_BOUND } from '@gmao/domain/common/api';
import { INTERVENTION_MESSAGES } from '@gmao/domain/interventions/intervention-schemas';
import { listCursor } from '@gmao/domain/interventions/list-cursor';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import { listInterventions, listQueries } from '../src/modules/interventions/list.repository.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { SCALE_ROWS, seedListScale } from './helpers/list-scale.ts';

/**
 * The list at scale (issue 16): past COUNT_BOUND rows the count stops (pagination.capped, "plus de 1 000"); fewer
 * rows, and selective filters, are counted exactly; and every query of the list — default order, main filters,
 * a deep page — is served by an index. The plans are read with enable_seqscan off on ~1,000 analysed rows: a
 * "Seq Scan on interventions" can then only appear when no index can serve the query at all.
 */
let t: TestApp;
let token: string;
let clientId: number;
let technicianId: number;
const ROWS = SCALE_ROWS;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
  ({ clientId, technicianId } = await seedListScale(t.database.db));
});
afterAll(() => t.close());

const list = async (query: string) => {
  const res = await t.as(token, { method: 'GET', url: `/api/interventions?${query}` });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('list count', () => {
  const cappedPages = Math.ceil((COUNT_BOUND + 1) / 10);

  it('stops at COUNT_BOUND and says so', async () => {
    const body = await list('page=1&limit=10');
    expect(body.data).toHaveLength(10);
    expect(body.pagination).toEqual({ total: COUNT_BOUND + 1, pages: cappedPages, page: 1, limit: 10, capped: true });
  });

  it('counts a deep page one row past itself: the next page exists, the last one is exact', async () => {
    const deepPage = COUNT_BOUND / 10;
    const deep = await list(`page=${deepPage}&limit=10`);
    expect(deep.data).toHaveLength(10);
    expect(deep.pagination).toMatchObject({ total: deepPage * 10 + 1, page: deepPage, capped: true });
    const further = await list(`page=${deepPage + 2}&limit=10`);
    expect(further.data).toHaveLength(10);
    expect(further.pagination).toMatchObject({ total: (deepPage + 2) * 10 + 1, page: deepPage + 2, capped: true });
    const last = await list(`page=${ROWS / 10}&limit=10`);
    expect(last.data).toHaveLength(10);
    expect(last.pagination).toEqual({ total: ROWS, pages: ROWS / 10, page: ROWS / 10, limit: 10 });
    // The newest first on every page: the last page ends with the oldest intervention.
    expect(last.data.at(-1).date).toBe(
      (await t.database.db.execute<{ d: string }>(sql`SELECT min(date)::text AS d FROM interventions`)).rows[0].d,
    );
  });

  it('a page past the end is empty and counts exactly', async () => {
    const past = await list(`page=${ROWS / 10 + 5}&limit=10`);
    expect(past.data).toEqual([]);
    expect(past.pagination).toEqual({ total: ROWS, pages: ROWS / 10, page: ROWS / 10 + 5, limit: 10 });
  });

  it('counts exactly when the filter selects fewer rows', async () => {
    const body = await list(`page=1&limit=10&client_id=${clientId}`);
    const total = Math.floor(ROWS / 100);
    expect(body.pagination).toEqual({ total, pages: Math.ceil(total / 10), page: 1, limit: 10 });
  });
});

describe('list cursor (after)', () => {
  const cursorOf = (row: { date: string; id: number }) => listCursor(row);

  it('reads the next page from the previous page’s last row: the same rows and pagination as by offset', async () => {
    const first = await list('page=1&limit=10');
    const byOffset = await list('page=2&limit=10');
    const byCursor = await list(`page=2&limit=10&after=${cursorOf(first.data.at(-1))}`);
    expect(byCursor.data.map((r: { id: number }) => r.id)).toEqual(byOffset.data.map((r: { id: number }) => r.id));
    expect(byCursor.pagination).toEqual(byOffset.pagination);
  });

  it('deep pages too, counted one row past themselves', async () => {
    const deepPage = COUNT_BOUND / 10 + 3;
    const previous = await list(`page=${deepPage - 1}&limit=10`);
    const byOffset = await list(`page=${deepPage}&limit=10`);
    const byCursor = await list(`page=${deepPage}&limit=10&after=${cursorOf(previous.data.at(-1))}`);
    expect(byCursor.data.map((r: { id: number }) => r.id)).toEqual(byOffset.data.map((r: { id: number }) => r.id));
    expect(byCursor.pagination).toEqual(byOffset.pagination);
    // With a filter: the cursor applies within it.
    const statut = await list(`page=1&limit=10&statut=EN_COURS`);
    const next = await list(`page=2&limit=10&statut=EN_COURS&after=${cursorOf(statut.data.at(-1))}`);
    expect(next.data).toHaveLength(10);
    expect(next.data.every((r: { statut: string }) => r.statut === 'EN_COURS')).toBe(true);
    expect(next.data[0].id).toBe((await list('page=2&limit=10&statut=EN_COURS')).data[0].id);
  });

  it.each(['2026-02-30.5', '2026-01-01', '2026-01-01.0', '2026-01-01.99999999999', 'x', '2026-01-01.5;--'])(
    'refuses the cursor %s with a 400 in French, before any query',
    async (after) => {
      const res = await t.as(token, {
        method: 'GET',
        url: `/api/interventions?page=2&limit=10&after=${encodeURIComponent(after)}`,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(INTERVENTION_MESSAGES.cursorInvalid);
    },
  );
});

async function plan(q: SQL) {
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN ${q}`);
    return rows.map((r) => r['QUERY PLAN']).join('\n');
  });
}

describe('list plans', () => {
  const cases: [string, Partial<Parameters<typeof listQueries>[0]>, number][] = [
    ['default order', { scope: 'active' }, 1],
    ['deep page', { scope: 'active' }, 500],
    ['deep page after a cursor', { scope: 'active', after: { date: '2024-01-01', id: 500 } }, 500],
    ['statut after a cursor', { scope: 'active', statut: 'EN_COURS', after: { date: '2024-01-01', id: 500 } }, 2],
    ['statut', { scope: 'active', statut: 'EN_COURS' }, 1],
    ['client', { scope: 'active', client_id: 1 }, 1],
    ['technician', { scope: 'active', technician_id: 1 }, 1],
    ['urgent', { scope: 'active', urgence: true }, 1],
    ['search', { scope: 'active', search: 'Intervention 42' }, 1],
  ];
  it.each(cases)('%s: index scans only, no sequential scan of interventions', async (_, filters, page) => {
    const f = { days: 7, ...filters, technician_id: filters.technician_id && technicianId };
    const q = listQueries(f as Parameters<typeof listQueries>[0], page, 20);
    for (const text of [await plan(q.ids), await plan(q.count), await plan(q.page)]) {
      expect(text).not.toMatch(/Seq Scan on interventions/);
      expect(text).toMatch(/Index (Only )?Scan|Bitmap Index Scan/);
    }
  });

  it('joins the page’s rows to their people: no scan of users run per row', async () => {
    // Issue 16: the creator's and the technician's names as scalar subqueries scanned users once per row each (the
    // page-1 statement at 1 M rows: +20 % statements/s joined). The equipment, the client and the review stay
    // subqueries: joined too, the statement took PostgreSQL ~6× longer to plan. The SLA summary (issue 31) is one more,
    // served by intervention_sla's primary key (intervention_id, cible).
    const text = await plan(listQueries({ scope: 'active', days: 7 } as Parameters<typeof listQueries>[0], 1, 20).page);
    for (const table of ['users u', 'users t']) expect(text).toMatch(new RegExp(`Index Scan using \\w+ on ${table} `));
    const subPlanTables = text
      .split(/SubPlan \d+/)
      .slice(1)
      .map((part) => part.match(/ on (\w+)/)?.[1]);
    // The derogation's author (issue 34) is a subquery too, run only for a derogated row (inside a CASE on its motif).
    expect(subPlanTables.sort()).toEqual([
      'clients',
      'equipements',
      'intervention_reviews',
      'intervention_sla',
      'users',
    ]);
  });
});

describe('list statement', () => {
  it('is prepared for value-free filters and searches, and PostgreSQL keeps its generic plan whatever the page or word', async () => {
    const f = { scope: 'active', days: 7, statut: 'EN_COURS' } as Parameters<typeof listQueries>[0];
    expect(listQueries(f, 1, 20).prepared).toBe(true);
    expect(listQueries({ ...f, search: 'Intervention 42' }, 1, 20).prepared).toBe(true);
    expect(listQueries({ ...f, dateFrom: '2026-01-01' }, 1, 20).prepared).toBe(false);
    expect(listQueries({ ...f, champ: 'puissance', valeur: '630' }, 1, 20).prepared).toBe(false);
    // One connection, so that every run meets the same prepared statement (pages 1 to 4, twice), in a transaction
    // that adds 20,000 rows and is rolled back: on a table as small as this file's, a plain OFFSET parameter got the
    // generic plan too; at this size it is planned on every run (0 generic plans).
    const one = openDatabase(t.database.pool.options.connectionString as string, { max: 1 });
    let generic = -1;
    const rollback = new Error('rollback');
    try {
      await one.db.transaction(async (tx) => {
        await tx.execute(sql`
          INSERT INTO interventions (equipement_id, client_id, date, description, statut)
          SELECT equipement_id, client_id, date - 1, description, statut FROM interventions, generate_series(1, 20) g`);
        await tx.execute(sql`ANALYZE interventions`);
        for (let i = 0; i < 8; i++) {
          const { rows } = await listInterventions(tx, f, 1 + (i % 4), 20);
          expect(rows).toHaveLength(20);
        }
        // A search: eight words, each found by the same generic plan (the pattern is a subquery the planner ignores).
        for (let i = 0; i < 8; i++) {
          const word = `Intervention ${100 + i * 97}`; // two indexed words each: one statement
          const { rows } = await listInterventions(tx, { scope: 'active', days: 7, search: word }, 1, 20);
          expect(rows.length).toBeGreaterThan(0);
          expect(rows.every((r) => r.description?.startsWith(word))).toBe(true);
        }
        const { rows } = await tx.execute<{ generic_plans: number }>(
          sql`SELECT generic_plans::int FROM pg_prepared_statements WHERE statement LIKE 'WITH %page AS MATERIALIZED%'`,
        );
        expect(rows).toHaveLength(2);
        generic = Math.min(...rows.map((r) => r.generic_plans));
        throw rollback;
      });
    } catch (err) {
      if (err !== rollback) throw err;
    } finally {
      await one.close();
    }
    // Five custom plans, then the generic one is kept (it costs no more): no planning per request from then on.
    expect(generic).toBeGreaterThanOrEqual(3);
  });
});
