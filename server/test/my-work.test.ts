import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getMyWork } from '../src/modules/dashboard/dashboard.service.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createIntervention, createRole, createUser } from './helpers/factories.ts';

/** "Mon travail" (issue 14): only what is assigned to the caller, on a dataset whose answers are known. */
let t: TestApp;
let tech1: Awaited<ReturnType<typeof createUser>>;
let tech2: Awaited<ReturnType<typeof createUser>>;
const TODAY = '2026-11-25'; // a Wednesday: the week starts on Monday 2026-11-23

beforeAll(async () => {
  t = await createTestApp();
  tech1 = await createUser(t.database.db, { nom: 'Hamid Ouazzani' });
  tech2 = await createUser(t.database.db, { nom: 'Nadia Chraibi' });
  const db = t.database.db;
  // tech1: 2 open (one urgent), 1 overdue open, 1 finished, 1 trashed; tech2: 1 open; nobody: 1 open
  await createIntervention(db, { technicianId: tech1.id, date: '2026-11-26', description: 'Visite TGBT' });
  await createIntervention(db, { technicianId: tech1.id, date: '2026-11-27', urgence: true, description: 'Panne' });
  await createIntervention(db, {
    technicianId: tech1.id,
    date: '2026-09-01',
    statut: 'EN_COURS',
    description: 'Vieux',
  });
  await createIntervention(db, { technicianId: tech1.id, date: '2026-11-20', statut: 'TERMINEE' });
  const trashed = await createIntervention(db, { technicianId: tech1.id, date: '2026-11-21' });
  await db.execute(sql`UPDATE interventions SET deleted_at = now() WHERE id = ${trashed.id}`);
  await createIntervention(db, { technicianId: tech2.id, date: '2026-11-26' });
  await createIntervention(db, { date: '2026-11-26' });
  // timer: 90 min last week (not counted), 45 min this Monday, 30 min crossing Monday 00:00 (15 counted)
  const [first] = (await db.execute<{ id: number }>(sql`SELECT id FROM interventions ORDER BY id LIMIT 1`)).rows;
  const session = (from: string, to: string) =>
    db.execute(sql`INSERT INTO intervention_timer_sessions (intervention_id, user_id, started_at, stopped_at)
                   VALUES (${first!.id}, ${tech1.id}, ${from}::timestamptz, ${to}::timestamptz)`);
  await session('2026-11-18T08:00:00Z', '2026-11-18T09:30:00Z');
  await session('2026-11-23T08:00:00Z', '2026-11-23T08:45:00Z');
  await session('2026-11-22T23:45:00Z', '2026-11-23T00:15:00Z');
});
afterAll(() => t.close());

describe('GET /api/dashboard/my-work', () => {
  it('counts only the caller’s visible interventions and his timer of the week', async () => {
    const mine = await getMyWork(t.database.db, tech1.id, { today: TODAY });
    expect(mine).toMatchObject({ open: 3, urgent: 1, overdue: 1, minutesThisWeek: 60, weekStart: '2026-11-23' });
    // Issue 30: the next ones are still ahead ('Vieux', overdue, is in the 'En retard' group), urgent first.
    expect(mine.next.map((n) => n.description)).toEqual(['Panne', 'Visite TGBT']);
    expect(mine.days.late.items.map((n) => n.description)).toEqual(['Vieux']);
    const other = await getMyWork(t.database.db, tech2.id, { today: TODAY });
    expect(other).toMatchObject({ open: 1, urgent: 0, overdue: 0, minutesThisWeek: 0 });
  });

  it('is served to a user who reads interventions, refused to one who does not', async () => {
    const session = await t.login(tech2.username, tech2.password);
    const res = await t.as(session.token, { method: 'GET', url: '/api/dashboard/my-work' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.open).toBe(1);
    await createRole(t.database.db, 'Sans lecture', []);
    const none = await createUser(t.database.db, { role: 'Sans lecture' });
    const s2 = await t.login(none.username, none.password);
    expect((await t.as(s2.token, { method: 'GET', url: '/api/dashboard/my-work' })).statusCode).toBe(403);
  });
});

describe('POST /api/interventions with technicianId (assignment at creation)', () => {
  it('assigns with the assignment rules: a responsible anyone, a technician only himself; a refusal creates nothing', async () => {
    const resp = await createUser(t.database.db, { role: 'Responsable' });
    const respToken = (await t.login(resp.username, resp.password)).token;
    const techToken = (await t.login(tech1.username, tech1.password)).token;
    const equipment = await createIntervention(t.database.db);
    const body = (technicianId: number) => ({
      equipement_id: equipment.equipementId,
      date: '2026-11-30',
      description: `Créée et affectée ${technicianId}`,
      technicianId,
    });
    const byResp = await t.as(respToken, { method: 'POST', url: '/api/interventions', payload: body(tech2.id) });
    expect(byResp.statusCode).toBe(201);
    expect(byResp.json().data).toMatchObject({ technicianId: tech2.id });
    const { rows: told } = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM notifications WHERE user_id = ${tech2.id} AND intervention_id = ${byResp.json().data.id} AND event = 'intervention_assigned'`,
    );
    expect(told[0]?.n).toBe(1);

    const count = async () =>
      (await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM interventions`)).rows[0]?.n;
    const before = await count();
    const refused = await t.as(techToken, { method: 'POST', url: '/api/interventions', payload: body(tech2.id) });
    expect(refused.statusCode).toBe(403);
    expect(await count()).toBe(before);
    const self = await t.as(techToken, { method: 'POST', url: '/api/interventions', payload: body(tech1.id) });
    expect(self.statusCode).toBe(201);
    expect(self.json().data.technicianId).toBe(tech1.id);
  });
});
