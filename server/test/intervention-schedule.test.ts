import { formatPlannedAt } from '@gmao/domain/interventions/planning-clock';
import { SCHEDULE_MESSAGES as M } from '@gmao/domain/interventions/schedule-schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createIntervention, createUser } from './helpers/factories.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const schedule = (method: 'POST' | 'PUT', id: number, payload: unknown, token = admin) =>
  t.as(token, { method, url: `/api/interventions/${id}/schedule`, payload: payload as object });
const stored = async (id: number) =>
  (
    await t.database.db.execute<{ planned_at: string | null; duree_prevue: number | null }>(
      sql`SELECT planned_at, duree_prevue FROM interventions WHERE id = ${id}`,
    )
  ).rows[0];
const notes = async (id: number) =>
  (
    await t.database.db.execute<{ note: string }>(
      sql`SELECT note FROM intervention_history WHERE intervention_id = ${id} AND to_statut IS NULL ORDER BY id`,
    )
  ).rows.map((r) => r.note);
const audits = async (id: number) =>
  (
    await t.database.db.execute<{ summary: string; before: unknown; after: unknown }>(
      sql`SELECT summary, before, after FROM audit_log
          WHERE action = 'intervention.schedule' AND entity_id = ${String(id)} ORDER BY id`,
    )
  ).rows;
const tokenOf = async (role: string) => {
  const u = await createUser(t.database.db, { role });
  return { user: u, token: (await t.login(u.username, u.password)).token };
};

