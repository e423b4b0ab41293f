import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createEquipment, createIntervention, createRole, createUser } from './helpers/factories.ts';
import { memoryStorage } from './helpers/signature-files.ts';

/**
 * Issue 34: the consignation routes (record, attestation PDF) × every kind of user, written out on objects that
 * exist: the declared permission, then the object-level rule — writing is for the intervention's creator, its
 * technician or a responsable.
 */
let t: TestApp;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};
const names = ['Administrateur', 'Responsable', 'Technicien', 'Consultation', 'Aucun droit'] as const;
let chargeId = 0;

beforeAll(async () => {
  t = await createTestApp({ deps: { storage: memoryStorage() } });
  await createRole(t.database.db, 'Aucun droit', []);
  for (const role of names) {
    const u = await createUser(t.database.db, { role });
    ids[role] = u.id;
    tokens[role] = (await t.login(u.username, u.password)).token;
  }
  const charge = await createUser(t.database.db, { role: 'Technicien', nom: 'Chargé HC' });
  await t.database.db.execute(sql`INSERT INTO habilitations (user_id, symbole, domaine, delivree_le, valide_jusqu_au,
    signataire) VALUES (${charge.id}, 'HC', 'HTA', '2020-01-01', '2099-12-31', 'M. B')`);
  chargeId = charge.id;
});
afterAll(() => t.close());

const OK = 200;
const NO = 403;
const body = () => ({
  charge_consignation_id: chargeId,
  charge_travaux_id: chargeId,
  etapes: [{ etape: 'SEPARATION', fait_le: '2026-12-01T08:00:00Z', par_id: chargeId }],
});
/** A consignation job; `mine`: assigned to the technician. */
async function job(mine = true) {
  const e = await createEquipment(t.database.db, { domaineTension: 'HTA', exigences: [] });
  const i = await createIntervention(t.database.db, {
    equipementId: e.id,
    clientId: e.proprietaireId,
    typeTravail: 'CONSIGNATION',
    ...(mine ? { technicianId: ids.Technicien } : {}),
  });
  return i.id;
}
async function recorded() {
  const id = await job();
  const res = await t.as(tokens.Administrateur!, {
    method: 'PUT',
    url: `/api/interventions/${id}/consignation`,
    payload: body(),
  });
  expect(res.statusCode, res.body).toBe(OK);
  return id;
}

describe('consignation routes × users (issue 34)', () => {
  type Row = [string, () => Promise<string>, (() => object) | null, number[]];
  const rows: Row[] = [
    ['GET', async () => `/api/interventions/${await recorded()}/consignation`, null, [OK, OK, OK, OK, NO]],
    ['PUT', async () => `/api/interventions/${await job()}/consignation`, body, [OK, OK, OK, NO, NO]],
    // object level: the technician writes only the consignation of his own interventions
    ['PUT', async () => `/api/interventions/${await job(false)}/consignation`, body, [OK, OK, NO, NO, NO]],
    ['GET', async () => `/api/interventions/${await recorded()}/consignation/pdf`, null, [OK, OK, OK, OK, NO]],
  ];

  it('answers each kind of user as the declared access and the object-level rules say', async () => {
    const got: string[] = [];
    const want: string[] = [];
    for (const [method, url, payload, statuses] of rows) {
      for (const [i, name] of names.entries()) {
        const target = await url();
        const res = await t.as(tokens[name]!, {
          method: method as 'GET',
          url: target,
          ...(payload ? { payload: payload() } : {}),
        });
        got.push(`${name} ${method} ${target.replace(/\d+/g, ':id')} → ${res.statusCode}`);
        want.push(`${name} ${method} ${target.replace(/\d+/g, ':id')} → ${statuses[i]}`);
      }
    }
    expect(got).toEqual(want);
  });

  it('declares the routes with these accesses; the PDF of an intervention without record is a 404', async () => {
    const access = (method: string, url: string) =>
      t.app.routeAccess.find((r) => r.method === method && r.url === url)?.access;
    expect(access('GET', '/api/interventions/:id/consignation/pdf')).toEqual({ permission: 'interventions:read' });
    const res = await t.as(tokens.Administrateur!, {
      method: 'GET',
      url: `/api/interventions/${await job()}/consignation/pdf`,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Aucune consignation enregistrée pour cette intervention');
  });
});
