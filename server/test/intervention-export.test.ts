import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createClient, createEquipment, createIntervention, createUser } from './helpers/factories.ts';

let t: TestApp;
let admin: string;
let ids: { a: number; b: number; hidden: number };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const client = await createClient(t.database.db, { nomEntreprise: 'Export Énergie SA' });
  const eq = await createEquipment(t.database.db, { nom: 'Poste Export', proprietaireId: client.id });
  const a = await createIntervention(t.database.db, {
    equipementId: eq.id,
    date: '2026-02-01',
    description: 'Mesure; "isolement"',
    urgence: true,
  });
  const b = await createIntervention(t.database.db, { equipementId: eq.id, date: '2026-02-03', statut: 'EN_COURS' });
  const hidden = await createIntervention(t.database.db, {
    equipementId: eq.id,
    date: '2026-02-04',
    archivedAt: new Date(),
  });
  ids = { a: a.id, b: b.id, hidden: hidden.id };
});
afterAll(() => t.close());

const csvLines = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');

describe('GET /api/interventions/export/csv', () => {
  it('streams a BOM, ;-separated CSV of the filtered list, newest first, hidden rows excluded', async () => {
    const res = await t.as(admin, { method: 'GET', url: '/api/interventions/export/csv?search=Poste%20Export' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=interventions_\d{4}-\d{2}-\d{2}\.csv$/);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = csvLines(res.body);
    expect(lines[0]).toBe(
      "N°;Date;Client;Ville;Équipement;Type d'équipement;Statut;Urgence;Technicien;Description;Début;Fin;Créée par",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1].startsWith(`${ids.b};03/02/2026;Export Énergie SA;`)).toBe(true);
    expect(lines[1]).toContain(';En Cours;Non;');
    expect(lines[2]).toContain(';Oui;;"Mesure; ""isolement""";');
  });

  it('applies the list filters (statut, urgence, dates)', async () => {
    const get = async (q: string) =>
      csvLines(
        (await t.as(admin, { method: 'GET', url: `/api/interventions/export/csv?search=Poste%20Export&${q}` })).body,
      );
    expect(await get('statut=EN_COURS')).toHaveLength(2);
    expect((await get('urgence=true'))[1].startsWith(`${ids.a};`)).toBe(true);
    expect(await get('dateFrom=2026-02-02&dateTo=2026-02-28')).toHaveLength(2);
    expect(await get('statut=TERMINEE')).toHaveLength(1);
    const archived = await get('scope=archived');
    expect(archived).toHaveLength(2);
    expect(archived[1].startsWith(`${ids.hidden};`)).toBe(true);
  });

  it('rejects invalid filters with 400', async () => {
    const res = await t.as(admin, { method: 'GET', url: '/api/interventions/export/csv?statut=NOPE' });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/interventions/export/pdf', () => {
  it('returns a PDF of the filtered list, also when nothing matches', async () => {
    for (const q of ['search=Poste%20Export', 'search=zzz-nothing']) {
      const res = await t.as(admin, { method: 'GET', url: `/api/interventions/export/pdf?${q}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(/filename=interventions_\d{4}-\d{2}-\d{2}\.pdf$/);
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });
});

describe('access', () => {
  it('needs interventions:read', async () => {
    const nobody = await createUser(t.database.db, { role: null });
    const viewer = await createUser(t.database.db, { role: 'Consultation' });
    const nobodyToken = (await t.login(nobody.username, nobody.password)).token;
    const viewerToken = (await t.login(viewer.username, viewer.password)).token;
    for (const f of ['csv', 'pdf']) {
      const url = `/api/interventions/export/${f}`;
      expect((await t.as(nobodyToken, { method: 'GET', url })).statusCode).toBe(403);
      expect((await t.as(viewerToken, { method: 'GET', url })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
