import { afterAll, beforeAll, expect } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';

/** The app of the stock tests (stock.test.ts, stock-interventions.test.ts). */
export interface StockFixtures {
  t: TestApp;
  /** The seeded administrator's token. */
  admin: string;
  /** The id of the « Magasin central » location. */
  central: number;
}

/**
 * The per-file set-up of the stock tests: registers the hooks that build a fresh app before the tests and close it
 * after them, and returns the requests the tests repeat (as the administrator unless told). Call it at the top level
 * of a test file; `fixtures` is filled in beforeAll.
 */
export function useStockFixtures() {
  const fixtures = {} as StockFixtures;
  beforeAll(async () => {
    const t = await createTestApp();
    const admin = await t.adminToken();
    const locations = (await t.as(admin, { method: 'GET', url: '/api/stock/locations' })).json().data;
    const central = locations.find((l: { nom: string }) => l.nom === 'Magasin central').id;
    Object.assign(fixtures, { t, admin, central });
  });
  afterAll(() => fixtures.t?.close());

  let n = 0;
  async function newPart(extra: object = {}) {
    const { t, admin } = fixtures;
    n += 1;
    const res = await t.as(admin, {
      method: 'POST',
      url: '/api/parts',
      payload: {
        reference: `REF-${n}`,
        designation: `Roulement SKF ${n}`,
        unite: 'u',
        prix_unitaire: '12.50',
        ...extra,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { id: number };
  }
  const move = (payload: object, token = fixtures.admin) =>
    fixtures.t.as(token, { method: 'POST', url: '/api/stock/movements', payload });
  const detail = async (id: number) =>
    (await fixtures.t.as(fixtures.admin, { method: 'GET', url: `/api/parts/${id}` })).json().data;
  async function newLocation(nom: string) {
    const { t, admin } = fixtures;
    const res = await t.as(admin, { method: 'POST', url: '/api/stock/locations', payload: { nom, type: 'MAGASIN' } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.id as number;
  }
  const status = (id: number, statut: string) =>
    fixtures.t.as(fixtures.admin, { method: 'PUT', url: `/api/interventions/${id}/status`, payload: { statut } });

  return { fixtures, newPart, move, detail, newLocation, status };
}
