import { CLIENT_MESSAGES } from '@gmao/domain/clients/client-constants';
import { STOCK_MESSAGES } from '@gmao/domain/stock/stock-schemas';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers/app.ts';
import { createUser } from './helpers/factories.ts';
import { useStockFixtures } from './helpers/stock-fixtures.ts';

/**
 * Spare parts and stock (issue 18): the catalogue, the stock settings and the movements. Stock used by interventions
 * (reservations, part requests, waiting time) is in stock-interventions.test.ts.
 */
const { fixtures, newPart, move, detail, newLocation } = useStockFixtures();
let t: TestApp;
let admin: string;
let central: number;

beforeAll(() => {
  ({ t, admin, central } = fixtures);
});

describe('catalogue', () => {
  it('creates, searches by reference or words, pages, refuses a duplicate reference, updates and deletes', async () => {
    const a = await newPart({ reference: 'FLT-100', designation: 'Filtre à huile moteur', famille: 'Filtres' });
    await newPart({ reference: 'FLT-200', designation: 'Filtre à air' });
    const dup = await t.as(admin, {
      method: 'POST',
      url: '/api/parts',
      payload: { reference: 'FLT-100', designation: 'x', unite: 'u', prix_unitaire: 1 },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(STOCK_MESSAGES.referenceTaken);
    const search = async (q: string) =>
      (await t.as(admin, { method: 'GET', url: `/api/parts?search=${encodeURIComponent(q)}&limit=1` })).json();
    expect((await search('flt-1')).data.map((p: { reference: string }) => p.reference)).toEqual(['FLT-100']);
    expect((await search('huile filtre')).data[0].reference).toBe('FLT-100');
    const paged = await search('filtre');
    expect(paged.pagination).toEqual({ total: 2, pages: 2, page: 1, limit: 1 });
    const put = await t.as(admin, {
      method: 'PUT',
      url: `/api/parts/${a.id}`,
      payload: { reference: 'FLT-100', designation: 'Filtre à huile', unite: 'u', prix_unitaire: 30, seuil_reappro: 2 },
    });
    expect(put.json().data).toMatchObject({ designation: 'Filtre à huile', prix_unitaire: 30, seuil_reappro: 2 });
    expect((await t.as(admin, { method: 'DELETE', url: `/api/parts/${a.id}` })).statusCode).toBe(200);
    expect((await t.as(admin, { method: 'GET', url: `/api/parts/${a.id}` })).statusCode).toBe(404);
  });

  it('keeps suppliers with ICE, contact and lead time; a bad ICE is a 400; the purchase list names the first', async () => {
    const skf = { nom: 'SKF Maroc', ice: '001 234 567 000 089', contact: 'M. Alami 0522 00 00 00', delai_jours: 7 };
    const p = await newPart({ seuil_reappro: 5, fournisseurs: [skf, { nom: 'FAG' }] });
    const saved = [
      { nom: 'SKF Maroc', ice: '001234567000089', contact: 'M. Alami 0522 00 00 00', delai_jours: 7 },
      { nom: 'FAG', ice: null, contact: null, delai_jours: null },
    ];
    expect((await detail(p.id)).fournisseurs).toEqual(saved);
    const suggestion = (await t.as(admin, { method: 'GET', url: '/api/stock/suggestions' }))
      .json()
      .data.find((s: { part_id: number }) => s.part_id === p.id);
    expect(suggestion).toMatchObject({ fournisseur: 'SKF Maroc', delai_jours: 7 });
    const current = await detail(p.id);
    const body = { reference: current.reference, designation: current.designation, unite: 'u', prix_unitaire: 12.5 };
    const bad = await t.as(admin, {
      method: 'PUT',
      url: `/api/parts/${p.id}`,
      payload: {
        ...body,
        fournisseurs: [
          { nom: 'Hutchinson', ice: '12345' },
          { nom: ' ', delai_jours: -1 },
        ],
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { msg: string }) => d.msg)).toEqual(
      expect.arrayContaining([
        CLIENT_MESSAGES.iceInvalid,
        STOCK_MESSAGES.fournisseurNomRequired,
        STOCK_MESSAGES.delaiInvalid,
      ]),
    );
    expect((await detail(p.id)).fournisseurs).toEqual(saved);
    // a name alone is still accepted (the body before suppliers had details)
    const put = await t.as(admin, {
      method: 'PUT',
      url: `/api/parts/${p.id}`,
      payload: { ...body, fournisseurs: ['Hutchinson', { nom: 'SKF Maroc', delai_jours: '3' }] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.fournisseurs).toEqual([
      { nom: 'Hutchinson', ice: null, contact: null, delai_jours: null },
      { nom: 'SKF Maroc', ice: null, contact: null, delai_jours: 3 },
    ]);
    // without suppliers in the body, the part has none
    const none = await t.as(admin, { method: 'PUT', url: `/api/parts/${p.id}`, payload: body });
    expect(none.json().data.fournisseurs).toEqual([]);
  });

  it('a technician reads the stock but may not move it', async () => {
    const tech = await createUser(t.database.db);
    const { token } = await t.login(tech.username, tech.password);
    expect((await t.as(token, { method: 'GET', url: '/api/parts' })).statusCode).toBe(200);
    const p = await newPart();
    expect(
      (await move({ part_id: p.id, location_id: central, type: 'RECEPTION', quantite: 1 }, token)).statusCode,
    ).toBe(403);
  });
});

describe('settings', () => {
  it('negative stock is refused until a manager allows it (audited); a technician reads the setting only', async () => {
    const settings = (token = admin) => t.as(token, { method: 'GET', url: '/api/stock/settings' });
    const put = (allow_negative: boolean, token = admin) =>
      t.as(token, { method: 'PUT', url: '/api/stock/settings', payload: { allow_negative } });
    expect((await settings()).json().data).toEqual({ allow_negative: false });
    const p = await newPart();
    const out = { part_id: p.id, location_id: central, type: 'SORTIE', quantite: 2 };
    expect((await move(out)).statusCode).toBe(409);

    const tech = await createUser(t.database.db);
    const { token } = await t.login(tech.username, tech.password);
    expect((await settings(token)).statusCode).toBe(200);
    expect((await put(true, token)).statusCode).toBe(403);
    expect((await put(true)).json()).toMatchObject({
      data: { allow_negative: true },
      message: 'Paramètres du stock enregistrés',
    });
    try {
      expect((await move(out)).statusCode).toBe(201);
      expect((await detail(p.id)).stock.total).toEqual({ on_hand: -2, reserved: 0, available: -2 });
      const audit = await t.database.db.execute<{ summary: string }>(
        sql`SELECT summary FROM audit_log WHERE action = 'stock.settings' ORDER BY id DESC LIMIT 1`,
      );
      expect(audit.rows[0]?.summary).toBe('Stock négatif autorisé');
    } finally {
      expect((await put(false)).statusCode).toBe(200);
    }
    expect((await move({ ...out, quantite: 1 })).statusCode).toBe(409);
  });
});

describe('movements', () => {
  it('two concurrent issues of the last unit: one 201, one 409 « Stock insuffisant »', async () => {
    const p = await newPart();
    expect((await move({ part_id: p.id, location_id: central, type: 'RECEPTION', quantite: 1 })).statusCode).toBe(201);
    const out = { part_id: p.id, location_id: central, type: 'SORTIE', quantite: 1 };
    const results = await Promise.all([move(out), move(out)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = results.find((r) => r.statusCode === 409)!;
    expect(refused.json().message).toMatch(/^Stock insuffisant/);
    expect((await detail(p.id)).stock.total).toEqual({ on_hand: 0, reserved: 0, available: 0 });
  });

  it('transfer writes two ledger rows; adjustment needs a motif; the detail shows stock per location', async () => {
    const p = await newPart();
    const van = await newLocation('Véhicule test');
    await move({ part_id: p.id, location_id: central, type: 'RECEPTION', quantite: 10 });
    const noDest = await move({ part_id: p.id, location_id: central, type: 'TRANSFERT', quantite: 3 });
    expect(noDest.statusCode).toBe(400);
    const tr = await move({
      part_id: p.id,
      location_id: central,
      type: 'TRANSFERT',
      quantite: 3,
      location_dest_id: van,
    });
    expect(tr.statusCode).toBe(201);
    expect(
      tr
        .json()
        .data.map((m: { quantite: number }) => m.quantite)
        .sort(),
    ).toEqual([-3, 3]);
    const noMotif = await move({ part_id: p.id, location_id: van, type: 'AJUSTEMENT', quantite: -1 });
    expect(noMotif.statusCode).toBe(400);
    expect(JSON.stringify(noMotif.json())).toContain(STOCK_MESSAGES.motifRequired);
    const adj = await move({ part_id: p.id, location_id: van, type: 'AJUSTEMENT', quantite: -1, motif: 'Inventaire' });
    expect(adj.statusCode).toBe(201);
    const d = await detail(p.id);
    expect(d.stock.total).toEqual({ on_hand: 9, reserved: 0, available: 9 });
    const byLoc = Object.fromEntries(
      d.stock.locations.map((l: { location_id: number; on_hand: number }) => [l.location_id, l.on_hand]),
    );
    expect(byLoc).toEqual({ [central]: 7, [van]: 2 });
    const ledger = (await t.as(admin, { method: 'GET', url: `/api/stock/movements?part_id=${p.id}` })).json();
    expect(ledger.pagination.total).toBe(4);
    // the audit log has the movements
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM audit_log WHERE action = 'stock.movement' AND entity_id = ${String(p.id)}`,
    );
    expect(rows[0].n).toBe(3);
  });

  it('the ledger cannot be updated or deleted (trigger)', async () => {
    const p = await newPart();
    await move({ part_id: p.id, location_id: central, type: 'RECEPTION', quantite: 2 });
    await expect(
      t.database.db.execute(sql`UPDATE stock_movements SET quantite = 5 WHERE part_id = ${p.id}`),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`DELETE FROM stock_movements WHERE part_id = ${p.id}`)).rejects.toThrow();
    const { rows } = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM stock_movements WHERE part_id = ${p.id} AND quantite = 2`,
    );
    expect(rows[0].n).toBe(1);
  });

  it('property: on hand always equals the sum of the ledger and is never negative', async () => {
    const p = await newPart();
    const second = await newLocation('Magasin propriété');
    const step = fc.record({
      type: fc.constantFrom('RECEPTION', 'SORTIE', 'TRANSFERT', 'AJUSTEMENT', 'RETOUR'),
      quantite: fc.integer({ min: 1, max: 5 }),
      sign: fc.boolean(),
      from: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        for (const s of steps) {
          const [from, to] = s.from ? [central, second] : [second, central];
          const res = await move({
            part_id: p.id,
            location_id: from,
            type: s.type,
            quantite: s.type === 'AJUSTEMENT' && s.sign ? -s.quantite : s.quantite,
            motif: 'Propriété',
            location_dest_id: s.type === 'TRANSFERT' ? to : undefined,
          });
          expect([201, 409]).toContain(res.statusCode);
        }
        const { rows } = await t.database.db.execute<{
          location_id: number;
          on_hand: string;
          ledger: string | null;
        }>(sql`
          SELECT l.location_id, l.on_hand::text,
                 (SELECT sum(quantite) FROM stock_movements m
                  WHERE m.part_id = l.part_id AND m.location_id = l.location_id)::text AS ledger
          FROM stock_levels l WHERE l.part_id = ${p.id}`);
        for (const r of rows) {
          expect(Number(r.on_hand)).toBe(Number(r.ledger ?? 0));
          expect(Number(r.on_hand)).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 15 },
    );
  });
});
