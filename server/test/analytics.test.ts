import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { buildDataset, daysAgo } from './helpers/dashboard-factories.ts';
import { createUser } from './helpers/factories.ts';

let t: TestApp;
let empty: TestApp;
let data: Awaited<ReturnType<typeof buildDataset>>;

beforeAll(async () => {
  [t, empty] = await Promise.all([createTestApp(), createTestApp()]);
  data = await buildDataset(t.database.db);
});
afterAll(async () => {
  await t.close();
  await empty.close();
});

const get = async (url: string, app = t) => {
  const res = await app.as(await app.adminToken(), { method: 'GET', url });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
};
const sum = (xs: { total: number }[]) => xs.reduce((s, x) => s + x.total, 0);

describe('GET /api/interventions/analytics', () => {
  it('draws 30 days per day: statuses, completion and MTTR per bucket, distributions, workload', async () => {
    const a = await get('/api/interventions/analytics?timeframe=30');
    expect(a).toMatchObject({ timeframe: 30, bucket: 'day', from: daysAgo(29), to: daysAgo(0) });
    expect(a.series).toHaveLength(30);
    expect(a.series[0].start).toBe(daysAgo(29));
    expect(sum(a.series)).toBe(4);
    const day2 = a.series.find((p: { start: string }) => p.start === daysAgo(2));
    expect(day2).toMatchObject({
      total: 1,
      completed: 1,
      completionRate: 100,
      mttrHours: 4,
      byStatus: { TERMINEE: 1 },
    });
    const day29 = a.series[0];
    expect(day29).toMatchObject({
      total: 1,
      completed: 0,
      completionRate: 0,
      mttrHours: null,
      byStatus: { ANNULEE: 1 },
    });
    expect(a.byEquipmentType).toEqual([
      { key: 'TRANSFORMATEUR', label: 'TRANSFORMATEUR', count: 3 },
      { key: 'ONDULEUR', label: 'ONDULEUR', count: 1 },
    ]);
    expect(a.byClient.map((c: { label: string; count: number }) => [c.label, c.count])).toEqual([
      ['Atlas Énergie SA', 2],
      ['Berkane Froid SARL', 2],
    ]);
    const t1 = a.workload.find((w: { technicianId: number }) => w.technicianId === data.technicians.t1.id);
    expect(t1).toEqual({
      technicianId: data.technicians.t1.id,
      nom: 'Technicien Un',
      assigned: 2,
      completed: 2,
      open: 0,
    });
  });

  it('uses weeks for 90 days and months for 365 days, clipped to the timeframe', async () => {
    const q = await get('/api/interventions/analytics?timeframe=90');
    expect(q.bucket).toBe('week');
    expect(q.series[0].start).toBe(daysAgo(89));
    expect(sum(q.series)).toBe(7); // #1–#7
    const y = await get('/api/interventions/analytics?timeframe=365');
    expect(y.bucket).toBe('month');
    expect(sum(y.series)).toBe(8); // #8 (−100 days) too
    const w = await get('/api/interventions/analytics?timeframe=7');
    expect(w.series).toHaveLength(7);
    expect(sum(w.series)).toBe(2); // #1, #3
  });

  it('returns empty buckets and no division by zero on an empty database', async () => {
    const a = await get('/api/interventions/analytics', empty);
    expect(a.series).toHaveLength(30);
    expect(
      a.series.every((p: { total: number; completionRate: number }) => p.total === 0 && p.completionRate === 0),
    ).toBe(true);
    expect(a.byEquipmentType).toEqual([]);
    expect(a.workload).toEqual([]);
  });
});

describe('GET /api/interventions/completion-metrics', () => {
  it('breaks the period down by status', async () => {
    expect(await get('/api/interventions/completion-metrics?timeframe=30')).toMatchObject({
      total: 4,
      completed: 2,
      open: 1,
      cancelled: 1,
      failed: 0,
      completionRate: 50,
      byStatus: { TERMINEE: 2, EN_COURS: 1, ANNULEE: 1 },
      urgent: { total: 1, completed: 0, completionRate: 0 },
    });
    expect(await get('/api/interventions/completion-metrics', empty)).toMatchObject({
      total: 0,
      completionRate: 0,
      byStatus: {},
      urgent: { total: 0, completed: 0, completionRate: 0 },
    });
  });
});

describe('GET /api/interventions/performance', () => {
  it('gives the same figures as the dashboard performance', async () => {
    const perf = await get('/api/interventions/performance?timeframe=30');
    expect(perf).toMatchObject({ total: 4, completed: 2, mttrHours: 7, firstTimeFixRate: 50 });
    expect(perf).toEqual(await get('/api/dashboard/performance?timeframe=30'));
  });
});

describe('access', () => {
  const urls = [
    '/api/interventions/analytics',
    '/api/interventions/completion-metrics',
    '/api/interventions/performance',
  ];

  it('needs analytics:read', async () => {
    const tech = await createUser(t.database.db, { role: 'Technicien' });
    const consult = await createUser(t.database.db, { role: 'Consultation' });
    const techToken = (await t.login(tech.username, tech.password)).token;
    const consultToken = (await t.login(consult.username, consult.password)).token;
    for (const url of urls) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.as(techToken, { method: 'GET', url })).statusCode).toBe(403);
      expect((await t.as(consultToken, { method: 'GET', url })).statusCode).toBe(200);
    }
  });

  it('validates the timeframe', async () => {
    const res = await t.as(await t.adminToken(), { method: 'GET', url: '/api/interventions/analytics?timeframe=abc' });
    expect(res.statusCode).toBe(400);
  });
});
