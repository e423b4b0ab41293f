import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createClient, createEquipment, createIntervention, createUser } from './helpers/factories.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
const get = (url: string, token = admin) => t.as(token, { method: 'GET', url });

describe('POST /api/interventions', () => {
  it('creates a planned intervention whose client is the equipment owner, with a history row', async () => {
    const eq = await createEquipment(t.database.db);
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/interventions',
      payload: { equipement_id: eq.id, date: '2026-03-02', description: 'Remplacement disjoncteur', urgence: true },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe(MUTATION_MESSAGES.interventionCreate.success);
    expect(body.data).toMatchObject({
      equipement_id: eq.id,
      client_id: eq.proprietaireId,
      statut: 'PLANIFIEE',
      urgence: true,
      date: '2026-03-02',
      creerPar: { nom: 'Administrateur' },
      equipement: { id: eq.id, nom: eq.nom, proprietaire: { id: eq.proprietaireId } },
    });
    const history = (await get(`/api/interventions/${body.data.id}/workflow/history`)).json().data;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ fromStatut: null, toStatut: 'PLANIFIEE', user: { nom: 'Administrateur' } });
  });

  it('rejects a client that is not the equipment owner (422) and an unknown equipment', async () => {
    const eq = await createEquipment(t.database.db);
    const other = await createClient(t.database.db);
    const mismatch = await t.as(admin, {
      method: 'POST',
      url: '/api/interventions',
      payload: { equipement_id: eq.id, client_id: other.id, date: '2026-03-02' },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().message).toBe(WORKFLOW_MESSAGES.clientMismatch);
    const unknown = await t.as(admin, {
      method: 'POST',
      url: '/api/interventions',
      payload: { equipement_id: 999999, date: '2026-03-02' },
    });
    expect(unknown.statusCode).toBe(422);
  });

  it('validates required fields with French messages', async () => {
    const res = await t.as(admin, { method: 'POST', url: '/api/interventions', payload: {} });
    expect(res.statusCode).toBe(400);
    const msgs = res.json().details.map((d: { msg: string }) => d.msg);
    expect(msgs).toContain("L'équipement est requis");
    expect(msgs).toContain('La date est requise');
  });

  it('enforces permissions: read-only users cannot create, technicians cannot delete', async () => {
    const viewer = await createUser(t.database.db, { role: 'Consultation' });
    const tech = await createUser(t.database.db, { role: 'Technicien' });
    const viewerToken = (await t.login(viewer.username, viewer.password)).token;
    const techToken = (await t.login(tech.username, tech.password)).token;
    const eq = await createEquipment(t.database.db);
    const create = (token: string) =>
      t.as(token, { method: 'POST', url: '/api/interventions', payload: { equipement_id: eq.id, date: '2026-01-01' } });
    expect((await create(viewerToken)).statusCode).toBe(403);
    expect((await get('/api/interventions', viewerToken)).statusCode).toBe(200);
    const created = (await create(techToken)).json().data;
    const del = (token: string) => t.as(token, { method: 'DELETE', url: `/api/interventions/${created.id}` });
    expect((await del(techToken)).statusCode).toBe(403);
    const ok = await del(admin);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe(MUTATION_MESSAGES.interventionDelete.success);
    expect((await get(`/api/interventions/${created.id}`)).statusCode).toBe(404);
  });
});

