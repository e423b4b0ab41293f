import { CONSIGNATION_MESSAGES as M } from '@gmao/domain/habilitations/consignation';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createEquipment, createIntervention, createUser } from './helpers/factories.ts';
import { pdfText } from './helpers/pdf-text.ts';
import { memoryStorage, signaturePng } from './helpers/signature-files.ts';

/** Issue 34: the attestation's two signatures stored through the file storage, and its printable PDF. */
let t: TestApp;
let admin: string;
const storage = memoryStorage();
beforeAll(async () => {
  t = await createTestApp({ deps: { storage } });
  admin = await t.adminToken();
});
afterAll(() => t.close());
const db = () => t.database.db;
const as = (method: 'GET' | 'PUT', url: string, payload?: object) => t.as(admin, { method, url, payload });

async function holder(nom: string) {
  const u = await createUser(db(), { role: 'Technicien', nom });
  await db().execute(sql`INSERT INTO habilitations (user_id, symbole, domaine, delivree_le, valide_jusqu_au, signataire)
    VALUES (${u.id}, 'HC', 'HTA', '2020-01-01', '2099-12-31', 'M. B')`);
  return u;
}
const step = (etape: string, par: number, minute: number, extra: object = {}) => ({
  etape,
  par_id: par,
  fait_le: `2026-12-01T08:${String(minute).padStart(2, '0')}:00Z`,
  ...extra,
});
const five = (p: number) => [
  step('SEPARATION', p, 1),
  step('CONDAMNATION', p, 2, { cadenas: 'C-0042' }),
  step('IDENTIFICATION', p, 3),
  step('VAT', p, 4, { detecteur_teste_avant: true, detecteur_teste_apres: true }),
  step('MALT', p, 5),
];
const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;

describe('the consignation attestation', () => {
  it('stores both signature images, links them, and prints the numbered attestation', async () => {
    const hc = await holder('Karim Chargé');
    const e = await createEquipment(db(), { domaineTension: 'HTA', exigences: [] });
    const i = await createIntervention(db(), {
      equipementId: e.id,
      clientId: e.proprietaireId,
      date: '2026-12-01',
      typeTravail: 'CONSIGNATION',
    });
    const url = `/api/interventions/${i.id}/consignation`;
    expect((await as('GET', `${url}/pdf`)).statusCode).toBe(404);
    const body = { charge_consignation_id: hc.id, charge_travaux_id: hc.id, etapes: five(hc.id) };
    const blank = await as('PUT', url, {
      ...body,
      signature_charge_consignation: dataUrl(signaturePng({ stroke: false })),
    });
    expect(blank.statusCode).toBe(400);
    expect(storage.files.size).toBe(0);
    const before = storage.files.size;
    const res = await as('PUT', url, {
      ...body,
      signature_charge_consignation: dataUrl(signaturePng()),
      signature_charge_travaux: dataUrl(signaturePng()),
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.signatures).toEqual({ charge_consignation: true, charge_travaux: true });
    expect(data.signe_charge_consignation && data.signe_charge_travaux).toBe(true);
    expect(data.attestee_le).not.toBeNull();
    expect(storage.files.size).toBe(before + 2);
    expect([...storage.files.keys()].every((k) => k.startsWith(`interventions/${i.id}/consignation/`))).toBe(true);

    const pdf = await as('GET', `${url}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain(data.numero);
    expect(text).toContain('C-0042');
    expect(text).toContain('Karim Chargé');
    expect(text).toContain("Vérification d'absence de tension");

    // Déconsignation later: the signatures stay as signed (no image sent, none replaced).
    const back = five(hc.id)
      .reverse()
      .map((s, k) => ({ ...s, fait_le: `2026-12-01T17:${String(k).padStart(2, '0')}:00Z` }));
    const release = await as('PUT', url, {
      ...body,
      signe_charge_consignation: true,
      signe_charge_travaux: true,
      deconsignation: back,
    });
    expect(release.statusCode, release.body).toBe(200);
    expect(release.json().data.signatures).toEqual({ charge_consignation: true, charge_travaux: true });
    expect(storage.files.size).toBe(before + 2);
  });

  it('a signature before the five steps is refused, nothing stored', async () => {
    const hc = await holder('Chargé Deux');
    const e = await createEquipment(db(), { domaineTension: 'HTA', exigences: [] });
    const i = await createIntervention(db(), { equipementId: e.id, clientId: e.proprietaireId, date: '2026-12-01' });
    const n = storage.files.size;
    const res = await as('PUT', `/api/interventions/${i.id}/consignation`, {
      charge_consignation_id: hc.id,
      charge_travaux_id: hc.id,
      etapes: five(hc.id).slice(0, 2),
      signature_charge_consignation: dataUrl(signaturePng()),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(M.notComplete);
    expect(storage.files.size).toBe(n);
  });

  it('offline: a consignation change of the sync batch applies by the PUT path, before the start it allows', async () => {
    const hc = await holder('Chargé Hors Ligne');
    const e = await createEquipment(db(), { domaineTension: 'HTA', exigences: [] });
    const i = await createIntervention(db(), {
      equipementId: e.id,
      clientId: e.proprietaireId,
      date: '2026-12-01',
      typeTravail: 'HORS_TENSION',
    });
    const at = new Date().toISOString();
    const consignation = {
      charge_consignation_id: hc.id,
      charge_travaux_id: hc.id,
      etapes: five(hc.id),
      signature_charge_consignation: dataUrl(signaturePng()),
      signature_charge_travaux: dataUrl(signaturePng()),
    };
    const sync = (changes: object[]) =>
      t.as(admin, { method: 'POST', url: `/api/interventions/${i.id}/sync`, payload: { baseVersion: 1, changes } });
    const badVat = five(hc.id);
    badVat[3] = step('VAT', hc.id, 4, { detecteur_teste_avant: true });
    // The schema refuses the whole batch (400) as the PUT would: nothing written.
    const refused = await sync([
      { clientId: 'c0', type: 'consignation', at, payload: { ...consignation, etapes: badVat } },
    ]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(M.detectorRequired);
    const res = await sync([
      { clientId: 'c1', type: 'consignation', at, payload: consignation },
      { clientId: 'c2', type: 'status', at, payload: { statut: 'EN_COURS' } },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.applied).toEqual(['c1', 'c2']);
    expect(res.json().data.intervention.statut).toBe('EN_COURS');
    const record = (await as('GET', `/api/interventions/${i.id}/consignation`)).json().data;
    expect(record.signatures).toEqual({ charge_consignation: true, charge_travaux: true });
    expect(record.attestee_le).not.toBeNull();
  });
});
