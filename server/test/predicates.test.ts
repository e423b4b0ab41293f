import * as due from '@gmao/domain/interventions/due-day';
import { SCOPES } from '@gmao/domain/interventions/lifecycle-schemas';
import * as rule from '@gmao/domain/interventions/predicates';
import { STATUTS } from '@gmao/domain/interventions/status';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as fragment from '../src/db/predicates.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

/**
 * Every SQL fragment of server/src/db/predicates.ts gives, row by row, the same answer as its rule in
 * domain/src/interventions/predicates.ts — on every status, both urgency flags, dates on both sides of each overdue
 * threshold, and every trash/archive combination. A definition changed on one side only fails here.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TODAY = '2026-03-31';
const shift = (days: number) => {
  const d = new Date(`${TODAY}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};
const STAMP = '2026-01-15T10:00:00.000Z';

type Row = {
  n: number;
  statut: string;
  urgence: boolean;
  date: string;
  deletedAt: string | null;
  archivedAt: string | null;
};

const rows: Row[] = [];
for (const statut of STATUTS)
  for (const urgence of [false, true])
    for (const offset of [-400, -31, -30, -29, -8, -7, -6, -1, 0, 1, 30])
      for (const deletedAt of [null, STAMP])
        for (const archivedAt of [null, STAMP])
          rows.push({ n: rows.length, statut, urgence, date: shift(offset), deletedAt, archivedAt });

/** Evaluates `predicate` (written against alias `i`) on every row; returns the row numbers where it holds. */
async function holdsFor(predicate: SQL): Promise<number[]> {
  const values = sql.join(
    rows.map(
      (r) =>
        sql`(${r.n}::int, ${r.statut}::varchar, ${r.urgence}::boolean, ${r.date}::date, ${r.deletedAt}::timestamptz, ${r.archivedAt}::timestamptz)`,
    ),
    sql`, `,
  );
  const { rows: out } = await t.database.db.execute<{ n: number }>(
    sql`SELECT i.n FROM (VALUES ${values}) AS i(n, statut, urgence, date, deleted_at, archived_at)
        WHERE ${predicate} ORDER BY i.n`,
  );
  return out.map((r) => r.n);
}

const expected = (rule: (r: Row) => boolean) => rows.filter(rule).map((r) => r.n);

describe('SQL predicates agree with the domain rules', () => {
  it.each([
    ['isOpen', fragment.isOpen(), (r: Row) => rule.isOpen(r.statut)],
    ['isActive', fragment.isActive(), (r: Row) => rule.isActive(r.statut)],
    ['isCompleted', fragment.isCompleted(), (r: Row) => rule.isCompleted(r.statut)],
    ['isCancelled', fragment.isCancelled(), (r: Row) => r.statut === 'ANNULEE'],
    ['isFailed', fragment.isFailed(), (r: Row) => r.statut === 'ECHEC'],
    ['isUrgent', fragment.isUrgent(), (r: Row) => rule.isUrgent(r)],
    ['visible', fragment.visible(), (r: Row) => rule.isVisible(r)],
    ['notDeleted', fragment.notDeleted(), (r: Row) => rule.isNotDeleted(r)],
  ] as const)('%s', async (_name, predicate, domainRule) => {
    const got = await holdsFor(predicate);
    expect(got.length).toBeGreaterThan(0);
    expect(got).toEqual(expected(domainRule));
  });

  it.each([undefined, 0, 7, 30])('isOverdue (days %s)', async (days) => {
    const got = await holdsFor(fragment.isOverdue(TODAY, days));
    expect(got.length).toBeGreaterThan(0);
    expect(got).toEqual(expected((r) => rule.isOverdue(r, TODAY, days)));
  });

  it.each(SCOPES)('inScope %s', async (scope) => {
    expect(await holdsFor(fragment.inScope(scope))).toEqual(expected((r) => rule.inScope(r, scope)));
  });

  it('inPeriod is inclusive on both ends', async () => {
    const from = shift(-7);
    const got = await holdsFor(fragment.inPeriod(from, TODAY));
    expect(got).toEqual(expected((r) => r.date >= from && r.date <= TODAY));
  });

  it('writes the status lists as literals, so the partial index on open interventions can be used', () => {
    const { sql: text, params } = new PgDialect().sqlToQuery(fragment.isOpen('x'));
    expect(params).toEqual([]);
    expect(text).toBe(`x.statut IN (${rule.OPEN_STATUTS.map((s) => `'${s}'`).join(', ')})`);
  });

  it('dueOn and dueBefore (Casablanca days, by planned time or else by date) agree with due-day.ts', async () => {
    // planned times around Casablanca's midnights (UTC+1 in March 2026) and none; dates on either side of TODAY
    const planned = [
      null,
      '2026-03-30T22:59:00Z',
      '2026-03-30T23:00:00Z',
      '2026-03-31T22:59:00Z',
      '2026-03-31T23:00:00Z',
    ];
    const cases = [-1, 0, 1].flatMap((offset) =>
      planned.map((plannedAt, k) => ({ n: (offset + 1) * 10 + k, date: shift(offset), plannedAt })),
    );
    const values = sql.join(
      cases.map((c) => sql`(${c.n}::int, ${c.date}::date, ${c.plannedAt}::timestamptz)`),
      sql`, `,
    );
    const holds = async (predicate: SQL) =>
      (
        await t.database.db.execute<{ n: number }>(
          sql`SELECT i.n FROM (VALUES ${values}) AS i(n, date, planned_at) WHERE ${predicate} ORDER BY i.n`,
        )
      ).rows.map((r) => r.n);
    for (const day of [shift(-1), TODAY, shift(1)]) {
      const on = cases.filter((c) => due.isDueOn(c, day)).map((c) => c.n);
      const before = cases.filter((c) => due.isDueBefore(c, day)).map((c) => c.n);
      expect(on.length).toBeGreaterThan(0);
      expect(await holds(fragment.dueOn(day))).toEqual(on);
      expect(await holds(fragment.dueBefore(day))).toEqual(before);
    }
  });
});
