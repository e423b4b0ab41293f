import { casablancaToday } from '@gmao/domain/interventions/due-day';
import { instantOfWallClock } from '@gmao/domain/interventions/planning-clock';
import { addDays } from '@gmao/domain/plans/recurrence';
import { SLA_REPORT_MESSAGES } from '@gmao/domain/reports/sla-report-schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceSlaClocks } from '../src/modules/interventions/sla/sla.job.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createClient, createEquipment, createUser } from './helpers/factories.ts';
import { pdfText } from './helpers/pdf-text.ts';

/**
 * The guaranteed-times report (issue 31). A request filed on a Monday at 11:30 on equipment under a contract whose
 * calendar stops for lunch (08:00–12:00, 14:00–18:00): the GTI of 60 working minutes falls at 14:30, the GTR of 240 at
 * 17:30; accepted later, both are breached, and the report says so in JSON, PDF and CSV. An intervention on uncovered
 * equipment is "hors contrat", in the invoicing CSV.
 */
let t: TestApp;
let admin: string;
let clientId: number;
let monday: string;
let breachedId: number;
let horsContratId: number;
// Casablanca's day, as the server dates an accepted request's intervention (casablancaToday): from 23:00 UTC the UTC
// day is the day before, and that intervention fell after the report's period (seen in a CI run at 23:57 UTC).
const today = casablancaToday();
const BOUNDARY = 'sla-report-boundary';
const form = (fields: Record<string, string>) =>
  Buffer.concat([
    ...Object.entries(fields).map(([k, v]) =>
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    ),
    Buffer.from(`--${BOUNDARY}--\r\n`),
  ]);

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const company = await t.as(admin, {
    method: 'PUT',
    url: '/api/settings/company',
    payload: { nom: 'Atlas Maintenance Électrique SARL', ville: 'Casablanca', ice: '002233445000011' },
  });
  expect(company.statusCode, company.body).toBe(200);
  // the Monday of last week
  const d = new Date(`${today}T12:00:00Z`);
  monday = addDays(today, -(((d.getUTCDay() + 6) % 7) + 7));
  const client = await createClient(t.database.db, {
    nomEntreprise: 'Renault Tanger Méditerranée',
    ice: '001525474000089',
  });
  clientId = client.id;
  const covered = await createEquipment(t.database.db, {
    proprietaireId: clientId,
    nom: 'Transformateur TR-2 1000 kVA',
  });
  const uncovered = await createEquipment(t.database.db, { proprietaireId: clientId, nom: 'Onduleur salle serveurs' });
  const plages = [1, 2, 3, 4, 5].flatMap((jour) => [
    { jour, debut: '08:00', fin: '12:00' },
    { jour, debut: '14:00', fin: '18:00' },
  ]);
  const cal = await t.as(admin, {
    method: 'POST',
    url: '/api/calendars',
    payload: { nom: 'Bureaux avec pause déjeuner', plages, applique_jours_feries: false },
  });
  expect(cal.statusCode, cal.body).toBe(201);
  const contract = await t.as(admin, {
    method: 'POST',
    url: '/api/contracts',
    payload: {
      client_id: clientId,
      numero: 'RTM-2026-07',
      type: 'COMPLET',
      date_debut: addDays(monday, -30),
      date_fin: addDays(today, 300),
      reconduction_tacite: false,
      equipement_ids: [covered.id],
      calendrier_id: cal.json().data.id,
      montant_annuel_ht: '48000.00',
      garanties: [
        { urgence: false, cible: 'SUR_SITE', minutes: 60 },
        { urgence: false, cible: 'RETABLISSEMENT', minutes: 240 },
      ],
      statuts_pause: [],
    },
  });
  expect(contract.statusCode, contract.body).toBe(201);
  // the operator scans the QR code on Monday at 11:30
  const link = (await t.as(admin, { method: 'GET', url: `/api/equipment/${covered.id}/request-link` })).json().data;
  const filed = await t.app.inject({
    method: 'POST',
    url: `/api/public/requests/${link.token}`,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: form({ description: 'Alarme température transformateur', nom: 'Karim Tazi', telephone: '06 12 34 56 78' }),
    remoteAddress: '10.9.9.9',
  });
  expect(filed.statusCode, filed.body).toBe(201);
  const at = instantOfWallClock(monday, '11:30');
  await t.database.db.execute(
    sql`UPDATE intervention_requests SET created_at = ${at.toISOString()} WHERE equipement_id = ${covered.id}`,
  );
  const { rows } = await t.database.db.execute<{ id: number }>(
    sql`SELECT id FROM intervention_requests WHERE equipement_id = ${covered.id}`,
  );
  const accepted = await t.as(admin, { method: 'POST', url: `/api/requests/${rows[0]!.id}/accept` });
  expect(accepted.statusCode, accepted.body).toBe(200);
  breachedId = accepted.json().data.intervention_id;
  await advanceSlaClocks(t.database.db);
  const out = await t.as(admin, {
    method: 'POST',
    url: '/api/interventions',
    payload: { equipement_id: uncovered.id, description: 'Remplacement batteries', date: today },
  });
  horsContratId = out.json().data.id;
  await t.database.db.execute(
    sql`INSERT INTO intervention_materials (intervention_id, designation, quantite, prix_unitaire)
        VALUES (${horsContratId}, 'Batterie 12 V 9 Ah', 4, 450.5)`,
  );
});
afterAll(() => t.close());

