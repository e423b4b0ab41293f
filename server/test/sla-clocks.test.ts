import { metricsToday } from '@gmao/domain/dashboard/metrics';
import { addDays } from '@gmao/domain/plans/recurrence';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../src/db/database.ts';
import { advanceSlaClocks } from '../src/modules/interventions/sla/sla.job.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createClient, createEquipment, createUser } from './helpers/factories.ts';

/**
 * The SLA clocks of interventions (issue 31): snapshotted at creation from the covering contract (else hors contrat),
 * reached / paused / resumed by the status changes, recomputed on an urgency change with the paused time kept.
 * The "Astreinte 24/7" calendar makes working minutes equal wall minutes, so the expected deadlines are exact; the
 * passing of time is simulated by moving the stored instants back (no sleeping).
 */
let t: TestApp;
let admin: string;
let astreinte: number;
const today = metricsToday();
const MIN = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const { rows } = await t.database.db.execute<{ id: number }>(
    sql`SELECT id FROM business_calendars WHERE nom = 'Astreinte 24/7'`,
  );
  astreinte = rows[0].id;
});
afterAll(() => t.close());
const asAdmin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.as(admin, { method, url, ...(payload ? { payload } : {}) });

async function coveredEquipment() {
  const client = await createClient(t.database.db);
  const covered = await createEquipment(t.database.db, { proprietaireId: client.id });
  const uncovered = await createEquipment(t.database.db, { proprietaireId: client.id });
  const res = await asAdmin('POST', '/api/contracts', {
    client_id: client.id,
    numero: `SLA-${client.id}`,
    type: 'COMPLET',
    date_debut: addDays(today, -10),
    date_fin: addDays(today, 300),
    reconduction_tacite: false,
    equipement_ids: [covered.id],
    calendrier_id: astreinte,
    montant_annuel_ht: '1000.00',
    garanties: [
      { urgence: true, cible: 'PRISE_EN_COMPTE', minutes: 30 },
      { urgence: true, cible: 'SUR_SITE', minutes: 120 },
      { urgence: true, cible: 'RETABLISSEMENT', minutes: 480 },
      { urgence: false, cible: 'RETABLISSEMENT', minutes: 2400 },
    ],
    statuts_pause: [{ statut: 'EN_PAUSE', condition: 'TOUJOURS' }],
  });
  expect(res.statusCode, res.body).toBe(201);
  return { contractId: res.json().data.id as number, covered: covered.id, uncovered: uncovered.id };
}

async function create(equipementId: number, urgence: boolean) {
  const res = await asAdmin('POST', '/api/interventions', { equipement_id: equipementId, urgence, date: today });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}
const detail = async (id: number) => (await asAdmin('GET', `/api/interventions/${id}`)).json().data;
const clock = async (id: number, cible: string) =>
  (await detail(id)).sla.cibles.find((c: { cible: string }) => c.cible === cible);
async function status(id: number, statut: string) {
  const res = await asAdmin('PUT', `/api/interventions/${id}/status`, { statut });
  expect(res.statusCode, res.body).toBe(200);
}
/** Moves the current pause's start `minutes` back: that much (24/7) working time has passed paused. */
const pausedFor = (id: number, minutes: number) =>
  t.database.db.execute(
    sql`UPDATE intervention_sla SET pause_depuis = pause_depuis - make_interval(mins => ${minutes}) WHERE intervention_id = ${id}`,
  );

