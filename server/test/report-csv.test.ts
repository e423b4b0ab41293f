import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createOpenPartRequest, createUser } from './helpers/factories.ts';

/**
 * The period CSV is written by PostgreSQL (COPY) with the values formatted in SQL (issue 16): the file must be the
 * one a French spreadsheet expects — BOM, ';', French dates, decimals with a comma, labels — and every text a user
 * typed must be neutralised against CSV injection and quoted when it holds ';', '"' or a line break.
 */
let t: TestApp;
let admin: string;
const today = new Date().toISOString().slice(0, 10);
const frToday = `${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(async () => {
  await t.close();
});

async function post(url: string, payload: Record<string, unknown>) {
  const res = await t.as(admin, { method: 'POST', url, payload });
  if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json().data as { id: number };
}

async function exportCsv() {
  const res = await t.as(admin, { method: 'GET', url: `/api/reports/export.csv?dateFrom=${today}&dateTo=${today}` });
  expect(res.statusCode).toBe(200);
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  return res.body.slice(1);
}

describe('period CSV written by PostgreSQL', () => {
  it('formats, quotes and neutralises every cell the way a French spreadsheet expects', async () => {
    const client = await post('/api/clients', { nom_entreprise: '=HYPERLINK("http://x";"clic")', ville: 'Agadir' });
    const equipment = await post('/api/equipment', {
      nom: '@SUM(A1)',
      type_equipement: 'GROUPE_ELECTROGENE',
      proprietaire_id: client.id,
      cout: '1234.5',
    });
    const tech = await createUser(t.database.db, { nom: '-Omar "le chef"' });
    const tricky = await post('/api/interventions', {
      equipement_id: equipment.id,
      date: today,
      description: 'Ligne 1\nLigne 2 ; fin',
    });
    const assigned = await t.as(admin, {
      method: 'PUT',
      url: `/api/interventions/${tricky.id}/assign`,
      payload: { technicianId: tech.id },
    });
    expect(assigned.statusCode).toBe(200);
    for (const statut of ['EN_COURS', 'TERMINEE']) {
      const moved = await t.as(admin, {
        method: 'PUT',
        url: `/api/interventions/${tricky.id}/status`,
        payload: { statut },
      });
      expect(moved.statusCode).toBe(200);
    }
    const plain = await post('/api/interventions', { equipement_id: equipment.id, date: today, description: '-12,5' });

    const csv = await exportCsv();
    expect(csv.split('\n')[0]).toBe(
      "N°;Date;Client;Équipement;Type d'équipement;Statut;Urgence;Technicien;Description;Début;Fin;Durée (h);Attente pièces (h);Coût (MAD)",
    );
    const when = '\\d{2}/\\d{2}/\\d{4} \\d{2}:\\d{2}';
    expect(csv).toMatch(
      new RegExp(
        `^${tricky.id};${frToday};"'=HYPERLINK\\(""http://x"";""clic""\\)";'@SUM\\(A1\\);Groupe électrogène;Terminée;Non;` +
          `"'-Omar ""le chef""";"Ligne 1\\nLigne 2 ; fin";${when};${when};0,0;;1234,50$`,
        'm',
      ),
    );
    // a plain number is left a number; no technician, no start: empty cells, unquoted
    expect(csv).toContain(
      `\n${plain.id};${frToday};"'=HYPERLINK(""http://x"";""clic"")";'@SUM(A1);Groupe électrogène;Planifiée;Non;;-12,5;;;;;1234,50\n`,
    );
    expect(csv.endsWith('\n')).toBe(true);
    expect(csv.trim().split('\n')).toHaveLength(1 + 3); // the header, the two rows; the description holds a line break
  });

  it('counts an open wait for parts up to now and starts at the first move to EN_COURS, for a day and for a year', async () => {
    const client = await post('/api/clients', { nom_entreprise: 'Cimenterie du Souss', ville: 'Agadir' });
    const equipment = await post('/api/equipment', {
      nom: 'Compresseur K7',
      type_equipement: 'COMPRESSEUR',
      proprietaire_id: client.id,
    });
    const waiting = await post('/api/interventions', { equipement_id: equipment.id, date: today });
    for (const statut of ['EN_COURS', 'EN_ATTENTE_PDR']) {
      if (statut === 'EN_ATTENTE_PDR') await createOpenPartRequest(t.database.db, waiting.id);
      const moved = await t.as(admin, {
        method: 'PUT',
        url: `/api/interventions/${waiting.id}/status`,
        payload: { statut },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    // Its history moved two and a half hours back: the wait began then, and is still open.
    await t.database.db.execute(sql`UPDATE intervention_history SET created_at = created_at - interval '150 minutes'
       WHERE intervention_id = ${waiting.id}`);
    // Début is its (moved) start, read from the status history the way the reports read it; no Fin yet.
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const { rows: started } = await t.database.db.execute<{ at: string }>(sql`
      SELECT to_char(created_at AT TIME ZONE ${timeZone}, 'DD/MM/YYYY HH24:MI') AS at FROM intervention_history
      WHERE intervention_id = ${waiting.id} AND to_statut = 'EN_COURS'`);
    const yearAgo = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
    for (const dateFrom of [today, yearAgo]) {
      const res = await t.as(admin, {
        method: 'GET',
        url: `/api/reports/export.csv?dateFrom=${dateFrom}&dateTo=${today}`,
      });
      expect(res.statusCode).toBe(200);
      const row = res.body.split('\n').find((line) => line.startsWith(`${waiting.id};`));
      expect(row?.split(';')[5]).toBe('En Attente PDR');
      expect(row?.split(';')[12]).toBe('2,5');
      expect(row?.split(';').slice(9, 11)).toEqual([started[0]?.at, '']);
    }
  });

  it('gives the header alone for a period without interventions', async () => {
    const res = await t.as(admin, {
      method: 'GET',
      url: '/api/reports/export.csv?dateFrom=2001-01-01&dateTo=2001-01-31',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(
      "\uFEFFN°;Date;Client;Équipement;Type d'équipement;Statut;Urgence;Technicien;Description;Début;Fin;Durée (h);Attente pièces (h);Coût (MAD)\n",
    );
  });
});
