import { metricsToday } from '@gmao/domain/dashboard/metrics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createClient, createEquipment, createIntervention, createUser } from './helpers/factories.ts';

/**
 * OWASP CSV injection: text a user typed (a client's name, a description, a technician's name) must never reach a
 * spreadsheet as a formula. Every CSV the product writes (interventions export, period report) is checked here.
 */
let t: TestApp;
let admin: string;
let interventionId: number;
const HYPERLINK = '=HYPERLINK("http://x","y")';
/** The same cell once neutralised and quoted by the CSV writer ('"' doubled). */
const HYPERLINK_CELL = `"'=HYPERLINK(""http://x"",""y"")"`;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const client = await createClient(t.database.db, { nomEntreprise: HYPERLINK });
  const equipment = await createEquipment(t.database.db, {
    nom: '@SUM(1+1)*cmd|/c calc!A0',
    proprietaireId: client.id,
    cout: '1250.50',
  });
  const technician = await createUser(t.database.db, { nom: '+Technicien Injecté' });
  const i = await createIntervention(t.database.db, {
    equipementId: equipment.id,
    date: metricsToday(),
    description: '-2+3+cmd|/c calc!A0',
    technicianId: technician.id,
  });
  interventionId = i.id;
});
afterAll(() => t.close());

const rowOf = (body: string, id: number) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\n')
    .find((l) => l.startsWith(`${id};`));

describe('CSV exports neutralise formula cells', () => {
  it('interventions export: a client named =HYPERLINK(…) and other formula-like text become text cells', async () => {
    const res = await t.as(admin, { method: 'GET', url: '/api/interventions/export/csv' });
    expect(res.statusCode).toBe(200);
    const row = rowOf(res.body, interventionId);
    expect(row).toBeDefined();
    expect(row).toContain(`;${HYPERLINK_CELL};`);
    expect(row).toContain(`;'@SUM(1+1)*cmd|/c calc!A0;`);
    expect(row).toContain(`;'+Technicien Injecté;`);
    expect(row).toContain(`;'-2+3+cmd|/c calc!A0;`);
    expect(row).not.toMatch(/;[=+\-@]/);
  });

  it('period report: the same cells are neutralised; ids and amounts stay numbers', async () => {
    const day = metricsToday();
    const res = await t.as(admin, { method: 'GET', url: `/api/reports/export.csv?dateFrom=${day}&dateTo=${day}` });
    expect(res.statusCode).toBe(200);
    const row = rowOf(res.body, interventionId);
    expect(row).toBeDefined();
    expect(row).toContain(`;${HYPERLINK_CELL};`);
    expect(row).toContain(`;'@SUM(1+1)*cmd|/c calc!A0;`);
    expect(row).toContain(`;'-2+3+cmd|/c calc!A0;`);
    expect(row).not.toMatch(/;[=+\-@]/);
    expect(row).toMatch(/;1250,50$/);
  });

  it('every export is a download: attachment, nosniff, a sandbox CSP', async () => {
    const day = metricsToday();
    for (const url of [
      '/api/interventions/export/csv',
      '/api/interventions/export/pdf',
      `/api/reports/export.csv?dateFrom=${day}&dateTo=${day}`,
      `/api/reports/export.pdf?dateFrom=${day}&dateTo=${day}`,
      `/api/reports/interventions/${interventionId}/pdf`,
    ]) {
      const res = await t.as(admin, { method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-disposition'], url).toMatch(/^attachment; filename=/);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; sandbox");
    }
  });
});
