import { metricsToday } from '@gmao/domain/dashboard/metrics';
import { addDays } from '@gmao/domain/plans/recurrence';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createClient, createEquipment, createUser } from './helpers/factories.ts';

/**
 * Issue 31, the default pause rules of a contract: EN_PAUSE pauses the guaranteed times when its motif is "attente
 * client" (PUT /:id/status `pause_motif`), EN_ATTENTE_PDR while an open part request says the client supplies the
 * parts (`fourni_par_client`). On the "Astreinte 24/7" calendar working minutes are wall minutes, so a pause of n
 * minutes (simulated by moving its start back) pushes the deadline by exactly n minutes; a clock that runs does not.
 */
let t: TestApp;
let admin: string;
let astreinte: number;
let partId: number;
const today = metricsToday();
const MIN = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const { rows } = await t.database.db.execute<{ id: number }>(
    sql`SELECT id FROM business_calendars WHERE nom = 'Astreinte 24/7'`,
  );
  astreinte = rows[0]!.id;
  const part = await t.database.db.execute<{ id: number }>(
    sql`INSERT INTO parts (reference, designation, unite) VALUES ('PM-ROUL-6205', 'Roulement 6205', 'u') RETURNING id`,
  );
  partId = part.rows[0]!.id;
});
afterAll(() => t.close());

const as = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.as(admin, { method, url, ...(payload ? { payload } : {}) });