describe('PUT /api/interventions/:id', () => {
  it('updates fields, re-derives the client from a new equipment, and runs status changes through the workflow', async () => {
    const i = await createIntervention(t.database.db);
    const eq2 = await createEquipment(t.database.db);
    const res = await t.as(admin, {
      method: 'PUT',
      url: `/api/interventions/${i.id}`,
      payload: { equipement_id: eq2.id, description: 'Nouveau diagnostic', statut: 'EN_COURS' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      equipement_id: eq2.id,
      client_id: eq2.proprietaireId,
      description: 'Nouveau diagnostic',
      statut: 'EN_COURS',
    });
    expect(res.json().data.startedAt).not.toBeNull();
    const refused = await t.as(admin, {
      method: 'PUT',
      url: `/api/interventions/${i.id}`,
      payload: { statut: 'PLANIFIEE', description: 'ne doit pas être écrit' },
    });
    expect(refused.statusCode).toBe(422);
    const after = (await get(`/api/interventions/${i.id}`)).json().data;
    expect(after.description).toBe('Nouveau diagnostic');
  });
});

describe('GET /api/interventions filters', () => {
  let clientA: number;
  let eqA: number;
  let eqB: number;
  beforeAll(async () => {
    const db = t.database.db;
    const a = await createClient(db, { nomEntreprise: 'Cimenterie Atlas Filtre' });
    const b = await createClient(db, { nomEntreprise: 'Textile Rif Filtre' });
    clientA = a.id;
    eqA = (await createEquipment(db, { proprietaireId: a.id, nom: 'Groupe électrogène Caterpillar' })).id;
    eqB = (await createEquipment(db, { proprietaireId: b.id, nom: 'Compresseur Atlas Copco' })).id;
    await createIntervention(db, { equipementId: eqA, date: daysAgo(40), statut: 'PLANIFIEE', urgence: true });
    await createIntervention(db, { equipementId: eqA, date: daysAgo(35), statut: 'TERMINEE', description: 'Vidange' });
    await createIntervention(db, { equipementId: eqA, date: daysAgo(5), statut: 'EN_COURS' });
    await createIntervention(db, { equipementId: eqB, date: daysAgo(50), statut: 'EN_PAUSE', urgence: true });
    await createIntervention(db, {
      equipementId: eqB,
      date: daysAgo(1),
      statut: 'PLANIFIEE',
      description: 'Fuite huile',
    });
  });
  const list = async (q: string) => {
    const res = await get(`/api/interventions?${q}`);
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const scoped = `client_id=`;

  it('filters by client and equipment, newest first, rows with equipment owner and creator', async () => {
    const body = await list(`${scoped}${clientA}`);
    expect(body.pagination).toEqual({ total: 3, pages: 1, page: 1, limit: 10 });
    expect(body.data.map((r: { date: string }) => r.date)).toEqual([daysAgo(5), daysAgo(35), daysAgo(40)]);
    expect(body.data[0].equipement.proprietaire.nom_entreprise).toBe('Cimenterie Atlas Filtre');
    expect((await list(`equipement_id=${eqB}`)).pagination.total).toBe(2);
  });

  it('filters by status, urgency and date range', async () => {
    expect((await list(`${scoped}${clientA}&statut=TERMINEE`)).data).toHaveLength(1);
    expect((await list(`equipement_id=${eqB}&urgence=true`)).data).toHaveLength(1);
    expect((await list(`equipement_id=${eqB}&urgence=false`)).data[0].description).toBe('Fuite huile');
    const range = await list(`${scoped}${clientA}&dateFrom=${daysAgo(36)}&dateTo=${daysAgo(4)}`);
    expect(range.data.map((r: { date: string }) => r.date)).toEqual([daysAgo(5), daysAgo(35)]);
  });

  it('searches description, equipment and client names', async () => {
    expect((await list('search=vidange')).data.map((r: { equipement_id: number }) => r.equipement_id)).toEqual([eqA]);
    expect((await list('search=caterpillar')).pagination.total).toBe(3);
    expect((await list('search=Textile%20Rif')).pagination.total).toBe(2);
    expect((await list('search=Atlas')).pagination.total).toBe(5); // client of A, equipment of B
    expect((await list('search=100%25')).pagination.total).toBe(0);
  });

  it('overdue = open and dated more than `days` ago (default 30)', async () => {
    const overdue = await list('search=Filtre&overdue=true');
    expect(overdue.data.map((r: { date: string }) => r.date).sort()).toEqual([daysAgo(50), daysAgo(40)].sort());
    expect((await list('search=Filtre&overdue=true&days=45')).pagination.total).toBe(1);
    expect((await list('search=Filtre&overdue=true&days=2')).pagination.total).toBe(3);
  });

  it('combines filters and pages with SQL totals', async () => {
    const combined = await list(`search=Filtre&urgence=true&overdue=true&statut=EN_PAUSE`);
    expect(combined.data).toHaveLength(1);
    expect(combined.data[0].equipement_id).toBe(eqB);
    const page1 = await list('search=Filtre&limit=2&page=1');
    const page3 = await list('search=Filtre&limit=2&page=3');
    expect(page1.pagination).toEqual({ total: 5, pages: 3, page: 1, limit: 2 });
    expect(page1.data).toHaveLength(2);
    expect(page3.data).toHaveLength(1);
  });

  it('rejects an unknown status in the query', async () => {
    expect((await get('/api/interventions?statut=FOO')).statusCode).toBe(400);
  });

  it('GET /status-counts counts per status with the same filters', async () => {
    const res = await get('/api/interventions/status-counts?search=Filtre');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      total: 5,
      urgent: 2,
      overdue: 2,
      statuts: { PLANIFIEE: 2, EN_ATTENTE_PDR: 0, EN_COURS: 1, EN_PAUSE: 1, TERMINEE: 1, ANNULEE: 0, ECHEC: 0 },
    });
  });
});