describe('POST / PUT /interventions/:id/schedule', () => {
  it('POST plans a Casablanca time with a duration, with one history note and one audit row; a second POST is a 409', async () => {
    const i = await createIntervention(t.database.db);
    const res = await schedule('POST', i.id, { date: '2026-12-15T08:30', duree: 120 });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe(M.scheduled);
    // December: Morocco is at UTC+1.
    expect(res.json().data).toMatchObject({ id: i.id, plannedAt: '2026-12-15T07:30:00.000Z', dureePrevue: 120 });
    // The wall clock the web shows and edits, converted by the server (never by the browser).
    expect(res.json().data.plannedWallClock).toEqual({ date: '2026-12-15', time: '08:30', zone: 'Africa/Casablanca' });
    expect(res.json().data.date).toBe(i.date);
    expect(await notes(i.id)).toEqual(['Planifiée le 15/12/2026 à 08:30 (2 h)']);
    expect(await audits(i.id)).toEqual([
      {
        summary: `Intervention #${i.id} : Planifiée le 15/12/2026 à 08:30 (2 h)`,
        before: { plannedAt: null, dureePrevue: null },
        after: { plannedAt: '2026-12-15T07:30:00.000Z', dureePrevue: 120 },
      },
    ]);

    const again = await schedule('POST', i.id, { date: '2026-12-20T09:00' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(M.alreadyScheduled('15/12/2026 à 08:30'));
    expect((await stored(i.id))?.duree_prevue).toBe(120);
    expect(await notes(i.id)).toHaveLength(1);
  });

  it('reads a time without zone on Casablanca’s clock, Ramadan offset included, and a zoned time as that instant', async () => {
    const a = await createIntervention(t.database.db);
    // Ramadan 2026: Morocco moves to UTC+0 (the server's Node time-zone data converts both ways).
    const ramadan = await schedule('POST', a.id, { date: '2026-03-01T10:00' });
    expect(formatPlannedAt(ramadan.json().data.plannedAt)).toBe('01/03/2026 à 10:00');
    expect(ramadan.json().data.plannedAt).toBe('2026-03-01T10:00:00.000Z');
    expect(ramadan.json().data.plannedWallClock).toMatchObject({ date: '2026-03-01', time: '10:00' });
    // 30 November 2026 (the time Debian's Chromium moved by an hour): UTC+1, and a PUT of what was read keeps it.
    const nov = await createIntervention(t.database.db);
    const planned = (await schedule('POST', nov.id, { date: '2026-11-30T09:00' })).json().data;
    expect(planned).toMatchObject({ plannedAt: '2026-11-30T08:00:00.000Z', plannedWallClock: { time: '09:00' } });
    const w = planned.plannedWallClock;
    const again = await schedule('PUT', nov.id, { date: `${w.date}T${w.time}` });
    expect(again.json()).toMatchObject({ message: M.unchanged, data: { plannedWallClock: w } });
    const b = await createIntervention(t.database.db);
    const zoned = await schedule('POST', b.id, { date: '2026-12-15T08:30:00+03:00', duree: null });
    expect(zoned.json().data).toMatchObject({ plannedAt: '2026-12-15T05:30:00.000Z', dureePrevue: null });
    expect(await notes(b.id)).toEqual(['Planifiée le 15/12/2026 à 06:30']);
  });

  it('PUT replans (history from → to), repeats without writing, clears the duration, and plans a first time too', async () => {
    const i = await createIntervention(t.database.db);
    await schedule('POST', i.id, { date: '2026-12-15T08:30', duree: 120 });
    const moved = await schedule('PUT', i.id, { date: '2026-12-16T10:00', duree: 90 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().message).toBe(M.rescheduled);
    expect(moved.json().data).toMatchObject({ plannedAt: '2026-12-16T09:00:00.000Z', dureePrevue: 90 });
    const same = await schedule('PUT', i.id, { date: '2026-12-16T09:00:00Z', duree: 90 });
    expect(same.json().message).toBe(M.unchanged);
    const cleared = await schedule('PUT', i.id, { date: '2026-12-16T10:00' });
    expect(cleared.json().data.dureePrevue).toBeNull();
    expect(await notes(i.id)).toEqual([
      'Planifiée le 15/12/2026 à 08:30 (2 h)',
      'Replanifiée du 15/12/2026 à 08:30 au 16/12/2026 à 10:00 (1 h 30)',
      'Durée prévue du 16/12/2026 à 10:00 : 1 h 30 → non précisée',
    ]);
    expect(await audits(i.id)).toHaveLength(3);

    const fresh = await createIntervention(t.database.db);
    const first = await schedule('PUT', fresh.id, { date: '2027-01-04T07:00', duree: 45 });
    expect(first.json().message).toBe(M.scheduled);
    expect(await notes(fresh.id)).toEqual(['Planifiée le 04/01/2027 à 07:00 (45 min)']);
  });

  it('validates the date and the duration (400, French messages), changing nothing', async () => {
    const i = await createIntervention(t.database.db);
    const cases: [unknown, string][] = [
      [{}, M.dateRequired],
      [{ date: '' }, M.dateRequired],
      [{ date: '2026-12-15' }, M.dateInvalid],
      [{ date: '2026-02-30T08:00' }, M.dateInvalid],
      [{ date: '2026-12-15T24:00' }, M.dateInvalid],
      [{ date: '2026-12-15T08:30+15:00' }, M.dateInvalid],
      [{ date: '1999-12-31T08:00' }, M.dateInvalid],
      [{ date: '15/12/2026 08:30' }, M.dateInvalid],
      [{ date: '2026-12-15T08:30', duree: 0 }, M.dureeInvalid],
      [{ date: '2026-12-15T08:30', duree: 1.5 }, M.dureeInvalid],
      [{ date: '2026-12-15T08:30', duree: 43_201 }, M.dureeInvalid],
      [{ date: '2026-12-15T08:30', duree: '60' }, M.dureeInvalid],
    ];
    for (const [payload, message] of cases) {
      const res = await schedule('PUT', i.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toBe(message);
    }
    expect(await stored(i.id)).toEqual({ planned_at: null, duree_prevue: null });
    expect(await notes(i.id)).toEqual([]);
  });

  it('refuses closed interventions (422) and hidden ones (404, like every call on them)', async () => {
    for (const statut of ['TERMINEE', 'ANNULEE', 'ECHEC'] as const) {
      const i = await createIntervention(t.database.db, { statut });
      const res = await schedule('POST', i.id, { date: '2026-12-15T08:30' });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(M.closedRefused(statut));
      expect((await stored(i.id))?.planned_at).toBeNull();
    }
    const paused = await createIntervention(t.database.db, { statut: 'EN_ATTENTE_PDR' });
    expect((await schedule('POST', paused.id, { date: '2026-12-15T08:30' })).statusCode).toBe(201);
    const trashed = await createIntervention(t.database.db, { deletedAt: new Date() });
    const archived = await createIntervention(t.database.db, { statut: 'TERMINEE', archivedAt: new Date() });
    for (const i of [trashed, archived]) {
      expect((await schedule('PUT', i.id, { date: '2026-12-15T08:30' })).statusCode).toBe(404);
    }
    expect((await schedule('PUT', 987654321, { date: '2026-12-15T08:30' })).statusCode).toBe(404);
  });

  it('is for the creator, the assignee and holders of interventions:assign (403 changes nothing)', async () => {
    const creator = await tokenOf('Technicien');
    const assignee = await tokenOf('Technicien');
    const stranger = await tokenOf('Technicien');
    const responsable = await tokenOf('Responsable');
    const reader = await tokenOf('Consultation');
    const i = await createIntervention(t.database.db, { creerPar: creator.user.id, technicianId: assignee.user.id });

    const refused = await schedule('POST', i.id, { date: '2026-12-15T08:30' }, stranger.token);
    expect(refused.statusCode).toBe(403);
    expect((await schedule('PUT', i.id, { date: '2026-12-15T08:30' }, reader.token)).statusCode).toBe(403);
    expect(await stored(i.id)).toEqual({ planned_at: null, duree_prevue: null });

    expect((await schedule('POST', i.id, { date: '2026-12-15T08:30' }, creator.token)).statusCode).toBe(201);
    expect((await schedule('PUT', i.id, { date: '2026-12-16T08:30' }, assignee.token)).statusCode).toBe(200);
    expect((await schedule('PUT', i.id, { date: '2026-12-17T08:30' }, responsable.token)).statusCode).toBe(200);
    expect(new Date(String((await stored(i.id))?.planned_at)).toISOString()).toBe('2026-12-17T07:30:00.000Z');
  });
});

describe('the planned time in the list and the detail', () => {
  it('shows plannedAt and dureePrevue, and filters planned_from / planned_to by Casablanca days', async () => {
    const tag = `sched-list-${Date.now()}`;
    const late = await createIntervention(t.database.db, { description: tag });
    const early = await createIntervention(t.database.db, { description: tag });
    const unplanned = await createIntervention(t.database.db, { description: tag });
    // 00:30 in Casablanca on the 16th is still the 15th in UTC: the day is Casablanca's.
    await schedule('POST', late.id, { date: '2026-12-16T00:30', duree: 60 });
    await schedule('POST', early.id, { date: '2026-12-15T23:30' });
    const ids = async (query: string) =>
      (await t.as(admin, { method: 'GET', url: `/api/interventions?search=${tag}&${query}` }))
        .json()
        .data.map((r: { id: number }) => r.id)
        .sort((a: number, b: number) => a - b);
    expect(await ids('planned_from=2026-12-16')).toEqual([late.id]);
    expect(await ids('planned_to=2026-12-15')).toEqual([early.id]);
    expect(await ids('planned_from=2026-12-15&planned_to=2026-12-16')).toEqual([late.id, early.id]);
    expect(await ids('')).toEqual([late.id, early.id, unplanned.id]);
    for (const bad of ['planned_from=2026-13-01', 'planned_to=2026-02-30']) {
      expect((await t.as(admin, { method: 'GET', url: `/api/interventions?${bad}` })).statusCode, bad).toBe(400);
    }

    const list = await t.as(admin, { method: 'GET', url: `/api/interventions?search=${tag}&planned_from=2026-12-16` });
    expect(list.json().data[0]).toMatchObject({
      plannedAt: '2026-12-15T23:30:00.000Z',
      plannedWallClock: { date: '2026-12-16', time: '00:30', zone: 'Africa/Casablanca' },
      dureePrevue: 60,
    });
    const detail = await t.as(admin, { method: 'GET', url: `/api/interventions/${unplanned.id}` });
    expect(detail.json().data).toMatchObject({ plannedAt: null, plannedWallClock: null, dureePrevue: null });
  });
});
