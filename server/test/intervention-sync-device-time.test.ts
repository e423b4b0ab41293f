import { metricsToday } from '@gmao/domain/dashboard/metrics';
import { formatPlannedAt } from '@gmao/domain/interventions/planning-clock';
import { SYNC_MESSAGES } from '@gmao/domain/interventions/sync-schemas';
import { addDays } from '@gmao/domain/plans/recurrence';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceSlaClocks } from '../src/modules/interventions/sla/sla.job.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createClient, createEquipment, createUser } from './helpers/factories.ts';

/**
 * Issue 32, offline work dated when it happened: a status change replayed by the sync takes effect at its device time
 * `at` when plausible (history, started_at/completed_at, the SLA clocks' atteint_le and consumed time), else at the
 * server's time with the reason in the history note and the sync's `notices`; a running server timer stopped offline
 * (`timer_stop`) ends at `at`. The "Astreinte 24/7" calendar makes working minutes wall minutes; the passing of time
 * is simulated by moving the stored instants back.
 */
let t: TestApp;
let admin: string;
let tech: { id: number; token: string };
let otherTech: { id: number; token: string };
let equipementId: number;
const MIN = 60_000;
const HOUR = 60 * MIN;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
let counter = 0;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const actor = async (nom: string) => {
    const u = await createUser(t.database.db, { nom, role: 'Technicien' });
    return { id: u.id, token: (await t.login(u.username, u.password)).token };
  };
  tech = await actor('Amine Hors-ligne');
  otherTech = await actor('Badr Relève');
  const { rows } = await t.database.db.execute<{ id: number }>(
    sql`SELECT id FROM business_calendars WHERE nom = 'Astreinte 24/7'`,
  );
  const client = await createClient(t.database.db);
  equipementId = (await createEquipment(t.database.db, { proprietaireId: client.id })).id;
  const today = metricsToday();
  const res = await t.as(admin, {
    method: 'POST',
    url: '/api/contracts',
    payload: {
      client_id: client.id,
      numero: `GTI-${client.id}`,
      type: 'COMPLET',
      date_debut: addDays(today, -10),
      date_fin: addDays(today, 300),
      reconduction_tacite: false,
      equipement_ids: [equipementId],
      calendrier_id: rows[0].id,
      montant_annuel_ht: '1000.00',
      garanties: [
        { urgence: true, cible: 'SUR_SITE', minutes: 120 },
        { urgence: true, cible: 'RETABLISSEMENT', minutes: 300 },
      ],
      statuts_pause: [],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
});
afterAll(() => t.close());

/** An urgent call assigned to the technician, created `hoursAgo` hours ago (its clocks and history moved back). */
async function urgentCall(hoursAgo = 3) {
  const res = await t.as(admin, {
    method: 'POST',
    url: '/api/interventions',
    payload: { equipement_id: equipementId, urgence: true, date: metricsToday() },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().data.id as number;
  const assigned = await t.as(admin, {
    method: 'PUT',
    url: `/api/interventions/${id}/assign`,
    payload: { technicianId: tech.id },
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
  const back = sql`make_interval(hours => ${hoursAgo})`;
  await t.database.db.execute(sql`UPDATE interventions SET created_at = created_at - ${back} WHERE id = ${id}`);
  await t.database.db.execute(sql`UPDATE intervention_history SET created_at = created_at - ${back}
      WHERE intervention_id = ${id}`);
  await t.database.db.execute(sql`UPDATE intervention_sla SET demarre_le = demarre_le - ${back},
      echeance = echeance - ${back}, alerte_le = alerte_le - ${back} WHERE intervention_id = ${id}`);
  return id;
}

const detail = async (id: number) =>
  (await t.as(admin, { method: 'GET', url: `/api/interventions/${id}` })).json().data;
const clock = async (id: number, cible: string) =>
  (await detail(id)).sla.cibles.find((c: { cible: string }) => c.cible === cible);
const history = async (id: number) =>
  (await t.as(admin, { method: 'GET', url: `/api/interventions/${id}/workflow/history` })).json().data as {
    toStatut: string | null;
    note: string | null;
    createdAt: string;
  }[];
const moveTo = async (id: number, statut: string) => (await history(id)).filter((h) => h.toStatut === statut).at(-1);
async function sync(id: number, changes: { type: string; at: string; payload?: object; clientId?: string }[]) {
  const res = await t.as(tech.token, {
    method: 'POST',
    url: `/api/interventions/${id}/sync`,
    payload: {
      baseVersion: 1,
      changes: changes.map((c) => ({ clientId: c.clientId ?? `dt-${++counter}`, payload: {}, ...c })),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    applied: string[];
    conflicts: { clientId: string; reason: string }[];
    notices: { clientId: string; reason: string }[];
  };
}
const near = (iso: string | null, ms: number) => Math.abs(Date.parse(iso ?? '') - ms) < 10_000;

describe('sync: a status change made offline takes effect at its device time', () => {
  it('EN_COURS replayed two hours late is reached at `at`: history, started_at, SUR_SITE (even past a breach the job marked meanwhile); TERMINEE likewise', async () => {
    const id = await urgentCall(3);
    // SUR_SITE was due an hour ago: the job, not knowing the technician was on site, marks it breached.
    await advanceSlaClocks(t.database.db);
    expect((await clock(id, 'SUR_SITE')).etat).toBe('DEPASSE');

    const onSite = ago(2 * HOUR);
    const restored = ago(HOUR);
    const out = await sync(id, [
      { clientId: 'on-site', type: 'status', at: onSite, payload: { statut: 'EN_COURS' } },
      { clientId: 'restored', type: 'status', at: restored, payload: { statut: 'TERMINEE' } },
    ]);
    expect(out).toMatchObject({ applied: ['on-site', 'restored'], conflicts: [], notices: [] });

    expect(Date.parse((await moveTo(id, 'EN_COURS'))!.createdAt)).toBe(Date.parse(onSite));
    expect(Date.parse((await moveTo(id, 'TERMINEE'))!.createdAt)).toBe(Date.parse(restored));
    const row = await detail(id);
    expect(Date.parse(row.startedAt)).toBe(Date.parse(onSite));
    expect(Date.parse(row.completedAt)).toBe(Date.parse(restored));
    const surSite = await clock(id, 'SUR_SITE');
    expect(Date.parse(surSite.atteint_le)).toBe(Date.parse(onSite));
    expect(surSite).toMatchObject({ etat: 'RESPECTE', consomme_minutes: 60 });
    const retablissement = await clock(id, 'RETABLISSEMENT');
    expect(Date.parse(retablissement.atteint_le)).toBe(Date.parse(restored));
    expect(retablissement).toMatchObject({ etat: 'RESPECTE', consomme_minutes: 120 });
  });

  it('a device time in the future, before the creation or before the last recorded move: the server time, said in the note and the notices', async () => {
    const future = new Date(Date.now() + HOUR).toISOString();
    const a = await urgentCall(3);
    const out = await sync(a, [{ clientId: 'future', type: 'status', at: future, payload: { statut: 'EN_COURS' } }]);
    const notice = SYNC_MESSAGES.deviceTimeReplaced(formatPlannedAt(future), 'future');
    expect(out).toMatchObject({
      applied: ['future'],
      conflicts: [],
      notices: [{ clientId: 'future', reason: notice }],
    });
    const move = await moveTo(a, 'EN_COURS');
    expect(move?.note).toBe(notice);
    expect(near(move!.createdAt, Date.now())).toBe(true);
    const surSite = await clock(a, 'SUR_SITE');
    expect(near(surSite.atteint_le, Date.now())).toBe(true);
    expect(surSite.etat).toBe('DEPASSE'); // due an hour ago: reached now
    expect(near((await detail(a)).startedAt, Date.now())).toBe(true);
    // The same change sent again answers its first outcome, notice included.
    expect(
      (await sync(a, [{ clientId: 'future', type: 'status', at: future, payload: { statut: 'EN_COURS' } }])).notices,
    ).toEqual([{ clientId: 'future', reason: notice }]);

    const b = await urgentCall(3);
    const early = ago(4 * HOUR);
    const before = await sync(b, [{ type: 'status', at: early, payload: { statut: 'EN_COURS', note: 'Sur site' } }]);
    const beforeCreation = SYNC_MESSAGES.deviceTimeReplaced(formatPlannedAt(early), 'beforeCreation');
    expect(before.notices.map((n) => n.reason)).toEqual([beforeCreation]);
    expect((await moveTo(b, 'EN_COURS'))?.note).toBe(`Sur site — ${beforeCreation}`);
    expect(near((await clock(b, 'SUR_SITE')).atteint_le, Date.now())).toBe(true);

    // The office paused it just now; the technician's offline restart made half an hour ago cannot precede that.
    const c = await urgentCall(3);
    await sync(c, [{ type: 'status', at: ago(2 * HOUR), payload: { statut: 'EN_COURS' } }]);
    const paused = await t.as(admin, {
      method: 'PUT',
      url: `/api/interventions/${c}/status`,
      payload: { statut: 'EN_PAUSE' },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    const late = ago(30 * MIN);
    const resumed = await sync(c, [{ type: 'status', at: late, payload: { statut: 'EN_COURS' } }]);
    expect(resumed.notices.map((n) => n.reason)).toEqual([
      SYNC_MESSAGES.deviceTimeReplaced(formatPlannedAt(late), 'beforeLastMove'),
    ]);
    const moves = (await history(c)).filter((h) => h.toStatut !== null).map((h) => h.toStatut);
    expect(moves.slice(-3)).toEqual(['EN_COURS', 'EN_PAUSE', 'EN_COURS']);
  });

  it('an online status change keeps the server time', async () => {
    const id = await urgentCall(3);
    const res = await t.as(tech.token, {
      method: 'PUT',
      url: `/api/interventions/${id}/status`,
      payload: { statut: 'EN_COURS' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(near((await moveTo(id, 'EN_COURS'))!.createdAt, Date.now())).toBe(true);
    expect(near((await clock(id, 'SUR_SITE')).atteint_le, Date.now())).toBe(true);
  });
});

describe('sync: timer_stop ends the running server timer at its device time', () => {
  async function runningSince(id: number, msAgo: number, token = tech.token) {
    const res = await t.as(token, { method: 'POST', url: `/api/interventions/${id}/timer/start` });
    expect(res.statusCode, res.body).toBe(200);
    await t.database.db.execute(sql`UPDATE intervention_timer_sessions
        SET started_at = now() - make_interval(secs => ${msAgo / 1000})
        WHERE intervention_id = ${id} AND stopped_at IS NULL`);
  }
  const log = async (id: number) =>
    (await t.as(tech.token, { method: 'GET', url: `/api/interventions/${id}/timer/log` })).json().data;

  it('stops the session at `at`, even once the intervention was given to someone else', async () => {
    const id = await urgentCall(3);
    await runningSince(id, 2 * HOUR);
    // Reassigned meanwhile: stopping one's own timer stays allowed (no 403 for the batch).
    await t.as(admin, {
      method: 'PUT',
      url: `/api/interventions/${id}/assign`,
      payload: { technicianId: otherTech.id },
    });
    const stoppedAt = ago(HOUR);
    const out = await sync(id, [{ clientId: 'stop', type: 'timer_stop', at: stoppedAt }]);
    expect(out).toMatchObject({ applied: ['stop'], conflicts: [], notices: [] });
    const data = await log(id);
    expect(data.running).toBeNull();
    expect(Date.parse(data.sessions[0].stoppedAt)).toBe(Date.parse(stoppedAt));
    expect(data.sessions[0].durationSeconds).toBeGreaterThanOrEqual(3599);
    expect(data.sessions[0].durationSeconds).toBeLessThanOrEqual(3601);
  });

  it('refuses with a French reason when no timer runs or the stop precedes its start; a future stop lands now', async () => {
    const id = await urgentCall(3);
    const none = await sync(id, [{ clientId: 'none', type: 'timer_stop', at: ago(MIN) }]);
    expect(none).toMatchObject({
      applied: [],
      conflicts: [{ clientId: 'none', reason: SYNC_MESSAGES.timerStopNotRunning }],
    });
    const { rows } = await t.database.db.execute<{ applied: boolean; reason: string }>(
      sql`SELECT applied, reason FROM intervention_sync_log WHERE intervention_id = ${id} AND client_id = 'none'`,
    );
    expect(rows).toEqual([{ applied: false, reason: SYNC_MESSAGES.timerStopNotRunning }]);

    await runningSince(id, 30 * MIN);
    const startedAt = (await log(id)).running.startedAt as string;
    const tooEarly = ago(HOUR);
    const early = await sync(id, [{ type: 'timer_stop', at: tooEarly }]);
    expect(early.conflicts.map((c) => c.reason)).toEqual([
      SYNC_MESSAGES.timerStopBeforeStart(formatPlannedAt(tooEarly), formatPlannedAt(startedAt)),
    ]);
    expect((await log(id)).running).not.toBeNull();

    const future = new Date(Date.now() + HOUR).toISOString();
    const ahead = await sync(id, [{ type: 'timer_stop', at: future }]);
    expect(ahead.notices.map((n) => n.reason)).toEqual([
      SYNC_MESSAGES.deviceTimeReplaced(formatPlannedAt(future), 'future'),
    ]);
    const data = await log(id);
    expect(data.running).toBeNull();
    expect(near(data.sessions[0].stoppedAt, Date.now())).toBe(true);
  });
});
