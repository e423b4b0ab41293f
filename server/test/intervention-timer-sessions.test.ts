import { ACTIVITY_MESSAGES } from '@gmao/domain/interventions/messages';
import { SYNC_MESSAGES } from '@gmao/domain/interventions/sync-schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createIntervention, createUser } from './helpers/factories.ts';

/**
 * Issue 29: a timer session is bounded (≤ 24 h, not before the intervention, not in the future) through every door;
 * one already stored out of range no longer breaks the readers; its author or an assigner corrects or deletes it.
 */
let t: TestApp;
let admin: string;
type Actor = { id: number; token: string };
let tech: Actor;
let otherTech: Actor;
let responsable: Actor;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const actor = async (nom: string, role: string) => {
    const u = await createUser(t.database.db, { nom, role });
    return { id: u.id, token: (await t.login(u.username, u.password)).token };
  };
  tech = await actor('Youssef Chrono', 'Technicien');
  otherTech = await actor('Hicham Autre', 'Technicien');
  responsable = await actor('Nadia Responsable', 'Responsable');
});
afterAll(() => t.close());

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const YEAR = 365.25 * 24 * HOUR;

/** An intervention of the technician created two days ago, with one session of his inserted as stored. */
async function withSession(startedAt: string, stoppedAt: string | null) {
  const i = await createIntervention(t.database.db, {
    statut: 'EN_COURS',
    technicianId: tech.id,
    createdAt: new Date(Date.now() - 48 * HOUR),
  });
  const { rows } = await t.database.db.execute<{ id: number }>(sql`INSERT INTO intervention_timer_sessions
      (intervention_id, user_id, started_at, stopped_at)
      VALUES (${i.id}, ${tech.id}, ${startedAt}::timestamptz, ${stoppedAt}::timestamptz) RETURNING id`);
  return { id: i.id, sessionId: rows[0].id };
}
const sessionUrl = (id: number, sessionId: number) => `/api/interventions/${id}/timer/sessions/${sessionId}`;
const put = (token: string, id: number, sessionId: number, payload: object) =>
  t.as(token, { method: 'PUT', url: sessionUrl(id, sessionId), payload });
const del = (token: string, id: number, sessionId: number) =>
  t.as(token, { method: 'DELETE', url: sessionUrl(id, sessionId) });
const stored = async (sessionId: number) =>
  (
    await t.database.db.execute<{ started: number; stopped: number | null }>(
      sql`SELECT extract(epoch FROM started_at)::float8 * 1000 AS started,
          extract(epoch FROM stopped_at)::float8 * 1000 AS stopped
          FROM intervention_timer_sessions WHERE id = ${sessionId}`,
    )
  ).rows[0];
const audits = async (id: number, action: string) =>
  (
    await t.database.db.execute<{ user_id: number; before: unknown; after: unknown }>(
      sql`SELECT actor_id AS user_id, before, after FROM audit_log WHERE action = ${action} AND entity_id = ${String(id)}`,
    )
  ).rows;

describe('a session already stored out of range', () => {
  it('no longer makes the timer log or the PDF of the intervention answer 500', async () => {
    // 69 years: more seconds than an int4 holds (2^31 s ≈ 68.05 years), the overflow that made both answer 500
    const { id } = await withSession(ago(69 * YEAR), ago(HOUR));
    const log = await t.as(admin, { method: 'GET', url: `/api/interventions/${id}/timer/log` });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().data.totalSeconds).toBeGreaterThan(2 ** 31);
    const pdf = await t.as(admin, { method: 'GET', url: `/api/reports/interventions/${id}/pdf` });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a running timer forgotten for days stops at 24 h after its start', async () => {
    const { id, sessionId } = await withSession(ago(40 * HOUR), null);
    const res = await t.as(tech.token, { method: 'POST', url: `/api/interventions/${id}/timer/stop` });
    expect(res.statusCode, res.body).toBe(200);
    const row = await stored(sessionId);
    expect(row.stopped !== null && row.stopped - row.started).toBe(24 * HOUR);
  });
});

