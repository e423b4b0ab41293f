import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backlogAge, repairHours, startHours, timingJoin, wasInterrupted } from '../src/db/metrics-sql.ts';
import { inPeriod, isCompleted, isOpen, isOverdue, isUrgent, visible } from '../src/db/predicates.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { buildDataset, daysAgo } from './helpers/dashboard-factories.ts';
import { createEquipment, createIntervention, createOpenPartRequest, createUser } from './helpers/factories.ts';

/**
 * The daily roll-up (migration 0022) against the full recomputation: after writes of every kind — creation, status
 * changes through the status writer, assignment, date edit, trash / restore / archive, equipment cost and type edit,
 * hard delete — the maintained tables equal a rebuild from scratch, and the figures read from them equal the same
 * figures counted over interventions and their whole history (the definitions of predicates.ts and metrics-sql.ts).
 */
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await t.adminToken();
  await buildDataset(t.database.db);
});
afterAll(() => t.close());

const db = () => t.database.db;
const call = async (method: 'PUT' | 'DELETE' | 'POST', url: string, payload?: object) => {
  const res = await t.as(token, { method, url, payload });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
};

const DAILY = sql.raw(`SELECT day::text, client_id, type_equipement, technician_id, statut, urgence, n, n_start,
  sum_start_s::text, n_repair, sum_repair_s::text, n_interrupted, sum_cout::text, sum_wait_s::text,
  sum_wait_repair_s::text FROM rollup_daily
  ORDER BY day, client_id, type_equipement NULLS FIRST, technician_id NULLS FIRST, statut, urgence`);
const FACTS = sql.raw(`SELECT intervention_id, day::text, client_id, equipement_id, type_equipement, technician_id,
  statut, urgence, cout::text, start_s::text, repair_s::text, interrupted, wait_s::text, wait_repair_s::text,
  started_at::text, finished_at::text, waiting_since::text
  FROM intervention_facts ORDER BY 1`);

// rollup_month_client and rollup_year_equipment: migration 0040 (issue 29), kept from the facts by statement triggers.
const NARROW = [
  'rollup_day_status',
  'rollup_day_technician',
  'rollup_day_type',
  'rollup_day_client',
  'rollup_month_client',
  'rollup_year_equipment',
].map((t) => sql.raw(`SELECT to_jsonb(x) AS row FROM ${t} x ORDER BY to_jsonb(x)::text`));

async function snapshot(q: Pick<ReturnType<typeof db>, 'execute'>) {
  const narrow = [];
  for (const n of NARROW) narrow.push((await q.execute(n)).rows);
  return { daily: (await q.execute(DAILY)).rows, facts: (await q.execute(FACTS)).rows, narrow };
}

/** The maintained roll-ups and facts, then the same rebuilt from scratch (rolled back: the test data stays). */
async function maintainedAndRebuilt() {
  const maintained = await snapshot(db());
  let rebuilt: typeof maintained | undefined;
  await db()
    .transaction(async (tx) => {
      await tx.execute(sql`SELECT rollup_rebuild()`);
      rebuilt = await snapshot(tx);
      throw new Error('rollback');
    })
    .catch((e: Error) => {
      if (e.message !== 'rollback') throw e;
    });
  return { maintained, rebuilt };
}

/** Period figures counted over interventions and their whole history (no roll-up). */
async function recomputed(from: string, to: string, today: string) {
  const { rows } = await db().execute<Record<string, unknown>>(sql`
    SELECT count(*)::int AS total,
           count(*) FILTER (WHERE ${isCompleted()})::int AS completed,
           count(*) FILTER (WHERE ${isOpen()})::int AS open,
           count(*) FILTER (WHERE ${isUrgent()})::int AS urgent,
           count(*) FILTER (WHERE ${isOverdue(today)})::int AS overdue,
           round(avg(${startHours()})::numeric, 6)::float8 AS mtts,
           round(avg(${repairHours()})::numeric, 6)::float8 AS mttr,
           count(*) FILTER (WHERE ${isCompleted()} AND NOT ${wasInterrupted()})::int AS first_time_fix,
           COALESCE(sum(e.cout), 0)::numeric(16, 2)::text AS cost_total,
           count(DISTINCT i.equipement_id)::int AS equipment_count,
           count(DISTINCT i.client_id)::int AS client_count
    FROM interventions i JOIN equipements e ON e.id = i.equipement_id ${timingJoin('i', 'hash')}
    WHERE ${visible()} AND ${inPeriod(from, to)}`);
  const { rows: back } = await db().execute<Record<string, unknown>>(sql`
    SELECT count(*)::int AS count, round(avg(${backlogAge(today)})::numeric, 6)::float8 AS avg_age,
           max(${backlogAge(today)})::int AS max_age
    FROM interventions i WHERE ${visible()} AND ${isOpen()} AND i.date <= ${today}::date`);
  return { ...rows[0], backlog: back[0] };
}

