import { COUNT_BOUND } from '@gmao/domain/common/api';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { indexedWords, searchHits } from '../src/db/text-search.ts';
import { type ListFilters, listInterventions, listQueries } from '../src/modules/interventions/list.repository.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { SCALE_ROWS, seedListScale } from './helpers/list-scale.ts';

/**
 * The list's search at scale (issue 16, db/text-search.ts): past COUNT_BOUND matching rows, a frequent word is
 * walked in list order and a rare one found through the indexes, however old; an intervention found twice is listed
 * once. On the data set of intervention-list-scale.test.ts.
 */
let t: TestApp;
let clientId: number;
const ROWS = SCALE_ROWS;

beforeAll(async () => {
  t = await createTestApp();
  ({ clientId } = await seedListScale(t.database.db));
});
afterAll(() => t.close());

describe('list search', () => {
  it('lists and counts once an intervention found twice (its description and its client)', async () => {
    const rollback = new Error('rollback');
    let found: { ids: number[]; total: number } | undefined;
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE interventions SET description = 'Petit contrôle' WHERE client_id = ${clientId}`);
        const { rows, total } = await listInterventions(tx, { scope: 'active', days: 7, search: 'petit' }, 1, 20);
        found = { ids: rows.map((r) => r.id), total };
        throw rollback;
      })
      .catch((err) => {
        if (err !== rollback) throw err;
      });
    const expected = Math.floor(ROWS / 100);
    expect(found?.total).toBe(expected);
    expect(found?.ids).toHaveLength(expected);
    expect(new Set(found?.ids).size).toBe(expected);
  });

  it('walks a frequent word in list order: the same pages, cursor pages and count as the rows it names', async () => {
    const visible = sql`i.deleted_at IS NULL AND i.archived_at IS NULL`;
    // "volume": the client of 99 rows in 100 (so frequent among the newest rows, and walked); "intervention": every
    // description.
    for (const [word, matching] of [
      ['VOLUME', sql`c.nom_entreprise ILIKE '%volume%'`],
      ['intervention', sql`i.description ILIKE '%intervention%'`],
    ] as const) {
      const probe = await t.database.db.execute<{ frequent: boolean }>(
        sql`WITH ${sql.join(searchHits(word, visible, { keyset: sql``, limit: 1 }), sql`, `)} SELECT frequent FROM probe`,
      );
      expect(probe.rows[0]?.frequent).toBe(true);
      const { rows: expected } = await t.database.db.execute<{ id: number; date: string }>(
        sql`SELECT i.id, i.date::text AS date FROM interventions i JOIN clients c ON c.id = i.client_id
            WHERE ${visible} AND ${matching} ORDER BY i.date DESC, i.id DESC`,
      );
      expect(expected.length).toBeGreaterThan(COUNT_BOUND + 20);
      const f = { scope: 'active', days: 7, search: word } as ListFilters;
      const ids = (page: { rows: { id: number }[] }) => page.rows.map((r) => r.id);
      const slice = (from: number, to: number) => expected.slice(from, to).map((r) => r.id);
      const after = (index: number) => ({ date: expected[index].date, id: expected[index].id });

      const first = await listInterventions(t.database.db, f, 1, 20);
      expect(ids(first)).toEqual(slice(0, 20));
      expect(first).toMatchObject({ total: COUNT_BOUND + 1, capped: true });
      const third = await listInterventions(t.database.db, { ...f, after: after(39) }, 3, 20);
      expect(ids(third)).toEqual(slice(40, 60));
      // Past the count's bound, typed (OFFSET) and after a cursor: the page and one row more.
      const deep = COUNT_BOUND / 20 + 1;
      for (const page of [
        await listInterventions(t.database.db, f, deep, 20),
        await listInterventions(t.database.db, { ...f, after: after(COUNT_BOUND - 1) }, deep, 20),
      ]) {
        expect(ids(page)).toEqual(slice(COUNT_BOUND, COUNT_BOUND + 20));
        expect(page).toMatchObject({ total: COUNT_BOUND + 21, capped: true });
      }
      const lastPage = Math.ceil(expected.length / 20);
      const last = await listInterventions(t.database.db, f, lastPage, 20);
      expect(ids(last)).toEqual(slice((lastPage - 1) * 20, expected.length));
      expect(last).toMatchObject({ total: expected.length, capped: false });
    }
  });

  it('scans a rare word through the trigram indexes, however old its rows', async () => {
    const probe = await t.database.db.execute<{ frequent: boolean }>(
      sql`WITH ${sql.join(searchHits('Intervention 1040', sql`true`, { keyset: sql``, limit: 1 }), sql`, `)} SELECT frequent FROM probe`,
    );
    expect(probe.rows[0]?.frequent).toBe(false);
    const { rows, total } = await listInterventions(
      t.database.db,
      { scope: 'active', days: 7, search: 'Intervention 1040' } as ListFilters,
      1,
      20,
    );
    // g = 1040 is the oldest row (dated 1,040 days ago), and no other description holds its number.
    expect(rows.map((r) => r.description)).toEqual(['Intervention 1040']);
    expect(total).toBe(1);
  });

  it('asks the trigram index for the long words only, and still finds the whole text', async () => {
    expect(indexedWords('n° 4242')).toEqual(['4242']);
    expect(indexedWords('Pompe n° 12 de pompe')).toEqual(['Pompe', 'pompe']);
    for (const q of ['on 104', 'TION 99', 'n 10']) {
      const { rows: expected } = await t.database.db.execute<{ id: number }>(
        sql`SELECT i.id FROM interventions i WHERE i.description ILIKE ${`%${q}%`} ORDER BY i.date DESC, i.id DESC LIMIT 20`,
      );
      expect(expected.length).toBeGreaterThan(0);
      const { rows } = await listInterventions(
        t.database.db,
        { scope: 'active', days: 7, search: q } as ListFilters,
        1,
        20,
      );
      expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
    }
  });

  it('asks it for the whole text when a word of several is short: the short words narrow a frequent long one', () => {
    // "maintenance n° 12" at 1 M rows, "maintenance" in every description: 582 → 70 ms (the words index takes no word
    // shorter than three characters, so such a query reaches the trigram index).
    const patterns = (q: string) =>
      new PgDialect().sqlToQuery(listQueries({ scope: 'active', days: 7, search: q } as ListFilters, 1, 20).page)
        .params;
    // (a pattern's parameter is its text, made `%…%` in SQL once folded)
    expect(patterns('maintenance n° 12')).not.toContain('maintenance');
    expect(patterns('n° 12 maintenance')).not.toContain('maintenance');
    // Long words only: each alone (their boundary trigrams would only add frequent posting lists).
    expect(patterns('intervention maintenance')).toContain('maintenance');
  });
});
