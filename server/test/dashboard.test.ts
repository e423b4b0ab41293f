import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { buildDataset } from './helpers/dashboard-factories.ts';
import { createRole, createUser } from './helpers/factories.ts';

let t: TestApp;
let empty: TestApp;
let data: Awaited<ReturnType<typeof buildDataset>>;
let token: string;

beforeAll(async () => {
  [t, empty] = await Promise.all([createTestApp(), createTestApp()]);
  data = await buildDataset(t.database.db);
  token = await t.adminToken();
});
afterAll(async () => {
  await t.close();
  await empty.close();
});

const get = async (url: string, app = t, bearer?: string) => {
  const res = await app.as(bearer ?? (await app.adminToken()), { method: 'GET', url });
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
};

describe('GET /api/dashboard/stats', () => {
  it('computes every figure of the hand-built dataset (hidden records excluded)', async () => {
    expect(await get('/api/dashboard/stats', t, token)).toEqual({
      overview: {
        totalInterventions: 9,
        activeInterventions: 1,
        totalEquipment: 3,
        totalClients: 2,
        completionRate: 50,
        completedInterventions: 2,
      },
      alerts: { urgentInterventions: 2, overdueInterventions: 2 },
    });
  });

  it('applies the timeframe inclusively (day −29 is in the 30-day window, −30 is not)', async () => {
    const seven = await get('/api/dashboard/stats?timeframe=7');
    expect(seven.overview).toMatchObject({ completionRate: 50, completedInterventions: 1 });
    const year = await get('/api/dashboard/stats?timeframe=365');
    expect(year.overview).toMatchObject({ completionRate: 37.5, completedInterventions: 3 });
    // 30 days: #1, #2, #3, #6 (−29) → 2 / 4; 31 days adds #5 (−30) → 2 / 5 = 40 %
    const thirtyOne = await get('/api/dashboard/stats?timeframe=31');
    expect(thirtyOne.overview.completionRate).toBe(40);
    // 1 day: only today — nothing dated today
    const one = await get('/api/dashboard/stats?timeframe=1');
    expect(one.overview).toMatchObject({ completionRate: 0, completedInterventions: 0 });
  });

  it('rejects an invalid timeframe with 400', async () => {
    const res = await t.as(token, { method: 'GET', url: '/api/dashboard/stats?timeframe=0' });
    expect(res.statusCode).toBe(400);
  });

  it('returns zeros on an empty database (no division by zero)', async () => {
    expect(await get('/api/dashboard/stats', empty)).toEqual({
      overview: {
        totalInterventions: 0,
        activeInterventions: 0,
        totalEquipment: 0,
        totalClients: 0,
        completionRate: 0,
        completedInterventions: 0,
      },
      alerts: { urgentInterventions: 0, overdueInterventions: 0 },
    });
  });

  it('needs authentication only, and leaves out what the reader may not read', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/dashboard/stats' })).statusCode).toBe(401);
    const nobody = await createUser(t.database.db, { role: null });
    const { token: weak } = await t.login(nobody.username, nobody.password);
    const res = await t.as(weak, { method: 'GET', url: '/api/dashboard/stats' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ overview: {} });
  });
});

describe('each block needs the permission of its data (issue 29)', () => {
  const status = async (bearer: string, url: string) => (await t.as(bearer, { method: 'GET', url })).statusCode;

  it('a stock-only role reads no intervention through the dashboard: 403 on its blocks, none of its figures', async () => {
    await createRole(t.database.db, 'Magasinier (test)', ['stock:read']);
    const u = await createUser(t.database.db, { role: 'Magasinier (test)' });
    const { token: stock } = await t.login(u.username, u.password);
    for (const url of ['recent-interventions', 'alerts', 'my-work', 'charts', 'performance']) {
      expect({ url, status: await status(stock, `/api/dashboard/${url}`) }).toEqual({ url, status: 403 });
    }
    expect(await status(stock, '/api/interventions')).toBe(403);
    expect(await get('/api/dashboard/stats', t, stock)).toEqual({ overview: {} });
  });

  it('a Technicien gets the performance and charts no more than from /interventions/performance', async () => {
    const u = await createUser(t.database.db, { role: 'Technicien' });
    const { token: tech } = await t.login(u.username, u.password);
    expect(await status(tech, '/api/interventions/performance')).toBe(403);
    expect(await status(tech, '/api/dashboard/performance')).toBe(403);
    expect(await status(tech, '/api/dashboard/charts')).toBe(403);
    expect(await status(tech, '/api/dashboard/recent-interventions')).toBe(200);
    expect(await status(tech, '/api/dashboard/alerts')).toBe(200);
    expect((await get('/api/dashboard/stats', t, tech)).overview.totalInterventions).toBe(9);
  });

  it('an equipment reader sees the count of equipment alone', async () => {
    await createRole(t.database.db, 'Parc (test)', ['equipment:read']);
    const u = await createUser(t.database.db, { role: 'Parc (test)' });
    const { token: parc } = await t.login(u.username, u.password);
    expect(await get('/api/dashboard/stats', t, parc)).toEqual({ overview: { totalEquipment: 3 } });
  });
});

