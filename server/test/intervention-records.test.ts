import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import { ASSIGNMENT_MESSAGES, RECORD_MESSAGES } from '@gmao/domain/interventions/messages';
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

const post = (id: number, path: string, payload: object, method: 'POST' | 'PUT' = 'POST', token = admin) =>
  t.as(token, { method, url: `/api/interventions/${id}/${path}`, payload });
const records = async (id: number) =>
  (await t.as(admin, { method: 'GET', url: `/api/interventions/${id}/records` })).json().data;
const workflow = async (id: number) =>
  (await t.as(admin, { method: 'GET', url: `/api/interventions/${id}/workflow` })).json().data;
const notes = async (id: number) =>
  (
    await t.database.db.execute<{ note: string }>(
      sql`SELECT note FROM intervention_history WHERE intervention_id = ${id} AND to_statut IS NULL ORDER BY id`,
    )
  ).rows.map((r) => r.note);
const completed = (wf: { phases: Record<string, { completed: boolean }> }) =>
  Object.entries(wf.phases)
    .filter(([, p]) => p.completed)
    .map(([k]) => k);

describe('diagnostic', () => {
  it('creates then replaces the one current diagnostic, with the spec toast and a history note', async () => {
    const i = await createIntervention(t.database.db);
    expect(await records(i.id)).toEqual({ diagnostic: null, planification: null, controleQualite: null });
    const first = await post(i.id, 'diagnostic', { constat: 'Fuite d’huile au joint', causes: 'Joint usé' });
    expect(first.statusCode).toBe(200);
    expect(first.json().message).toBe(MUTATION_MESSAGES.diagnostic.success);
    expect(first.json().data.diagnostic).toMatchObject({
      constat: 'Fuite d’huile au joint',
      causes: 'Joint usé',
      actionsRecommandees: null,
      gravite: 'MOYENNE',
      auteur: { nom: expect.any(String) },
    });
    const second = await post(i.id, 'diagnostic', {
      constat: 'Fuite confirmée',
      actionsRecommandees: 'Remplacer le joint',
      gravite: 'ELEVEE',
      causes: '',
    });
    expect(second.json().data.diagnostic).toMatchObject({
      constat: 'Fuite confirmée',
      causes: null,
      gravite: 'ELEVEE',
    });
    const count = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM intervention_diagnostics WHERE intervention_id = ${i.id}`,
    );
    expect(count.rows[0].n).toBe(1);
    expect(await notes(i.id)).toEqual([RECORD_MESSAGES.historyDiagnostic, RECORD_MESSAGES.historyDiagnostic]);
  });

  it('validates (400 with the French message) and refuses a cancelled intervention (422)', async () => {
    const i = await createIntervention(t.database.db);
    const res = await post(i.id, 'diagnostic', { constat: '  ' });
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json())).toContain(RECORD_MESSAGES.constatRequired);
    expect((await post(i.id, 'diagnostic', { constat: 'x', gravite: 'ENORME' })).statusCode).toBe(400);
    const cancelled = await createIntervention(t.database.db, { statut: 'ANNULEE' });
    const refused = await post(cancelled.id, 'diagnostic', { constat: 'x' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(RECORD_MESSAGES.cancelledForDiagnostic);
    expect(await notes(cancelled.id)).toEqual([]);
    expect((await post(999_999, 'diagnostic', { constat: 'x' })).statusCode).toBe(404);
  });
});

describe('planification', () => {
  it('stores date, exact duration, parts and instructions and assigns the technician in the same transaction', async () => {
    const tech = await createUser(t.database.db, { nom: 'Omar Fassi' });
    const i = await createIntervention(t.database.db);
    const res = await post(
      i.id,
      'planification',
      { datePrevue: '2026-12-01', dureeEstimee: '2,5', technicianId: tech.id, piecesNecessaires: 'Joint torique' },
      'PUT',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MUTATION_MESSAGES.planning.success);
    expect(res.json().data.planification).toMatchObject({
      datePrevue: '2026-12-01',
      dureeEstimee: '2.50',
      technician: { id: tech.id, nom: 'Omar Fassi' },
      piecesNecessaires: 'Joint torique',
      instructions: null,
    });
    const detail = (await t.as(admin, { method: 'GET', url: `/api/interventions/${i.id}` })).json().data;
    expect(detail.technician).toEqual({ id: tech.id, nom: 'Omar Fassi' });
    expect(await notes(i.id)).toEqual([
      ASSIGNMENT_MESSAGES.historyAssigned('Omar Fassi'),
      RECORD_MESSAGES.historyPlanification('01/12/2026'),
    ]);
    // technicianId null unassigns; absent keeps the assignee
    await post(i.id, 'planification', { datePrevue: '2026-12-02' }, 'PUT');
    expect((await records(i.id)).planification.technician).toEqual({ id: tech.id, nom: 'Omar Fassi' });
    await post(i.id, 'planification', { datePrevue: '2026-12-02', technicianId: null }, 'PUT');
    expect((await records(i.id)).planification.technician).toBeNull();
  });

  it('rolls everything back when the technician is not assignable, and refuses closed interventions', async () => {
    const disabled = await createUser(t.database.db, { enabled: false });
    const i = await createIntervention(t.database.db);
    const res = await post(i.id, 'planification', { datePrevue: '2026-12-01', technicianId: disabled.id }, 'PUT');
    expect(res.statusCode).toBe(422);
    expect((await records(i.id)).planification).toBeNull();
    expect(await notes(i.id)).toEqual([]);
    for (const bad of [
      { datePrevue: '' },
      { datePrevue: '2026-12-01', dureeEstimee: '0' },
      { datePrevue: '2026-12-01', dureeEstimee: '1.234' },
    ]) {
      expect((await post(i.id, 'planification', bad, 'PUT')).statusCode).toBe(400);
    }
    const done = await createIntervention(t.database.db, { statut: 'TERMINEE' });
    const closed = await post(done.id, 'planification', { datePrevue: '2026-12-01' }, 'PUT');
    expect(closed.statusCode).toBe(422);
    expect(closed.json().message).toBe(RECORD_MESSAGES.closedForPlanning);
  });
});

describe('contrôle qualité', () => {
  it('needs started or finished work, records the controller and defaults the date to today', async () => {
    const planned = await createIntervention(t.database.db);
    const refused = await post(planned.id, 'controle-qualite', { resultat: 'CONFORME' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(RECORD_MESSAGES.qualityControlNotStarted);

    const done = await createIntervention(t.database.db, { statut: 'TERMINEE' });
    const res = await post(done.id, 'controle-qualite', { resultat: 'NON_CONFORME', observations: 'Vibrations' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(MUTATION_MESSAGES.qualityControl.success);
    const qc = res.json().data.controleQualite;
    expect(qc).toMatchObject({
      resultat: 'NON_CONFORME',
      observations: 'Vibrations',
      controlePar: { nom: expect.any(String) },
    });
    expect(qc.controleLe).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await notes(done.id)).toEqual([RECORD_MESSAGES.historyQualityControl('Non conforme')]);
    expect((await workflow(done.id)).nextActions[0]).toMatch(/non conforme/);

    await post(done.id, 'controle-qualite', { resultat: 'CONFORME', controleLe: '2026-01-15' });
    expect((await records(done.id)).controleQualite).toMatchObject({ resultat: 'CONFORME', controleLe: '2026-01-15' });
    expect((await post(done.id, 'controle-qualite', { resultat: 'PEUT-ETRE' })).statusCode).toBe(400);
    const future = await post(done.id, 'controle-qualite', { resultat: 'CONFORME', controleLe: '2099-01-01' });
    expect(future.statusCode).toBe(422);
    expect(future.json().message).toBe(RECORD_MESSAGES.controleLeFuture);
  });

  it('needs interventions:update to write, interventions:read to read', async () => {
    await createRole(t.database.db, 'Lecteur records', ['interventions:read']);
    const reader = await createUser(t.database.db, { role: 'Lecteur records' });
    const { token } = await t.login(reader.username, reader.password);
    const i = await createIntervention(t.database.db, { statut: 'EN_COURS' });
    expect((await post(i.id, 'diagnostic', { constat: 'x' }, 'POST', token)).statusCode).toBe(403);
    expect((await post(i.id, 'planification', { datePrevue: '2026-12-01' }, 'PUT', token)).statusCode).toBe(403);
    expect((await post(i.id, 'controle-qualite', { resultat: 'CONFORME' }, 'POST', token)).statusCode).toBe(403);
    const read = await t.as(token, { method: 'GET', url: `/api/interventions/${i.id}/records` });
    expect(read.statusCode).toBe(200);
  });
});

describe('workflow phases follow the records', () => {
  it('planning completes planification; a diagnostic then completes préparation; the status does the rest', async () => {
    const tech = await createUser(t.database.db);
    const i = await createIntervention(t.database.db);
    expect(completed(await workflow(i.id))).toEqual([]);
    expect((await workflow(i.id)).nextActions).toContain('Affecter un technicien');

    await post(i.id, 'diagnostic', { constat: 'Disjoncteur défectueux' });
    expect(completed(await workflow(i.id))).toEqual([]); // a diagnostic alone does not plan the work

    await post(i.id, 'planification', { datePrevue: '2026-12-01', technicianId: tech.id }, 'PUT');
    const wf = await workflow(i.id);
    expect(completed(wf)).toEqual(['planification', 'preparation']);
    expect(wf.phases.planification.completedAt).not.toBeNull();
    expect(wf.nextActions).not.toContain('Affecter un technicien');

    // waiting for spare parts: preparation is not done, whatever the diagnostic says (the wait needs a part request)
    const part = await t.as(admin, {
      method: 'POST',
      url: '/api/parts',
      payload: { reference: `PDR-${i.id}`, designation: 'Roulement', unite: 'u', prix_unitaire: 10 },
    });
    const request = await t.as(admin, {
      method: 'POST',
      url: `/api/interventions/${i.id}/part-requests`,
      payload: {
        lignes: [{ part_id: part.json().data.id, quantite: 1 }],
        fournisseur: 'SKF',
        date_commande: '2026-11-20',
      },
    });
    expect(request.statusCode).toBe(201);
    await t.as(admin, {
      method: 'PUT',
      url: `/api/interventions/${i.id}/status`,
      payload: { statut: 'EN_ATTENTE_PDR' },
    });
    expect(completed(await workflow(i.id))).toEqual(['planification']);
  });

  it('a finished intervention without quality control asks for one', async () => {
    const i = await createIntervention(t.database.db, { statut: 'TERMINEE' });
    expect((await workflow(i.id)).nextActions[0]).toBe('Effectuer le contrôle qualité');
  });
});
