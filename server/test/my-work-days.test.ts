import { casablancaToday, dayAfter } from '@gmao/domain/interventions/due-day';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMyWork } from '../src/modules/dashboard/dashboard.service.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createIntervention, createUser } from './helpers/factories.ts';

/**
 * Issue 30 item 5: the technician's "Aujourd'hui / Demain / En retard" (Casablanca days: a job planned at 00:30 in
 * Casablanca is on that day even though it is the evening before in UTC; a job dated but not planned counts on its
 * date), the next ones (still ahead, urgent first, then the nearest), and the list filters his counters open
 * (open, due_on, due_before) — the same answers from the dashboard and from the list.
 */
let t: TestApp;
let tech: Awaited<ReturnType<typeof createUser>>;
let token: string;
const TODAY = '2026-11-25'; // Casablanca is UTC+1 on that day
const ids: Record<string, number> = {};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  tech = await createUser(db, { nom: 'Youssef Tazi', role: 'Technicien' });
  token = (await t.login(tech.username, tech.password)).token;
  const make = async (key: string, values: Parameters<typeof createIntervention>[1], plannedAt?: string) => {
    const row = await createIntervention(db, { technicianId: tech.id, description: key, ...values });
    if (plannedAt)
      await db.execute(sql`UPDATE interventions SET planned_at = ${plannedAt}::timestamptz WHERE id = ${row.id}`);
    ids[key] = row.id;
  };
  // five urgent ones long overdue: they once filled "Mes prochaines interventions"
  for (const n of [1, 2, 3, 4, 5]) await make(`Urgence ancienne ${n}`, { date: `2026-08-0${n}`, urgence: true });
  await make('Hier non fait', { date: '2026-11-24' });
  await make('Urgence du jour', { date: TODAY, urgence: true });
  await make('Visite du jour à 14:00', { date: TODAY }, '2026-11-25T13:00:00Z');
  // dated today, planned at 00:30 Casablanca tomorrow (23:30 UTC today): tomorrow's
  await make('Tôt demain', { date: TODAY }, '2026-11-25T23:30:00Z');
  // dated yesterday, planned tomorrow: not late
  await make('Replanifiée demain', { date: '2026-11-24' }, '2026-11-26T09:00:00Z');
  await make('Demain sans heure', { date: '2026-11-26' });
  await make('Semaine prochaine', { date: '2026-12-02' });
  await make('Fini hier', { date: '2026-11-24', statut: 'TERMINEE' });
  await make('Annulée du jour', { date: TODAY, statut: 'ANNULEE' });
  const other = await createUser(db, { nom: 'Autre technicien', role: 'Technicien' });
  await createIntervention(db, { technicianId: other.id, date: TODAY, description: 'Pas à lui' });
});
afterAll(() => t.close());

const names = (items: { description: string | null }[]) => items.map((i) => i.description);

describe("the technician's day on the dashboard", () => {
  it('groups his open work by Casablanca day; the next ones are still ahead, urgent first then the nearest', async () => {
    const w = await getMyWork(t.database.db, tech.id, { today: TODAY });
    expect(w.today).toBe(TODAY);
    expect(w.tomorrow).toBe('2026-11-26');
    expect(w.days.today).toEqual({
      count: 2,
      items: expect.any(Array),
    });
    expect(names(w.days.today.items)).toEqual(['Urgence du jour', 'Visite du jour à 14:00']);
    expect(names(w.days.tomorrow.items)).toEqual(['Tôt demain', 'Demain sans heure', 'Replanifiée demain']);
    expect(w.days.tomorrow.count).toBe(3);
    expect(w.days.late.count).toBe(6);
    // the first MY_WORK_DAY_LIMIT (3) of each group, urgent first; the count is complete
    expect(names(w.days.late.items)).toEqual(['Urgence ancienne 1', 'Urgence ancienne 2', 'Urgence ancienne 3']);
    expect(names(w.next)).toEqual([
      'Urgence du jour',
      'Visite du jour à 14:00',
      'Tôt demain',
      'Demain sans heure',
      'Replanifiée demain',
    ]);
    expect(w.days.tomorrow.items[0]?.plannedWallClock).toEqual({
      date: '2026-11-26',
      time: '00:30',
      zone: 'Africa/Casablanca',
    });
  });

  it('is what GET /api/dashboard/my-work sends', async () => {
    const res = await t.as(token, { method: 'GET', url: '/api/dashboard/my-work' });
    expect(res.statusCode).toBe(200);
    const body = res.json().data;
    expect(body.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Object.keys(body.days).sort()).toEqual(['late', 'today', 'tomorrow']);
  });
});

