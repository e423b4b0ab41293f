import { PARTS_CSV_MESSAGES } from '@gmao/domain/stock/parts-csv';
import { STOCK_MESSAGES } from '@gmao/domain/stock/stock-schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createUser } from './helpers/factories.ts';

/** The parts catalogue as CSV (issue 18): export, and an all-or-nothing import with per-line French errors. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const HEADER =
  "Référence;Désignation;Famille;Unité;Prix unitaire (MAD);Seuil de réapprovisionnement;Quantité de réapprovisionnement;Fournisseurs;Types d'équipement;En stock;Réservé;Disponible";
const importCsv = (contenu: string, token = admin) =>
  t.as(token, { method: 'POST', url: '/api/parts/import', payload: { contenu } });
const exportCsv = (token = admin) => t.as(token, { method: 'GET', url: '/api/parts/export.csv' });
const partCount = async () =>
  (await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM parts`)).rows[0]?.n;

describe('catalogue CSV', () => {
  it('exports the catalogue in reference order with its stock, decimal commas and lists', async () => {
    for (const [reference, designation] of [
      ['ROUL-6204', 'Roulement 6204'],
      ['=CMD', 'Cellule piégée'],
    ]) {
      const res = await t.as(admin, {
        method: 'POST',
        url: '/api/parts',
        payload: {
          reference,
          designation,
          famille: 'Roulements',
          unite: 'u',
          prix_unitaire: '12.50',
          seuil_reappro: 2.5,
          fournisseurs: ['SKF Maroc', 'FAG'],
        },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain(PARTS_CSV_MESSAGES.fileName);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toEqual([
      HEADER,
      "'=CMD;Cellule piégée;Roulements;u;12,50;2,5;0;SKF Maroc | FAG;;0;0;0",
      'ROUL-6204;Roulement 6204;Roulements;u;12,50;2,5;0;SKF Maroc | FAG;;0;0;0',
    ]);
  });

  it('imports the export back, creating and updating on the reference, in one audited transaction', async () => {
    const exported = (await exportCsv()).body.replace('Roulement 6204;', 'Roulement 6204 2RS;');
    const withNew = `${exported}FILT-9;Filtre à huile;Filtres;u;7,20;1;10;Mann;POMPE | COMPRESSEUR;99;0;99\n`;
    const res = await importCsv(withNew);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { created: 1, updated: 2 }, message: PARTS_CSV_MESSAGES.done(1, 2) });
    const { rows } = await t.database.db.execute<Record<string, unknown>>(sql`
      SELECT reference, designation, prix_unitaire::text, quantite_reappro::text, fournisseurs, types_equipement
      FROM parts ORDER BY reference`);
    expect(rows).toEqual([
      {
        reference: '=CMD',
        designation: 'Cellule piégée',
        prix_unitaire: '12.50',
        quantite_reappro: '0.000',
        fournisseurs: [
          { nom: 'SKF Maroc', ice: null, contact: null, delai_jours: null },
          { nom: 'FAG', ice: null, contact: null, delai_jours: null },
        ],
        types_equipement: [],
      },
      {
        reference: 'FILT-9',
        designation: 'Filtre à huile',
        prix_unitaire: '7.20',
        quantite_reappro: '10.000',
        fournisseurs: [{ nom: 'Mann', ice: null, contact: null, delai_jours: null }],
        types_equipement: ['POMPE', 'COMPRESSEUR'],
      },
      expect.objectContaining({ reference: 'ROUL-6204', designation: 'Roulement 6204 2RS' }),
    ]);
    // the stock columns are ignored: nothing entered the ledger
    const ledger = await t.database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM stock_movements`);
    expect(ledger.rows[0]?.n).toBe(0);
    const audit = await t.database.db.execute<{ summary: string }>(
      sql`SELECT summary FROM audit_log WHERE action = 'part.import'`,
    );
    expect(audit.rows.map((r) => r.summary)).toEqual([PARTS_CSV_MESSAGES.done(1, 2)]);
  });

  it('refuses the whole file when a line is wrong, every error with its line number', async () => {
    const before = await partCount();
    const res = await importCsv(
      `${HEADER}\nNEW-1;Nouvelle;;u;1;;;;;;;\nNEW-2;;;u;abc;;;;;;;\nNEW-1;Doublon;;u;2;;;;;;;\n`,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(PARTS_CSV_MESSAGES.refused(2));
    expect(res.json().details).toEqual([
      { field: 'Ligne 3', msg: STOCK_MESSAGES.designationRequired },
      { field: 'Ligne 3', msg: STOCK_MESSAGES.prixInvalid },
      { field: 'Ligne 4', msg: PARTS_CSV_MESSAGES.duplicate('NEW-1', 2) },
    ]);
    expect(await partCount()).toBe(before);
    const missing = await importCsv('Référence;Désignation\nX;Y');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().details[0]).toEqual({ field: 'Ligne 1', msg: PARTS_CSV_MESSAGES.missingColumn('Unité') });
    expect((await importCsv('')).statusCode).toBe(400);
  });

  it('a technician may export (stock:read) but not import (stock:manage)', async () => {
    const tech = await createUser(t.database.db, { role: 'Technicien' });
    const { token } = await t.login(tech.username, tech.password);
    expect((await exportCsv(token)).statusCode).toBe(200);
    expect((await importCsv(`${HEADER}\nT-1;T;;u;1;;;;;;;`, token)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/parts/export.csv' })).statusCode).toBe(401);
  });
});