describe('PUT /interventions/:id/timer/sessions/:sessionId', () => {
  it('refuses 68 years, over 24 h, an end before the start (400), before the creation or in the future (422)', async () => {
    const { id, sessionId } = await withSession(ago(3 * HOUR), ago(2 * HOUR));
    const cases: [object, number, string][] = [
      [{ startedAt: ago(68 * YEAR), stoppedAt: ago(HOUR) }, 400, SYNC_MESSAGES.timerTooLong],
      [{ startedAt: ago(26 * HOUR), stoppedAt: ago(HOUR) }, 400, SYNC_MESSAGES.timerTooLong],
      [{ startedAt: ago(HOUR), stoppedAt: ago(2 * HOUR) }, 400, SYNC_MESSAGES.timerOrder],
      [{ startedAt: ago(60 * HOUR), stoppedAt: ago(59 * HOUR) }, 422, SYNC_MESSAGES.timerBeforeCreation],
      [{ startedAt: ago(-HOUR), stoppedAt: ago(-2 * HOUR) }, 422, SYNC_MESSAGES.timerFuture],
    ];
    for (const [payload, status, message] of cases) {
      const res = await put(tech.token, id, sessionId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.body).toContain(message);
    }
    expect((await stored(sessionId)).started).toBeGreaterThan(Date.now() - 4 * HOUR);
    expect(await audits(id, 'intervention.timer_session_update')).toEqual([]);
  });

  it('lets the author correct his session, audited, and the log follows', async () => {
    const { id, sessionId } = await withSession(ago(68 * YEAR), ago(HOUR));
    const payload = { startedAt: ago(5 * HOUR), stoppedAt: ago(3 * HOUR) };
    const res = await put(tech.token, id, sessionId, payload);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(ACTIVITY_MESSAGES.timerSessionUpdated);
    expect(res.json().data.totalSeconds).toBe(7200);
    const [row] = await audits(id, 'intervention.timer_session_update');
    expect(row).toMatchObject({ user_id: tech.id, after: { sessionId, ...payload } });
  });

  it('lets an assigner (Responsable) correct it; another technician gets 403 and nothing changes', async () => {
    const { id, sessionId } = await withSession(ago(5 * HOUR), ago(4 * HOUR));
    const payload = { startedAt: ago(6 * HOUR), stoppedAt: ago(5 * HOUR) };
    const refused = await put(otherTech.token, id, sessionId, payload);
    expect(refused.statusCode).toBe(403);
    expect((await stored(sessionId)).started).toBeGreaterThan(Date.now() - 5.5 * HOUR);
    const allowed = await put(responsable.token, id, sessionId, payload);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect((await audits(id, 'intervention.timer_session_update'))[0]).toMatchObject({ user_id: responsable.id });
  });

  it('takes the version the correction was made on: a stale one is a 409 VERSION_CONFLICT and nothing changes', async () => {
    const { id, sessionId } = await withSession(ago(5 * HOUR), ago(4 * HOUR));
    const { rows } = await t.database.db.execute<{ version: number }>(
      sql`SELECT version FROM interventions WHERE id = ${id}`,
    );
    const times = { startedAt: ago(3 * HOUR), stoppedAt: ago(2 * HOUR) };
    const stale = await put(tech.token, id, sessionId, { ...times, version: rows[0].version + 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('VERSION_CONFLICT');
    const current = await put(tech.token, id, sessionId, { ...times, version: rows[0].version });
    expect(current.statusCode, current.body).toBe(200);
  });

  it('refuses an overlap with another session of the same user (409) and answers 404 for another intervention', async () => {
    const { id, sessionId } = await withSession(ago(5 * HOUR), ago(4 * HOUR));
    await t.database.db.execute(sql`INSERT INTO intervention_timer_sessions (intervention_id, user_id, started_at,
      stopped_at) VALUES (${id}, ${tech.id}, now() - interval '3 hours', now() - interval '2 hours')`);
    const overlap = await put(tech.token, id, sessionId, { startedAt: ago(4 * HOUR), stoppedAt: ago(2.5 * HOUR) });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toBe(SYNC_MESSAGES.timerOverlap);
    const other = await withSession(ago(5 * HOUR), ago(4 * HOUR));
    const wrong = await put(tech.token, other.id, sessionId, { startedAt: ago(9 * HOUR), stoppedAt: ago(8 * HOUR) });
    expect(wrong.statusCode).toBe(404);
  });
});

describe('DELETE /interventions/:id/timer/sessions/:sessionId', () => {
  it('another technician gets 403; the author deletes it, audited with its times', async () => {
    const { id, sessionId } = await withSession(ago(68 * YEAR), ago(HOUR));
    expect((await del(otherTech.token, id, sessionId)).statusCode).toBe(403);
    expect(await stored(sessionId)).toBeDefined();
    const res = await del(tech.token, id, sessionId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.sessions).toEqual([]);
    expect(await stored(sessionId)).toBeUndefined();
    const [row] = await audits(id, 'intervention.timer_session_delete');
    expect(row).toMatchObject({ user_id: tech.id, before: { sessionId, userId: tech.id } });
    expect((await del(tech.token, id, sessionId)).statusCode).toBe(404);
  });

  it('an assigner (Responsable) may delete it', async () => {
    const { id, sessionId } = await withSession(ago(2 * HOUR), ago(HOUR));
    expect((await del(responsable.token, id, sessionId)).statusCode).toBe(200);
  });
});
