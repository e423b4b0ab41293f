import { MATERIAL_MESSAGES } from '@gmao/domain/interventions/messages';
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

const url = (id: number, mid?: number) => `/api/interventions/${id}/materials${mid ? `/${mid}` : ''}`;
const add = (id: number, payload: object, token = admin) => t.as(token, { method: 'POST', url: url(id), payload });
const list = async (id: number) => (await t.as(admin, { method: 'GET', url: url(id) })).json().data;

describe('materials', () => {
  it('adds lines with exact decimals; line and intervention totals are exact in MAD', async () => {
    const i = await createIntervention(t.database.db);
    expect(await list(i.id)).toEqual({ items: [], total: '0.00' });
    const a = await add(i.id, {
      designation: 'Joint torique',
      reference: 'JT-40',
      quantite: '3',
      prixUnitaire: '0.10',
    });
    expect(a.statusCode).toBe(201);
    expect(a.json().message).toBe(MATERIAL_MESSAGES.created);
    expect(a.json().data).toMatchObject({
      designation: 'Joint torique',
      reference: 'JT-40',
      quantite: '3',
      prixUnitaire: '0.10',
      total: '0.30',
    });
    // 2.5 m × 12.35 = 30.875 → 30.88 (rounded to the centime per line)
    await add(i.id, { designation: 'Câble 4 mm²', quantite: '2,5', prixUnitaire: 12.35 });
    await add(i.id, { designation: 'Roulement SKF 6205', quantite: 1, prixUnitaire: '1234567.89' });
    const data = await list(i.id);
    expect(data.items.map((m: { total: string }) => m.total)).toEqual(['0.30', '30.88', '1234567.89']);
    expect(data.total).toBe('1234599.07');
  });

  it('edits only the fields sent and deletes; both scoped to the intervention', async () => {
    const i = await createIntervention(t.database.db);
    const other = await createIntervention(t.database.db);
    const m = (await add(i.id, { designation: 'Fusible', quantite: '4', prixUnitaire: '5' })).json().data;
    const res = await t.as(admin, { method: 'PUT', url: url(i.id, m.id), payload: { quantite: '6' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: MATERIAL_MESSAGES.updated,
      data: { designation: 'Fusible', quantite: '6', prixUnitaire: '5.00', total: '30.00' },
    });
    const wrong = await t.as(admin, { method: 'PUT', url: url(other.id, m.id), payload: { quantite: '1' } });
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe(MATERIAL_MESSAGES.notFound);
    expect((await t.as(admin, { method: 'DELETE', url: url(other.id, m.id) })).statusCode).toBe(404);
    const del = await t.as(admin, { method: 'DELETE', url: url(i.id, m.id) });
    expect(del.statusCode).toBe(200);
    expect(del.json().message).toBe(MATERIAL_MESSAGES.deleted);
    expect((await list(i.id)).items).toEqual([]);
  });

  it('refuses invalid amounts (400), unknown or cancelled interventions (404/422)', async () => {
    const i = await createIntervention(t.database.db);
    const bad = [
      { designation: '', quantite: '1', prixUnitaire: '1' },
      { designation: 'x', quantite: '0', prixUnitaire: '1' },
      { designation: 'x', quantite: '1.2345', prixUnitaire: '1' },
      { designation: 'x', quantite: '1', prixUnitaire: '-1' },
      { designation: 'x', quantite: '1', prixUnitaire: '1.999' },
      { designation: 'x', quantite: 'abc', prixUnitaire: '1' },
    ];
    for (const payload of bad) expect((await add(i.id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    const ok = { designation: 'x', quantite: '1', prixUnitaire: '1' };
    expect((await add(999_999, ok)).statusCode).toBe(404);
    const cancelled = await createIntervention(t.database.db, { statut: 'ANNULEE' });
    const refused = await add(cancelled.id, ok);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(MATERIAL_MESSAGES.cancelled);
  });

  it('reading needs interventions:read, writing interventions:update', async () => {
    await createRole(t.database.db, 'Lecteur matériel', ['interventions:read']);
    const reader = await createUser(t.database.db, { role: 'Lecteur matériel' });
    const { token } = await t.login(reader.username, reader.password);
    const i = await createIntervention(t.database.db);
    expect((await t.as(token, { method: 'GET', url: url(i.id) })).statusCode).toBe(200);
    expect((await add(i.id, { designation: 'x', quantite: '1', prixUnitaire: '1' }, token)).statusCode).toBe(403);
  });
});
