import { rmSync } from 'node:fs';
import pg from 'pg';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedAppUrl } from '../../server/src/db/embedded.ts';
import { pdfText } from '../../server/test/helpers/pdf-text.ts';
import { signIn } from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';
import { E2E_ADMIN, type RunningServer, startServer } from '../support/server.ts';

/**
 * Issue 31's browser story, on a server of our own whose clocks step every second (SLA_CHECK_SECONDS=1): an urgent
 * intervention under a contract with a lunch-break calendar (8h-12h / 14h-18h) and a GTI of one working hour. Its
 * clock is moved to 11:30 of a past working day (the only thing written in the database: the test cannot wait for a
 * real 11:30); the urgency is confirmed, so the server recomputes the deadline from that start — 14:30, after the
 * break, not 12:30 — the job runner finds it past and marks it DEPASSE, the list and the detail say "GTI dépassée de
 * …", and the client's SLA report PDF lists it.
 */
let server: RunningServer;
let db: pg.Client;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let token = '';
let interventionId = 0;
let clientId = 0;
let day = '';
const CLIENT = 'Laiterie Centrale de Fès';

async function api(method: string, path: string, body?: unknown) {
  const res = await fetch(`${server.baseURL}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text) as { data: { id: number } & Record<string, unknown> };
}

/** The latest past working day (Monday–Friday, not a public holiday of the company's list). */
async function pastWorkingDay(): Promise<string> {
  const { rows } = await db.query<{ jour: string; annuel: boolean }>('SELECT jour::text AS jour, annuel FROM holidays');
  const holiday = (d: string) => rows.some((h) => (h.annuel ? h.jour.slice(5) === d.slice(5) : h.jour === d));
  const d = new Date();
  for (let i = 0; i < 40; i++) {
    d.setUTCDate(d.getUTCDate() - 1);
    const iso = d.toISOString().slice(0, 10);
    const weekday = d.getUTCDay();
    if (weekday >= 1 && weekday <= 5 && !holiday(iso)) return iso;
  }
  throw new Error('no working day found');
}

beforeAll(async () => {
  server = await startServer({ env: { SLA_CHECK_SECONDS: '1' } });
  db = new pg.Client({ connectionString: embeddedAppUrl(server.dataDir) });
  await db.connect();
  const login = await fetch(`${server.baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  token = ((await login.json()) as { data: { token: string } }).data.token;
  const weekdays = [1, 2, 3, 4, 5];
  const calendar = await api('POST', '/calendars', {
    nom: 'Laiterie 8h-12h / 14h-18h',
    plages: weekdays.flatMap((jour) => [
      { jour, debut: '08:00', fin: '12:00' },
      { jour, debut: '14:00', fin: '18:00' },
    ]),
    exceptions: [],
  });
  clientId = (await api('POST', '/clients', { nom_entreprise: CLIENT, ville: 'Fès' })).data.id;
  const equipment = await api('POST', '/equipment', {
    nom: 'Groupe froid GF3',
    type_equipement: 'AUTRE',
    proprietaire_id: clientId,
  });
  await api('POST', '/contracts', {
    client_id: clientId,
    numero: 'CT-FES-2026-01',
    type: 'COMPLET',
    date_debut: '2026-01-01',
    date_fin: '2027-12-31',
    reconduction_tacite: true,
    equipement_ids: [equipment.data.id],
    calendrier_id: calendar.data.id,
    montant_annuel_ht: '84000.00',
    garanties: [{ urgence: true, cible: 'SUR_SITE', minutes: 60 }],
  });
  const created = await api('POST', '/interventions', {
    equipement_id: equipment.data.id,
    urgence: true,
    date: new Date().toISOString().slice(0, 10),
    description: 'Groupe froid en défaut haute pression',
  });
  interventionId = created.data.id;
  day = await pastWorkingDay();
  browser = await launchBrowser();
  context = await browser.newContext({
    baseURL: server.baseURL,
    locale: 'fr-FR',
    viewport: { width: 1366, height: 900 },
  });
  page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page);
}, 120_000);

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await db?.end();
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

describe('a guaranteed time on business hours, in the browser', () => {
  it('puts the GTI of an urgent call at 11:30 after the lunch break, then shows it "dépassée" and reports it', async () => {
    await db.query(
      `UPDATE intervention_sla SET demarre_le = ($1::date + time '11:30') AT TIME ZONE 'Africa/Casablanca'
       WHERE intervention_id = $2`,
      [day, interventionId],
    );
    await api('PUT', `/interventions/${interventionId}`, { urgence: true });
    const [d, m, y] = [day.slice(8, 10), day.slice(5, 7), day.slice(0, 4)];

    // the list: the badge says it in words, once the job runner has marked the clock
    await page.goto('/interventions');
    const row = page.getByRole('row').filter({ hasText: 'Groupe froid GF3' });
    await expect
      .poll(
        async () => {
          await page.reload();
          await row.waitFor();
          return row.getByText(/^GTI dépassée de\s/).count();
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe(1);
    // the status column holds its three badges (status, URGENT, the clock) without spilling into the date's
    const statusCell = row.getByRole('cell').nth(3);
    expect(await statusCell.evaluate((td) => td.scrollWidth - td.clientWidth)).toBeLessThanOrEqual(0);

    // the detail: the deadline on Casablanca's wall clock, after the break
    await page.goto(`/interventions/${interventionId}`);
    const targets = page.getByRole('list', { name: 'Délais garantis' });
    await targets.getByText(`échéance ${d}/${m}/${y} 14:30`).waitFor();
    await targets.getByText('— Dépassé').waitFor();

    // the client's report
    const pdf = await fetch(
      `${server.baseURL}/api/reports/sla/pdf?client_id=${clientId}&dateFrom=${day.slice(0, 8)}01&dateTo=${new Date().toISOString().slice(0, 10)}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(pdf.status).toBe(200);
    const text = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(text).toContain(CLIENT);
    expect(text).toContain(`${interventionId}`);
    expect(text).toMatch(/Dépass/);
  });
});