/** A covered equipment under a contract with the default pause rules (no statuts_pause given). */
async function coveredIntervention() {
  const client = await createClient(t.database.db);
  const eq = await createEquipment(t.database.db, { proprietaireId: client.id });
  const res = await as('POST', '/api/contracts', {
    client_id: client.id,
    numero: `PM-${client.id}`,
    type: 'CURATIF',
    date_debut: addDays(today, -10),
    date_fin: addDays(today, 300),
    reconduction_tacite: false,
    equipement_ids: null,
    calendrier_id: astreinte,
    montant_annuel_ht: '24000.00',
    garanties: [{ urgence: true, cible: 'RETABLISSEMENT', minutes: 480 }],
    statuts_pause: [
      { statut: 'EN_ATTENTE_PDR', condition: 'PIECES_CLIENT' },
      { statut: 'EN_PAUSE', condition: 'ATTENTE_CLIENT' },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  const created = await as('POST', '/api/interventions', { equipement_id: eq.id, urgence: true, date: today });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().data.id as number;
  await status(id, { statut: 'EN_COURS' });
  return id;
}

async function status(id: number, body: object, expected = 200) {
  const res = await as('PUT', `/api/interventions/${id}/status`, body);
  expect(res.statusCode, res.body).toBe(expected);
  return res;
}
const detail = async (id: number) => (await as('GET', `/api/interventions/${id}`)).json().data;
const gtr = async (id: number) =>
  (await detail(id)).sla.cibles.find((c: { cible: string }) => c.cible === 'RETABLISSEMENT') as {
    etat: string;
    echeance: string;
  };
/** `minutes` of (24/7) working time pass: the running pause's start and the clock's start move back. */
const elapse = (id: number, minutes: number) =>
  t.database.db.execute(sql`UPDATE intervention_sla SET pause_depuis = pause_depuis - make_interval(mins => ${minutes})
    WHERE intervention_id = ${id} AND pause_depuis IS NOT NULL`);

async function partRequest(id: number, fourniParClient?: boolean) {
  const res = await as('POST', `/api/interventions/${id}/part-requests`, {
    lignes: [{ part_id: partId, quantite: 2 }],
    fournisseur: fourniParClient ? 'Client (Maroc Textiles SA)' : 'Roulements du Souss SARL',
    date_commande: today,
    ...(fourniParClient === undefined ? {} : { fourni_par_client: fourniParClient }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; fourni_par_client: boolean };
}

describe('pause motif (issue 31)', () => {
  it('EN_PAUSE "attente client" stops the clock (deadline pushed by the pause), shown in the detail and history', async () => {
    const id = await coveredIntervention();
    const before = await gtr(id);
    await status(id, { statut: 'EN_PAUSE', pause_motif: 'ATTENTE_CLIENT', note: 'Accès au local refusé' });
    const paused = await detail(id);
    expect(paused.pauseMotif).toBe('ATTENTE_CLIENT');
    expect((await gtr(id)).etat).toBe('EN_PAUSE');
    const history = (await as('GET', `/api/interventions/${id}/workflow/history`)).json().data as {
      toStatut: string;
      note: string | null;
    }[];
    expect(history.find((h) => h.toStatut === 'EN_PAUSE')?.note).toBe('Motif : Attente client — Accès au local refusé');
    await elapse(id, 50);
    await status(id, { statut: 'EN_COURS' });
    const after = await gtr(id);
    expect(after.etat).toBe('EN_COURS');
    expect(Date.parse(after.echeance) - Date.parse(before.echeance)).toBe(50 * MIN);
    // Leaving EN_PAUSE clears the motif.
    expect((await detail(id)).pauseMotif).toBeNull();
  });

  it('the undo of the move out of an "attente client" pause puts the motif back and pauses the clock again', async () => {
    const id = await coveredIntervention();
    await status(id, { statut: 'EN_PAUSE', pause_motif: 'ATTENTE_CLIENT' });
    await status(id, { statut: 'EN_COURS' });
    expect((await gtr(id)).etat).toBe('EN_COURS');
    const undo = await as('POST', `/api/interventions/${id}/status/undo`);
    expect(undo.statusCode, undo.body).toBe(200);
    expect(undo.json().data).toMatchObject({ statut: 'EN_PAUSE', pauseMotif: 'ATTENTE_CLIENT' });
    expect((await gtr(id)).etat).toBe('EN_PAUSE');
    // And the undo of the pause itself clears it.
    const again = await as('POST', `/api/interventions/${id}/status/undo`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toMatchObject({ statut: 'EN_COURS', pauseMotif: null });
    expect((await gtr(id)).etat).toBe('EN_COURS');
  });

  it('EN_PAUSE "autre" or without a motif does not stop the clock', async () => {
    for (const body of [{ statut: 'EN_PAUSE', pause_motif: 'AUTRE' }, { statut: 'EN_PAUSE' }]) {
      const id = await coveredIntervention();
      const before = await gtr(id);
      await status(id, body);
      const during = await gtr(id);
      expect(during.etat).toBe('EN_COURS');
      expect((await detail(id)).pauseMotif).toBe(body.pause_motif ?? null);
      await status(id, { statut: 'EN_COURS' });
      expect((await gtr(id)).echeance).toBe(before.echeance);
    }
  });

  it('refuses an unknown motif, or a motif with another status, with a French 400 and nothing written', async () => {
    const id = await coveredIntervention();
    const version = (await detail(id)).version;
    const unknown = await status(id, { statut: 'EN_PAUSE', pause_motif: 'VACANCES' }, 400);
    expect(unknown.body).toContain('Motif de pause inconnu');
    const misplaced = await status(id, { statut: 'TERMINEE', pause_motif: 'ATTENTE_CLIENT' }, 400);
    expect(misplaced.json().message).toBe('Un motif de pause ne s’indique qu’en mettant l’intervention en pause');
    const d = await detail(id);
    expect({ statut: d.statut, version: d.version }).toEqual({ statut: 'EN_COURS', version });
  });
});

describe('parts supplied by the client (issue 31)', () => {
  it('EN_ATTENTE_PDR on a client-supplied request stops the clock; the receipt resumes it, the deadline pushed', async () => {
    const id = await coveredIntervention();
    const before = await gtr(id);
    const request = await partRequest(id, true);
    expect(request.fourni_par_client).toBe(true);
    const listed = (await as('GET', `/api/interventions/${id}/part-requests`)).json().data;
    expect(listed.map((r: { fourni_par_client: boolean }) => r.fourni_par_client)).toEqual([true]);
    await status(id, { statut: 'EN_ATTENTE_PDR' });
    expect((await gtr(id)).etat).toBe('EN_PAUSE');
    await elapse(id, 45);
    const received = await as('PUT', `/api/interventions/${id}/part-requests/${request.id}/receive`, {});
    expect(received.statusCode, received.body).toBe(200);
    // Still waiting (the status has not moved), but the client's parts are in: the clock runs again.
    expect((await detail(id)).statut).toBe('EN_ATTENTE_PDR');
    const after = await gtr(id);
    expect(after.etat).toBe('EN_COURS');
    expect(Date.parse(after.echeance) - Date.parse(before.echeance)).toBe(45 * MIN);
  });

  it('parts from a supplier (the default) do not stop the clock; a client-supplied request added while waiting does', async () => {
    const id = await coveredIntervention();
    const before = await gtr(id);
    expect((await partRequest(id)).fourni_par_client).toBe(false);
    await status(id, { statut: 'EN_ATTENTE_PDR' });
    expect(await gtr(id)).toMatchObject({ etat: 'EN_COURS', echeance: before.echeance });
    await partRequest(id, true);
    expect((await gtr(id)).etat).toBe('EN_PAUSE');
  });

  it('refuses a fourni_par_client that is not a boolean with a French 400', async () => {
    const id = await coveredIntervention();
    const res = await as('POST', `/api/interventions/${id}/part-requests`, {
      lignes: [{ part_id: partId, quantite: 1 }],
      fournisseur: 'Client',
      date_commande: today,
      fourni_par_client: 'oui',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('Fourni par le client');
  });

  it('marking an open request client-supplied while waiting pauses the clock, unmarking resumes it; not once received', async () => {
    const id = await coveredIntervention();
    const before = await gtr(id);
    const request = await partRequest(id);
    await status(id, { statut: 'EN_ATTENTE_PDR' });
    expect((await gtr(id)).etat).toBe('EN_COURS');
    const mark = (fourni: boolean, rid = request.id) =>
      as('PUT', `/api/interventions/${id}/part-requests/${rid}/client-supplied`, { fourni_par_client: fourni });
    const on = await mark(true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({
      data: { fourni_par_client: true },
      message: 'Demande marquée « pièces fournies par le client »',
    });
    expect((await gtr(id)).etat).toBe('EN_PAUSE');
    await elapse(id, 30);
    expect((await mark(false)).statusCode).toBe(200);
    const after = await gtr(id);
    expect(after.etat).toBe('EN_COURS');
    expect(Date.parse(after.echeance) - Date.parse(before.echeance)).toBe(30 * MIN);
    // A received request is history: 409, nothing changed.
    const other = await partRequest(id);
    expect((await as('PUT', `/api/interventions/${id}/part-requests/${other.id}/receive`, {})).statusCode).toBe(200);
    expect((await mark(true, other.id)).statusCode).toBe(409);
    expect((await mark(true, 987654)).statusCode).toBe(404);
    const listed = (await as('GET', `/api/interventions/${id}/part-requests`)).json().data;
    expect(listed.map((r: { fourni_par_client: boolean }) => r.fourni_par_client)).toEqual([false, false]);
  });

  it('only who works on the intervention may mark its request (object level, 403 with nothing changed)', async () => {
    const id = await coveredIntervention();
    const request = await partRequest(id);
    const tech = await createUser(t.database.db, { role: 'Technicien' });
    const token = (await t.login(tech.username, tech.password)).token;
    const res = await t.as(token, {
      method: 'PUT',
      url: `/api/interventions/${id}/part-requests/${request.id}/client-supplied`,
      payload: { fourni_par_client: true },
    });
    expect(res.statusCode).toBe(403);
    const listed = (await as('GET', `/api/interventions/${id}/part-requests`)).json().data;
    expect(listed[0].fourni_par_client).toBe(false);
  });
});

describe('fuzz: the new bodies of issue 31 never give a 5xx', () => {
  const odd = [null, 0, -1, 1.5, true, '', ' ', '\u0000', '\ud800', 'ATTENTE_CLIENT'.repeat(50), [], {}, ['AUTRE']];
  it('pause_motif on PUT /:id/status, fourni_par_client on the part request routes: 400 for every malformed value', async () => {
    const id = await coveredIntervention();
    const request = await partRequest(id);
    const got: string[] = [];
    for (const v of odd) {
      const bodies: [string, string, object][] = [
        ['PUT', `/api/interventions/${id}/status`, { statut: 'EN_PAUSE', pause_motif: v }],
        ['PUT', `/api/interventions/${id}/part-requests/${request.id}/client-supplied`, { fourni_par_client: v }],
        [
          'POST',
          `/api/interventions/${id}/part-requests`,
          { lignes: [{ part_id: partId, quantite: 1 }], fournisseur: 'X', date_commande: today, fourni_par_client: v },
        ],
      ];
      for (const [method, url, payload] of bodies) {
        const res = await as(method as 'PUT' | 'POST', url, payload);
        // Accepted: null for pause_motif ("not stated": the clock runs), a boolean for fourni_par_client.
        const onStatus = url.endsWith('/status');
        const accepted = onStatus ? v === null : typeof v === 'boolean';
        if (res.statusCode >= 500 || (!accepted && res.statusCode !== 400))
          got.push(`${method} ${url} ${JSON.stringify(payload)} → ${res.statusCode}`);
        if (accepted && onStatus) await status(id, { statut: 'EN_COURS' });
      }
    }
    expect(got).toEqual([]);
  });
});
