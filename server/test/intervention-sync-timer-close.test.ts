import { SYNC_MESSAGES } from '@gmao/domain/interventions/sync-schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createEquipment, createUser } from './helpers/factories.ts';

/**
 * Issue 32: an intervention closed offline with its timer running, the timer stopped on the phone just after — the
 * sync replays the close (which ends every running session at its device time) then the `timer_stop`: accepted, the
 * session ends at the stop's device time; a stop of a timer already stopped by hand before the close stays refused.
 */
let t: TestApp;
let admin: string;
let tech: { id: number; token: string };
const MIN = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const u = await createUser(t.database.db, { nom: 'Amine Hors-ligne', role: 'Technicien' });
  tech = { id: u.id, token: (await t.login(u.username, u.password)).token };
});
afterAll(() => t.close());

/** An intervention of the technician, started, its timer running since `minutesAgo`. */
async function runningJob(minutesAgo: number) {
  const equipment = await createEquipment(t.database.db);
  const res = await t.as(admin, {
    method: 'POST',
    url: '/api/interventions',
    payload: { equipement_id: equipment.id, date: new Date().toISOString().slice(0, 10), technicianId: tech.id },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as number;
  const back = sql`make_interval(mins => ${minutesAgo + 10})`;
  await t.database.db.execute(sql`UPDATE interventions SET created_at = created_at - ${back} WHERE id = ${id}`);
  const started = await t.as(tech.token, {
    method: 'PUT',
    url: `/api/interventions/${id}/status`,
    payload: { statut: 'EN_COURS' },
  });
  expect(started.statusCode, started.body).toBe(200);
  await t.database.db.execute(
    sql`UPDATE intervention_history SET created_at = created_at - ${back} WHERE intervention_id = ${id}`,
  );
  expect((await t.as(tech.token, { method: 'POST', url: `/api/interventions/${id}/timer/start` })).statusCode).toBe(
    200,
  );
  await t.database.db.execute(sql`UPDATE intervention_timer_sessions
      SET started_at = now() - make_interval(mins => ${minutesAgo}) WHERE intervention_id = ${id}`);
  return id;
}

async function sync(id: number, changes: object[]) {
  const version = (await t.as(admin, { method: 'GET', url: `/api/interventions/${id}` })).json().data.version;
  const res = await t.as(tech.token, {
    method: 'POST',
    url: `/api/interventions/${id}/sync`,
    payload: { baseVersion: version, changes },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { applied: string[]; conflicts: { reason: string }[]; notices: { reason: string }[] };
}
const sessions = async (id: number) =>
  (await t.as(tech.token, { method: 'GET', url: `/api/interventions/${id}/timer/log` })).json().data as {
    running: unknown;
    sessions: { stoppedAt: string | null }[];
  };

describe('sync: timer_stop replayed after an offline close', () => {
  it('is applied: the session ends at the stop’s device time, the intervention stays closed', async () => {
    const id = await runningJob(60);
    const closedAt = ago(20 * MIN);
    const stoppedAt = ago(18 * MIN);
    const out = await sync(id, [
      { clientId: 'close', type: 'status', at: closedAt, payload: { statut: 'TERMINEE' } },
      { clientId: 'stop', type: 'timer_stop', at: stoppedAt, payload: {} },
    ]);
    expect(out).toMatchObject({ applied: ['close', 'stop'], conflicts: [], notices: [] });
    const log = await sessions(id);
    expect(log.running).toBeNull();
    expect(log.sessions).toHaveLength(1);
    expect(Date.parse(log.sessions[0].stoppedAt!)).toBe(Date.parse(stoppedAt));
    const detail = (await t.as(admin, { method: 'GET', url: `/api/interventions/${id}` })).json().data;
    expect(detail.statut).toBe('TERMINEE');
    expect(Date.parse(detail.completedAt)).toBe(Date.parse(closedAt));
  });

  it('also in two syncs (the close sent first, the stop on the next replay)', async () => {
    const id = await runningJob(45);
    const stoppedAt = ago(9 * MIN);
    expect(
      (await sync(id, [{ clientId: 'c2', type: 'status', at: ago(10 * MIN), payload: { statut: 'TERMINEE' } }]))
        .applied,
    ).toEqual(['c2']);
    expect((await sync(id, [{ clientId: 's2', type: 'timer_stop', at: stoppedAt, payload: {} }])).applied).toEqual([
      's2',
    ]);
    expect(Date.parse((await sessions(id)).sessions[0].stoppedAt!)).toBe(Date.parse(stoppedAt));
  });

  it('stays refused when the timer had been stopped by hand before the close', async () => {
    const id = await runningJob(40);
    expect((await t.as(tech.token, { method: 'POST', url: `/api/interventions/${id}/timer/stop` })).statusCode).toBe(
      200,
    );
    await t.database.db.execute(sql`UPDATE intervention_timer_sessions SET stopped_at = now() - interval '30 minutes'
        WHERE intervention_id = ${id}`);
    const out = await sync(id, [
      { clientId: 'c3', type: 'status', at: ago(5 * MIN), payload: { statut: 'TERMINEE' } },
      { clientId: 's3', type: 'timer_stop', at: ago(4 * MIN), payload: {} },
    ]);
    expect(out.applied).toEqual(['c3']);
    expect(out.conflicts).toEqual([{ clientId: 's3', reason: SYNC_MESSAGES.timerStopNotRunning }]);
  });
});