describe('GET /api/dashboard/recent-interventions', () => {
  it('lists the most recently created visible interventions with equipment, owner and creator', async () => {
    const rows = await get('/api/dashboard/recent-interventions?limit=3');
    expect(rows.map((r: { id: number }) => r.id)).toEqual([data.i.i11.id, data.i.i3.id, data.i.i1.id]);
    expect(rows[2]).toMatchObject({
      statut: 'TERMINEE',
      urgence: false,
      equipement: {
        nom: 'Transformateur A1',
        type_equipement: 'TRANSFORMATEUR',
        proprietaire: { id: data.clients.a.id, nom_entreprise: 'Atlas Énergie SA' },
      },
      creerPar: null,
    });
  });

  it('defaults to 10 and never shows hidden records', async () => {
    const rows = await get('/api/dashboard/recent-interventions');
    const ids = rows.map((r: { id: number }) => r.id);
    expect(ids).toHaveLength(9);
    expect(ids).not.toContain(data.i.i9.id);
    expect(ids).not.toContain(data.i.i10.id);
    expect(await get('/api/dashboard/recent-interventions', empty)).toEqual([]);
  });
});

describe('GET /api/dashboard/alerts', () => {
  it('lists urgent (newest first) and overdue (oldest first) open interventions with their counts', async () => {
    const alerts = await get('/api/dashboard/alerts');
    expect(alerts.counts).toEqual({ urgent: 2, overdue: 2, total: 4 });
    expect(alerts.urgent.map((a: { id: number }) => a.id)).toEqual([data.i.i3.id, data.i.i7.id]);
    expect(alerts.overdue.map((a: { id: number }) => a.id)).toEqual([data.i.i4.id, data.i.i7.id]);
    expect(alerts.urgent[0]).toEqual({
      id: data.i.i3.id,
      title: 'Intervention urgente — Transformateur B1 (Berkane Froid SARL)',
      description: 'Maintenance préventive annuelle',
      date: data.i.i3.date,
    });
  });

  it('is empty on an empty database', async () => {
    expect(await get('/api/dashboard/alerts', empty)).toEqual({
      urgent: [],
      overdue: [],
      counts: { urgent: 0, overdue: 0, total: 0 },
    });
  });
});

describe('GET /api/dashboard/charts', () => {
  it('counts per month and status over 12 months, by equipment type and by client', async () => {
    const charts = await get('/api/dashboard/charts');
    expect(charts.period).toBe('month');
    expect(charts.series).toHaveLength(12);
    const total = charts.series.reduce((s: number, b: { total: number }) => s + b.total, 0);
    expect(total).toBe(8); // #1–#8; the future #11 and the hidden #9, #10 are not counted
    const last = charts.series.at(-1);
    expect(last.start).toBe(`${charts.to.slice(0, 7)}-01`);
    expect(charts.byEquipmentType).toEqual([
      { key: 'TRANSFORMATEUR', label: 'Transformateur', count: 6 },
      { key: 'ONDULEUR', label: 'Onduleur', count: 2 },
    ]);
    expect(charts.byClient).toEqual([
      { key: String(data.clients.a.id), label: 'Atlas Énergie SA', count: 6 },
      { key: String(data.clients.b.id), label: 'Berkane Froid SARL', count: 2 },
    ]);
  });

  it('supports day / week / year periods and keeps empty buckets', async () => {
    const day = await get('/api/dashboard/charts?period=day');
    expect(day.series).toHaveLength(30);
    expect(day.series.reduce((s: number, b: { total: number }) => s + b.total, 0)).toBe(4);
    expect((await get('/api/dashboard/charts?period=week')).series).toHaveLength(12);
    expect((await get('/api/dashboard/charts?period=year')).series).toHaveLength(5);
    const none = await get('/api/dashboard/charts', empty);
    expect(none.series).toHaveLength(12);
    expect(none.series.every((b: { total: number }) => b.total === 0)).toBe(true);
    expect(none.byClient).toEqual([]);
  });
});

describe('GET /api/dashboard/performance', () => {
  it('computes completion, mean time to start, MTTR, first-time fix, backlog and per technician', async () => {
    const perf = await get('/api/dashboard/performance?timeframe=30');
    expect(perf).toMatchObject({
      timeframe: 30,
      total: 4,
      completed: 2,
      completionRate: 50,
      meanTimeToStartHours: 3, // (2 + 6 + 1) / 3
      mttrHours: 7, // (4 + 10) / 2
      firstTimeFixRate: 50, // #2 went through EN_PAUSE
      backlog: { count: 4, averageAgeDays: 26.8, oldestAgeDays: 45 }, // #3 1, #4 45, #5 30, #7 31
    });
    const byName = Object.fromEntries(perf.technicians.map((x: { nom: string }) => [x.nom, x]));
    expect(byName['Technicien Un']).toMatchObject({
      assigned: 2,
      completed: 2,
      open: 0,
      completionRate: 100,
      mttrHours: 7,
    });
    expect(byName['Technicien Deux']).toMatchObject({ assigned: 1, completed: 0, open: 1, mttrHours: null });
    // open now: #4, #5, #7 and the future #11
    expect(byName['Non assigné']).toMatchObject({ technicianId: null, assigned: 1, open: 4 });
  });

  it('gives the same definitions over a year (history aggregated by hash join instead of per-row probes)', async () => {
    expect(await get('/api/dashboard/performance?timeframe=365')).toMatchObject({
      total: 8,
      completed: 3,
      completionRate: 37.5,
      meanTimeToStartHours: 3,
      mttrHours: 7, // #8 has neither history nor timestamps: not in the mean
      firstTimeFixRate: 66.7, // #1 and #8 of 3 completed
    });
  });

  it('returns zeros and nulls on an empty database', async () => {
    expect(await get('/api/dashboard/performance', empty)).toMatchObject({
      total: 0,
      completed: 0,
      completionRate: 0,
      meanTimeToStartHours: null,
      mttrHours: null,
      firstTimeFixRate: 0,
      backlog: { count: 0, averageAgeDays: null, oldestAgeDays: null },
      technicians: [],
    });
  });
});