/** The same figures read through the services (roll-up). */
async function fromServices(from: string, to: string, today: string) {
  const { summaryAggregates } = await import('../src/modules/reports/reports.repository.ts');
  const { periodPerformance, backlog } = await import('../src/modules/dashboard/performance.repository.ts');
  const s = await summaryAggregates(db(), { dateFrom: from, dateTo: to }, today);
  const p = await periodPerformance(db(), { from, to });
  const b = await backlog(db(), today);
  const r6 = (x: number | null) => (x === null ? null : Math.round(x * 1e6) / 1e6);
  return {
    total: s.total,
    completed: s.completed,
    open: s.open,
    urgent: s.urgent,
    overdue: s.overdue,
    mtts: r6(p.mtts),
    mttr: r6(s.mttr),
    first_time_fix: p.first_time_fix,
    cost_total: s.cost_total,
    equipment_count: s.equipment_count,
    client_count: s.client_count,
    backlog: { count: b.count, avg_age: r6(b.avg_age), max_age: b.max_age },
  };
}

async function expectExact() {
  const { maintained, rebuilt } = await maintainedAndRebuilt();
  expect(maintained.facts.length).toBeGreaterThan(0);
  expect(maintained).toEqual(rebuilt);
  const today = daysAgo(0);
  for (const from of [daysAgo(6), daysAgo(29), daysAgo(364)]) {
    expect(await fromServices(from, today, today)).toEqual(await recomputed(from, today, today));
  }
  // Whole calendar years (the equipment from rollup_year_equipment) and the by-client chart's periods (whole months
  // from rollup_month_client, the edges from the daily rows).
  const year = Number(today.slice(0, 4));
  for (const [from, to] of [
    [`${year}-01-01`, `${year}-12-31`],
    [`${year - 1}-01-01`, `${year}-12-31`],
  ]) {
    expect(await fromServices(from, to, today)).toEqual(await recomputed(from, to, today));
    expect(await equipmentValue(from, to)).toBe(await recomputedEquipmentValue(from, to));
  }
  const { countByClient } = await import('../src/modules/dashboard/charts.repository.ts');
  for (const [from, to] of [
    [daysAgo(364), today],
    [`${year}-01-01`, `${year}-12-31`],
    [daysAgo(45), daysAgo(10)],
    [daysAgo(3), today],
  ]) {
    const { rows } = await db().execute<{ id: number; count: number }>(sql`
      SELECT i.client_id AS id, count(*)::int AS count FROM interventions i
      WHERE ${visible()} AND ${inPeriod(from, to)} GROUP BY 1 ORDER BY 2 DESC, 1`);
    const chart = await countByClient(db(), { from, to, limit: 1000 });
    expect(chart.map((c) => ({ id: c.id, count: c.count })).sort((a, b) => a.id - b.id)).toEqual(
      rows.sort((a, b) => a.id - b.id),
    );
  }
}

async function equipmentValue(from: string, to: string) {
  const { summaryAggregates } = await import('../src/modules/reports/reports.repository.ts');
  return (await summaryAggregates(db(), { dateFrom: from, dateTo: to }, daysAgo(0))).equipment_value;
}

async function recomputedEquipmentValue(from: string, to: string) {
  const { rows } = await db().execute<{ v: string }>(sql`
    SELECT COALESCE(sum(e.valeur), 0)::numeric(16, 2)::text AS v FROM equipements e
    WHERE e.id IN (SELECT i.equipement_id FROM interventions i WHERE ${visible()} AND ${inPeriod(from, to)})`);
  return rows[0].v;
}