const period = () => `dateFrom=${addDays(monday, -1)}&dateTo=${today}`;

describe('guaranteed-times report', () => {
  it('computes the deadlines after the lunch break and counts both clocks breached', async () => {
    const { rows } = await t.database.db.execute<{ cible: string; echeance: Date }>(
      sql`SELECT cible, echeance FROM intervention_sla WHERE intervention_id = ${breachedId} ORDER BY cible`,
    );
    const deadline = Object.fromEntries(rows.map((r) => [r.cible, new Date(r.echeance).getTime()]));
    expect(deadline.SUR_SITE).toBe(instantOfWallClock(monday, '14:30').getTime());
    expect(deadline.RETABLISSEMENT).toBe(instantOfWallClock(monday, '17:30').getTime());

    const res = await t.as(admin, { method: 'GET', url: `/api/reports/sla?client_id=${clientId}&${period()}` });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data;
    expect(report.filter.client).toEqual({ id: clientId, nom: 'Renault Tanger Méditerranée' });
    expect(report.cibles).toEqual([
      { cible: 'SUR_SITE', total: 1, respectees: 0, depassees: 1, en_cours: 0, taux: 0 },
      { cible: 'RETABLISSEMENT', total: 1, respectees: 0, depassees: 1, en_cours: 0, taux: 0 },
    ]);
    expect(report.hors_contrat).toBe(1);
    expect(report.interventions).toHaveLength(1);
    const day = `${monday.slice(8, 10)}/${monday.slice(5, 7)}/${monday.slice(0, 4)}`;
    expect(report.interventions[0]).toMatchObject({
      id: breachedId,
      contrat: 'RTM-2026-07',
      demarre_locale: `${day} à 11:30`,
    });
    expect(report.interventions[0].cibles[0]).toMatchObject({ cible: 'SUR_SITE', echeance_locale: `${day} à 14:30` });
    // another client's period is empty
    const other = await createClient(t.database.db);
    const empty = (
      await t.as(admin, { method: 'GET', url: `/api/reports/sla?client_id=${other.id}&${period()}` })
    ).json().data;
    expect(empty).toMatchObject({ cibles: [], hors_contrat: 0, interventions: [] });
  });

  it('prints the PDF with the company header, the breached intervention and page numbers', async () => {
    const res = await t.as(admin, { method: 'GET', url: `/api/reports/sla/pdf?client_id=${clientId}&${period()}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = (await pdfText(res.rawPayload)).replace(/\s+/g, ' ');
    expect(text).toContain(SLA_REPORT_MESSAGES.title);
    expect(text).toContain('Atlas Maintenance Électrique SARL');
    expect(text).toContain('002233445000011');
    expect(text).toContain('Renault Tanger Méditerranée');
    expect(text).toContain('RTM-2026-07');
    expect(text).toContain('Dépassé');
    expect(text).toMatch(/Page 1\/\d/);
  });

  it('exports every intervention with its clocks, and the hors-contrat ones to invoice, as CSV', async () => {
    const csv = await t.as(admin, { method: 'GET', url: `/api/reports/sla/csv?client_id=${clientId}&${period()}` });
    expect(csv.statusCode).toBe(200);
    const [header, line] = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(header).toContain('GTI échéance');
    const [d, m, y] = [monday.slice(8, 10), monday.slice(5, 7), monday.slice(0, 4)];
    expect(line).toContain(`${d}/${m}/${y} à 14:30`);
    expect(line).toContain('Dépassé');
    const hc = await t.as(admin, {
      method: 'GET',
      url: `/api/reports/hors-contrat.csv?client_id=${clientId}&${period()}`,
    });
    expect(hc.statusCode).toBe(200);
    const rows = hc.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain(String(horsContratId));
    expect(rows[1]).toContain('001525474000089');
    expect(rows[1]).toContain('Batterie 12 V 9 Ah × 4');
    expect(rows[1]).toContain('1802,00');
  });

  it('refuses a period over 366 days in French, and readers without reports or contracts rights', async () => {
    const long = await t.as(admin, { method: 'GET', url: `/api/reports/sla?dateFrom=2024-01-01&dateTo=2026-01-01` });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(SLA_REPORT_MESSAGES.periodTooLong);
    const tech = await createUser(t.database.db, { role: 'Technicien' });
    const token = (await t.login(tech.username, tech.password)).token;
    const perms = (await t.as(token, { method: 'GET', url: '/api/auth/profile' })).json().data.permissions as string[];
    const expected = perms.includes('reports:read') || perms.includes('contracts:read') ? 200 : 403;
    for (const path of ['sla', 'sla/pdf', 'sla/csv', 'hors-contrat.csv']) {
      const res = await t.as(token, { method: 'GET', url: `/api/reports/${path}?${period()}` });
      expect(res.statusCode, path).toBe(expected);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/reports/sla?${period()}` })).statusCode).toBe(401);
  });
});