describe('SLA clocks (issue 31)', () => {
  it('creation on covered equipment snapshots one clock per guaranteed target of its urgency; uncovered is hors contrat', async () => {
    const { contractId, covered, uncovered } = await coveredEquipment();
    const id = await create(covered, true);
    const d = await detail(id);
    expect(d.sla.contrat_id).toBe(contractId);
    expect(d.sla.hors_contrat).toBe(false);
    expect(d.sla.cibles.map((c: { cible: string }) => c.cible)).toEqual([
      'PRISE_EN_COMPTE',
      'SUR_SITE',
      'RETABLISSEMENT',
    ]);
    const created = Date.parse(d.createdAt);
    for (const [cible, minutes] of [
      ['PRISE_EN_COMPTE', 30],
      ['SUR_SITE', 120],
      ['RETABLISSEMENT', 480],
    ] as const) {
      const c = d.sla.cibles.find((x: { cible: string }) => x.cible === cible);
      expect(c.etat).toBe('EN_COURS');
      // created_at is the transaction's now(); the snapshot reads it back, so the deadline is exact.
      expect(Date.parse(c.echeance) - created).toBe(minutes * MIN);
    }
    const normal = await detail(await create(covered, false));
    expect(normal.sla.cibles.map((c: { cible: string }) => c.cible)).toEqual(['RETABLISSEMENT']);

    const out = await detail(await create(uncovered, true));
    expect(out.sla).toEqual({ contrat_id: null, hors_contrat: true, cibles: [] });
  });

  it('a pause pushes the deadline by exactly the paused working time; reaching the targets stops the clocks', async () => {
    const { covered } = await coveredEquipment();
    const id = await create(covered, true);
    const before = await clock(id, 'RETABLISSEMENT');
    await status(id, 'EN_COURS');
    expect((await clock(id, 'PRISE_EN_COMPTE')).etat).toBe('RESPECTE');
    expect((await clock(id, 'SUR_SITE')).etat).toBe('RESPECTE');
    expect((await clock(id, 'SUR_SITE')).atteint_le).not.toBeNull();
    await status(id, 'EN_PAUSE');
    expect((await clock(id, 'RETABLISSEMENT')).etat).toBe('EN_PAUSE');
    await pausedFor(id, 95);
    await status(id, 'EN_COURS');
    const after = await clock(id, 'RETABLISSEMENT');
    expect(after.etat).toBe('EN_COURS');
    expect(Date.parse(after.echeance) - Date.parse(before.echeance)).toBe(95 * MIN);
    // Reached clocks do not move.
    expect((await clock(id, 'SUR_SITE')).etat).toBe('RESPECTE');
    await status(id, 'TERMINEE');
    const done = await clock(id, 'RETABLISSEMENT');
    expect(done.etat).toBe('RESPECTE');
    expect(done.atteint_le).not.toBeNull();
  });

  it('an urgency change recomputes from the creation and keeps the paused time', async () => {
    const { covered } = await coveredEquipment();
    const id = await create(covered, true);
    const created = Date.parse((await detail(id)).createdAt);
    await status(id, 'EN_COURS');
    await status(id, 'EN_PAUSE');
    await pausedFor(id, 40);
    await status(id, 'EN_COURS');
    expect(Date.parse((await clock(id, 'RETABLISSEMENT')).echeance) - created).toBe((480 + 40) * MIN);
    const res = await asAdmin('PUT', `/api/interventions/${id}`, { urgence: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(Date.parse((await clock(id, 'RETABLISSEMENT')).echeance) - created).toBe((2400 + 40) * MIN);
  });

  it('DEPASSE is terminal and survives a later completion; a late completion is DEPASSE', async () => {
    const { covered } = await coveredEquipment();
    const breached = await create(covered, true);
    // The job found it past its deadline.
    await t.database.db.execute(
      sql`UPDATE intervention_sla SET etat = 'DEPASSE' WHERE intervention_id = ${breached} AND cible = 'RETABLISSEMENT'`,
    );
    await status(breached, 'EN_COURS');
    await status(breached, 'TERMINEE');
    const b = await clock(breached, 'RETABLISSEMENT');
    expect(b.etat).toBe('DEPASSE');
    expect(b.atteint_le).not.toBeNull();

    const late = await create(covered, true);
    await t.database.db.execute(
      sql`UPDATE intervention_sla SET echeance = now() - interval '10 minutes' WHERE intervention_id = ${late}`,
    );
    await status(late, 'EN_COURS');
    expect((await clock(late, 'SUR_SITE')).etat).toBe('DEPASSE');
  });

  it('assignment is the prise en compte; ANNULEE removes the clocks not reached', async () => {
    const { covered } = await coveredEquipment();
    const id = await create(covered, true);
    const tech = await createUser(t.database.db, { role: 'Technicien' });
    const res = await asAdmin('PUT', `/api/interventions/${id}/assign`, { technicianId: tech.id });
    expect(res.statusCode, res.body).toBe(200);
    expect((await clock(id, 'PRISE_EN_COMPTE')).etat).toBe('RESPECTE');
    expect((await clock(id, 'SUR_SITE')).etat).toBe('EN_COURS');
    await status(id, 'ANNULEE');
    const d = await detail(id);
    expect(d.sla.cibles.every((c: { etat: string }) => c.etat === 'RESPECTE')).toBe(true);
    expect(d.sla.cibles.some((c: { cible: string }) => c.cible === 'RETABLISSEMENT')).toBe(false);
  });

  it('two instances advancing the clocks at once: one DEPASSE, one notification per person at 75 % and at 100 %', async () => {
    const { covered } = await coveredEquipment();
    const tech = await createUser(t.database.db, { role: 'Technicien' });
    const late = await create(covered, true);
    const risky = await create(covered, true);
    for (const id of [late, risky]) {
      const res = await asAdmin('PUT', `/api/interventions/${id}/assign`, { technicianId: tech.id });
      expect(res.statusCode, res.body).toBe(200);
    }
    // SUR_SITE of `late` is past its deadline; that of `risky` is past 75 % only.
    await t.database.db.execute(sql`UPDATE intervention_sla SET echeance = now() - interval '1 minute',
      alerte_le = now() - interval '31 minutes' WHERE intervention_id = ${late} AND cible = 'SUR_SITE'`);
    await t.database.db.execute(sql`UPDATE intervention_sla SET echeance = now() + interval '29 minutes',
      alerte_le = now() - interval '1 minute' WHERE intervention_id = ${risky} AND cible = 'SUR_SITE'`);
    const url = (t.database.pool as unknown as { options: { connectionString: string } }).options.connectionString;
    const second: Database = openDatabase(url, { max: 3 });
    try {
      const results = await Promise.all([
        advanceSlaClocks(t.database.db),
        advanceSlaClocks(second.db),
        advanceSlaClocks(t.database.db),
      ]);
      expect(results.reduce((n, r) => n + r.depasses, 0)).toBeGreaterThanOrEqual(1);
      expect(results.reduce((n, r) => n + r.notified100, 0)).toBeGreaterThanOrEqual(1);
    } finally {
      await second.pool.end();
    }
    expect((await clock(late, 'SUR_SITE')).etat).toBe('DEPASSE');
    expect((await clock(risky, 'SUR_SITE')).etat).toBe('EN_COURS');
    const { rows } = await t.database.db.execute<{ intervention_id: number; title: string; n: number }>(sql`
      SELECT intervention_id, title, count(*)::int AS n FROM notifications
      WHERE user_id = ${tech.id} AND event = 'sla_alert' GROUP BY intervention_id, title ORDER BY intervention_id`);
    expect(rows).toEqual([
      { intervention_id: late, title: 'Délai garanti dépassé', n: 1 },
      { intervention_id: risky, title: 'Délai garanti bientôt atteint', n: 1 },
    ]);
    // A later step sends nothing again; completing keeps DEPASSE.
    const again = await advanceSlaClocks(t.database.db);
    expect(again.notified75 + again.notified100).toBe(0);
    await status(late, 'EN_COURS');
    await status(late, 'TERMINEE');
    expect((await clock(late, 'SUR_SITE')).etat).toBe('DEPASSE');
  });

  it('list filters sla=DEPASSE|A_RISQUE|RESPECTE|HORS_CONTRAT read the stored clocks; a technician sees his own only', async () => {
    const { covered, uncovered } = await coveredEquipment();
    const breached = await create(covered, true);
    const risky = await create(covered, true);
    const kept = await create(covered, false);
    const billable = await create(uncovered, false);
    await t.database.db.execute(
      sql`UPDATE intervention_sla SET echeance = now() - interval '1 minute' WHERE intervention_id = ${breached}`,
    );
    await advanceSlaClocks(t.database.db);
    await t.database.db.execute(
      sql`UPDATE intervention_sla SET alerte_le = now() - interval '1 minute' WHERE intervention_id = ${risky} AND cible = 'SUR_SITE'`,
    );
    await status(kept, 'EN_COURS');
    await status(kept, 'TERMINEE');
    const ids = async (filter: string, token = admin) => {
      const res = await t.as(token, { method: 'GET', url: `/api/interventions?sla=${filter}&limit=100` });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { id: number }[]).map((r) => r.id);
    };
    const mine = [breached, risky, kept, billable];
    const only = (list: number[]) => list.filter((id) => mine.includes(id));
    expect(only(await ids('DEPASSE'))).toEqual([breached]);
    expect(only(await ids('A_RISQUE'))).toEqual([risky]);
    expect(only(await ids('RESPECTE'))).toEqual([kept]);
    expect(only(await ids('HORS_CONTRAT'))).toEqual([billable]);
    expect((await t.as(admin, { method: 'GET', url: '/api/interventions?sla=BOGUS' })).statusCode).toBe(400);
    // The list rows carry the compact summary the badge reads.
    const rows = (await t.as(admin, { method: 'GET', url: '/api/interventions?limit=100' })).json().data as {
      id: number;
      sla: { hors_contrat: boolean; cibles: { cible: string; etat: string }[] } | null;
    }[];
    const row = (id: number) => rows.find((r) => r.id === id);
    expect(row(breached)?.sla?.cibles.map((c) => c.etat)).toEqual(['DEPASSE', 'DEPASSE', 'DEPASSE']);
    expect(row(billable)?.sla).toEqual({ contrat_id: null, hors_contrat: true, cibles: [] });
    // Scope unchanged: what a technician lists with the filter is among what he lists without it.
    const tech = await createUser(t.database.db, { role: 'Technicien' });
    const token = (await t.login(tech.username, tech.password)).token;
    const all = await ids('DEPASSE', admin);
    const res = await t.as(token, { method: 'GET', url: '/api/interventions?limit=100' });
    const visible = (res.json().data as { id: number }[]).map((r) => r.id);
    const filtered = await ids('DEPASSE', token);
    expect(filtered.every((id) => visible.includes(id) && all.includes(id))).toBe(true);
  });
});