describe('the list filters the counters open', () => {
  const list = async (query: string) => {
    const res = await t.as(token, {
      method: 'GET',
      url: `/api/interventions?technician_id=${tech.id}&limit=50&${query}`,
    });
    expect(res.statusCode).toBe(200);
    return (res.json().data as { description: string }[]).map((i) => i.description).sort();
  };

  it('due_on: the Casablanca day, by planned time or else by date', async () => {
    expect(await list(`open=true&due_on=${TODAY}`)).toEqual(['Urgence du jour', 'Visite du jour à 14:00']);
    expect(await list('open=true&due_on=2026-11-26')).toEqual(
      ['Demain sans heure', 'Replanifiée demain', 'Tôt demain'].sort(),
    );
    // closed ones only without open=true
    expect(await list(`due_on=${TODAY}`)).toContain('Annulée du jour');
  });

  it('due_before: late by planned time or else by date; open: neither finished, cancelled nor failed', async () => {
    expect(await list(`open=true&due_before=${TODAY}`)).toEqual(
      ['Hier non fait', ...[1, 2, 3, 4, 5].map((n) => `Urgence ancienne ${n}`)].sort(),
    );
    const open = await list('open=true');
    expect(open).toHaveLength(12);
    expect(open).not.toContain('Fini hier');
    expect(open).not.toContain('Annulée du jour');
  });

  it('refuses a day that is not a date', async () => {
    const res = await t.as(token, { method: 'GET', url: '/api/interventions?due_on=demain' });
    expect(res.statusCode).toBe(400);
  });

  it('the status counts take the same filters', async () => {
    const res = await t.as(token, {
      method: 'GET',
      url: `/api/interventions/status-counts?technician_id=${tech.id}&open=true&due_before=${TODAY}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.total).toBe(6);
  });
});

describe('sort=nearest: the technician’s list opens on the nearest dates (Casablanca’s today)', () => {
  it('orders by distance to today (a later date first on a tie), pages by offset, counts the same', async () => {
    const db = t.database.db;
    const who = await createUser(db, { nom: 'Tri proche', role: 'Technicien' });
    const today = casablancaToday();
    const shift = (n: number) => {
      let d = today;
      if (n >= 0) for (let k = 0; k < n; k++) d = dayAfter(d);
      else {
        const [y, m, dd] = today.split('-').map(Number) as [number, number, number];
        d = new Date(Date.UTC(y, m - 1, dd + n)).toISOString().slice(0, 10);
      }
      return d;
    };
    for (const n of [60, -40, 3, -1, 1, 0])
      await createIntervention(db, { technicianId: who.id, date: shift(n), description: `J${n}` });
    const read = async (query: string) => {
      const res = await t.as(token, {
        method: 'GET',
        url: `/api/interventions?technician_id=${who.id}&sort=nearest&${query}`,
      });
      expect(res.statusCode).toBe(200);
      return res.json() as { data: { description: string }[]; pagination: { total: number } };
    };
    const all = await read('limit=10');
    expect(all.data.map((i) => i.description)).toEqual(['J0', 'J1', 'J-1', 'J3', 'J-40', 'J60']);
    expect(all.pagination.total).toBe(6);
    // a date-order cursor does not apply to this order: page 2 is rows 3 and 4
    const second = await read(`limit=2&page=2&after=${shift(1)}.1`);
    expect(second.data.map((i) => i.description)).toEqual(['J-1', 'J3']);
    // and the default order is unchanged: newest date first
    const res = await t.as(token, { method: 'GET', url: `/api/interventions?technician_id=${who.id}&limit=10` });
    expect((res.json().data as { description: string }[]).map((i) => i.description)).toEqual([
      'J60',
      'J3',
      'J1',
      'J0',
      'J-1',
      'J-40',
    ]);
  });
});
