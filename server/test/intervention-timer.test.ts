import { ACTIVITY_MESSAGES } from '@gmao/domain/interventions/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createIntervention, createRole, createUser } from './helpers/factories.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const call = (id: number, action: 'start' | 'stop', token = admin) =>
  t.as(token, { method: 'POST', url: `/api/interventions/${id}/timer/${action}` });
const log = async (id: number, token = admin) =>
  (await t.as(token, { method: 'GET', url: `/api/interventions/${id}/timer/log` })).json().data;

describe('timer', () => {
  it('starts and stops one session per user; a second start or stop is refused with 409', async () => {
    const i = await createIntervention(t.database.db, { statut: 'EN_COURS' });
    const started = await call(i.id, 'start');
    expect(started.statusCode).toBe(200);
    expect(started.json().message).toBe(ACTIVITY_MESSAGES.timerStarted);
    expect(started.json().data.running).not.toBeNull();
    const again = await call(i.id, 'start');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ACTIVITY_MESSAGES.timerAlreadyRunning);
    const stopped = await call(i.id, 'stop');
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json().data.running).toBeNull();
    expect(stopped.json().data.sessions).toHaveLength(1);
    const stopAgain = await call(i.id, 'stop');
    expect(stopAgain.statusCode).toBe(409);
    expect(stopAgain.json().message).toBe(ACTIVITY_MESSAGES.timerNotRunning);
  });

  it('concurrent starts by one user end with a single running session', async () => {
    const i = await createIntervention(t.database.db, { statut: 'EN_COURS' });
    const codes = (await Promise.all([1, 2, 3, 4].map(() => call(i.id, 'start')))).map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409, 409]);
    expect((await log(i.id)).sessions).toHaveLength(1);
  });

  it('sums durations per user and in total, running sessions included', async () => {
    await createRole(t.database.db, 'Technicien chrono', ['interventions:read', 'interventions:update']);
    const tech = await createUser(t.database.db, { nom: 'Rachid Bennani', role: 'Technicien chrono' });
    const { token } = await t.login(tech.username, tech.password);
    const i = await createIntervention(t.database.db, { statut: 'EN_COURS', technicianId: tech.id });
    await call(i.id, 'start');
    await call(i.id, 'stop');
    expect((await call(i.id, 'start', token)).statusCode).toBe(200);
    // make the sessions last: admin 1 h 30, technician running for 10 min
    await t.database.db.execute(sql`UPDATE intervention_timer_sessions
      SET started_at = stopped_at - interval '90 minutes' WHERE intervention_id = ${i.id} AND stopped_at IS NOT NULL`);
    await t.database.db.execute(sql`UPDATE intervention_timer_sessions
      SET started_at = now() - interval '10 minutes' WHERE intervention_id = ${i.id} AND stopped_at IS NULL`);
    const data = await log(i.id, token);
    expect(data.running).toMatchObject({ user: { id: tech.id } });
    const byName = Object.fromEntries(
      data.perUser.map((u: { user: { nom: string }; totalSeconds: number }) => [u.user.nom, u.totalSeconds]),
    );
    expect(byName['Rachid Bennani']).toBeGreaterThanOrEqual(600);
    expect(byName['Rachid Bennani']).toBeLessThan(700);
    expect(data.totalSeconds).toBeGreaterThanOrEqual(5400 + 600);
    expect((await log(i.id)).running).toBeNull(); // the admin's own session is stopped
  });

  it('refuses to start on a closed intervention (422) and needs interventions:update', async () => {
    const done = await createIntervention(t.database.db, { statut: 'TERMINEE' });
    const res = await call(done.id, 'start');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(ACTIVITY_MESSAGES.timerClosed);
    expect((await call(999_999, 'start')).statusCode).toBe(404);
    await createRole(t.database.db, 'Lecteur chrono', ['interventions:read']);
    const reader = await createUser(t.database.db, { role: 'Lecteur chrono' });
    const { token } = await t.login(reader.username, reader.password);
    const i = await createIntervention(t.database.db, { statut: 'EN_COURS' });
    expect((await call(i.id, 'start', token)).statusCode).toBe(403);
    expect((await t.as(token, { method: 'GET', url: `/api/interventions/${i.id}/timer/log` })).statusCode).toBe(200);
  });

  it('pausing or finishing the intervention stops every running timer, in the status change transaction', async () => {
    const i = await createIntervention(t.database.db, { statut: 'EN_COURS' });
    await call(i.id, 'start');
    const paused = await t.as(admin, {
      method: 'PUT',
      url: `/api/interventions/${i.id}/status`,
      payload: { statut: 'EN_PAUSE' },
    });
    expect(paused.statusCode).toBe(200);
    const data = await log(i.id);
    expect(data.running).toBeNull();
    expect(data.sessions[0].stoppedAt).not.toBeNull();
    // resuming does not restart it; a new session is the user's choice
    await t.as(admin, { method: 'PUT', url: `/api/interventions/${i.id}/status`, payload: { statut: 'EN_COURS' } });
    expect((await log(i.id)).running).toBeNull();
  });
});