describe('daily roll-up', () => {
  it('equals the full recomputation on the hand-built dataset', async () => {
    await expectExact();
  });

  it('stays exact through status changes, assignment, edits, trash, archive, equipment edits and deletes', async () => {
    const tech = await createUser(db(), { username: 'rollup_tech', nom: 'Technicien Roll-up' });
    const eq = await createEquipment(db(), { typeEquipement: 'POMPE', cout: '250.00', valeur: '9000.00' });
    const a = await call('POST', '/api/interventions', {
      equipement_id: eq.id,
      date: daysAgo(3),
      description: 'Pompe à contrôler',
      urgence: true,
    });
    const b = await createIntervention(db(), { equipementId: eq.id, date: daysAgo(40) });
    await createOpenPartRequest(db(), a.id);
    for (const statut of ['EN_COURS', 'EN_PAUSE', 'EN_COURS', 'EN_ATTENTE_PDR', 'EN_COURS', 'TERMINEE']) {
      await call('PUT', `/api/interventions/${a.id}/status`, { statut });
    }
    await call('PUT', `/api/interventions/${b.id}/status`, { statut: 'EN_COURS' });
    await db().execute(sql`UPDATE interventions SET technician_id = ${tech.id} WHERE id = ${b.id}`);
    await expectExact();

    await db().execute(sql`UPDATE interventions SET date = ${daysAgo(20)}::date, urgence = true WHERE id = ${b.id}`);
    await db().execute(sql`UPDATE equipements SET cout = 410.50, type_equipement = 'COMPRESSEUR' WHERE id = ${eq.id}`);
    await expectExact();

    await call('PUT', `/api/interventions/${a.id}/archive`);
    await call('PUT', `/api/interventions/${b.id}/soft-delete`);
    await expectExact();
    await call('PUT', `/api/interventions/${b.id}/restore`);
    await call('PUT', `/api/interventions/${a.id}/unarchive`);
    await expectExact();

    await db().execute(
      sql`DELETE FROM intervention_history WHERE intervention_id = ${a.id} AND to_statut = 'EN_PAUSE'`,
    );
    await db().execute(sql`DELETE FROM interventions WHERE id = ${b.id}`);
    await expectExact();
  });

  it('takes concurrent opposite status changes of the same day without a deadlock', async () => {
    const eq = await createEquipment(db(), { typeEquipement: 'POMPE', cout: '100.00' });
    const a = await createIntervention(db(), { equipementId: eq.id, date: daysAgo(1) });
    const b = await createIntervention(db(), { equipementId: eq.id, date: daysAgo(1) });
    await call('PUT', `/api/interventions/${a.id}/status`, { statut: 'EN_COURS' });
    await call('PUT', `/api/interventions/${b.id}/status`, { statut: 'EN_COURS' });
    await call('PUT', `/api/interventions/${b.id}/status`, { statut: 'EN_PAUSE' });
    for (let round = 0; round < 6; round++) {
      const [x, y] = round % 2 === 0 ? ['EN_PAUSE', 'EN_COURS'] : ['EN_COURS', 'EN_PAUSE'];
      await Promise.all([
        call('PUT', `/api/interventions/${a.id}/status`, { statut: x }),
        call('PUT', `/api/interventions/${b.id}/status`, { statut: y }),
      ]);
    }
    await expectExact();
  });
});

describe('rebuild with the roll-ups off (bulk loaders, restore)', () => {
  it('rebuilds the month × client and year × equipment roll-ups too, whatever they held', async () => {
    const maintained = await snapshot(db());
    let rebuilt: typeof maintained | undefined;
    await db()
      .transaction(async (tx) => {
        await tx.execute(sql`SELECT set_config('gmao.rollups_off', 'on', true)`);
        await tx.execute(sql`DELETE FROM rollup_month_client`);
        await tx.execute(sql`UPDATE rollup_year_equipment SET n = n + 7`);
        await tx.execute(sql`SELECT rollup_rebuild()`);
        rebuilt = await snapshot(tx);
        throw new Error('rollback');
      })
      .catch((e: Error) => {
        if (e.message !== 'rollback') throw e;
      });
    expect(maintained.narrow.some((rows) => rows.length > 0)).toBe(true);
    expect(rebuilt).toEqual(maintained);
  });
});

describe('cost sums at their bounds', () => {
  it("adds an intervention's cost to a day's sum past NUMERIC(18,2): never an overflow (a 500 before 0041)", async () => {
    const eq = await createEquipment(db(), { cout: '999999999999.99' });
    const day = '2031-03-03';
    const create = () =>
      t.as(token, {
        method: 'POST',
        url: '/api/interventions',
        payload: { equipement_id: eq.id, date: day, description: 'Coût maximal' },
      });
    expect((await create()).statusCode).toBe(201);
    // The sums as ten thousand such interventions of that day would leave them (just under the former bound).
    for (const table of [
      'rollup_daily',
      'rollup_day_status',
      'rollup_day_technician',
      'rollup_day_type',
      'rollup_day_client',
    ]) {
      await db().execute(sql`UPDATE ${sql.identifier(table)} SET sum_cout = 9999999999990000.00 WHERE day = ${day}`);
    }
    const res = await create();
    expect(res.statusCode, res.body).toBe(201);
    const { rows } = await db().execute<{ s: string }>(
      sql`SELECT sum(sum_cout)::text AS s FROM rollup_daily WHERE day = ${day}`,
    );
    expect(rows[0]?.s).toBe('10000999999989999.99');
  });
});
