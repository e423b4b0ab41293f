import { rmSync } from 'node:fs';
import { monthBounds } from '@gmao/domain/dashboard/sla-card-schemas';
import { casablancaToday } from '@gmao/domain/interventions/due-day';
import { dayStartInstant } from '@gmao/domain/interventions/planning-clock';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedAppUrl } from '../../server/src/db/embedded.ts';
import { expectNoSeriousA11yViolations, loginThroughForm, signIn } from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';
import { observeLayoutShifts, throttledLoad, trackRequests } from '../support/layout-shift.ts';
import { type RunningServer, startServer } from '../support/server.ts';

/**
 * Issue 31, the dashboard card "Délais garantis" on a server of our own (exact figures): one intervention at risk,
 * one breached and still open, this month's GTI 3 respected out of 4; its links open the list filtered the same way
 * (a removable chip); on a phone with a 4× slower CPU the card moves nothing while the figures arrive.
 */
let server: RunningServer;
let db: pg.Client;
let browser: Browser;
let pausable: number;
let waitingParts: number;

async function insertId(sql: string, params: unknown[]): Promise<number> {
  const { rows } = await db.query<{ id: number }>(`${sql} RETURNING id`, params);
  if (!rows[0]) throw new Error(`nothing inserted by: ${sql}`);
  return rows[0].id;
}

beforeAll(async () => {
  server = await startServer();
  db = new pg.Client({ connectionString: embeddedAppUrl(server.dataDir) });
  await db.connect();
  const client = await insertId('INSERT INTO clients (nom_entreprise) VALUES ($1)', ['Cimenterie du Souss E2E']);
  const equipment = await insertId(
    'INSERT INTO equipements (nom, type_equipement, proprietaire_id) VALUES ($1, $2, $3)',
    ['Broyeur à boulets E2E', 'MOTEUR_ELECTRIQUE', client],
  );
  const { rows } = await db.query<{ id: number }>(`SELECT id FROM business_calendars WHERE nom = 'Astreinte 24/7'`);
  const calendar = rows[0]!.id;
  const contract = await insertId(
    `INSERT INTO contracts (client_id, numero, type, date_debut, date_fin, calendrier_id)
     VALUES ($1, 'E2E-SLA-1', 'COMPLET', current_date - 60, current_date + 300, $2)`,
    [client, calendar],
  );
  const version = await insertId(
    `INSERT INTO contract_versions (contract_id, version, type, date_debut, date_fin, reconduction_tacite, all_equipment,
       calendrier_id) VALUES ($1, 1, 'COMPLET', current_date - 60, current_date + 300, false, true, $2)`,
    [contract, calendar],
  );
  const now = Date.now();
  const monthStart = dayStartInstant(monthBounds(casablancaToday()).from).getTime();
  const inMonth = new Date(monthStart + (now - monthStart) / 2);
  const intervention = (statut: string, description: string) =>
    insertId(
      `INSERT INTO interventions (equipement_id, client_id, statut, date, description) VALUES ($1, $2, $3, current_date, $4)`,
      [equipment, client, statut, description],
    );
  // The notices count as sent: the server's SLA job has nothing to add meanwhile.
  const clock = (id: number, cible: string, etat: string, echeance: Date, alerte: Date) =>
    db.query(
      `INSERT INTO intervention_sla (intervention_id, cible, contract_version_id, objectif_minutes, demarre_le, echeance,
         alerte_le, etat, atteint_le, notified_75_at, notified_100_at)
       VALUES ($1, $2, $3, 600, $4::timestamptz - interval '10 hours', $4, $5, $6::varchar,
               CASE WHEN $6::varchar = 'RESPECTE' THEN $4::timestamptz END, now(), now())`,
      [id, cible, version, echeance.toISOString(), alerte.toISOString(), etat],
    );
  const risky = await intervention('EN_COURS', 'Vibrations anormales du broyeur, roulement côté moteur');
  await clock(risky, 'RETABLISSEMENT', 'EN_COURS', new Date(now + 5 * 3_600_000), new Date(now - 60_000));
  const late = await intervention('EN_COURS', 'Arrêt du convoyeur, moteur en surchauffe');
  await clock(late, 'SUR_SITE', 'DEPASSE', inMonth, inMonth);
  for (let k = 0; k < 3; k++) {
    const done = await intervention('TERMINEE', `Remplacement du fusible de commande n° ${k + 1}`);
    await clock(done, 'SUR_SITE', 'RESPECTE', inMonth, inMonth);
  }
  // The contract's default pause rules, and an intervention whose restoration clock runs (not yet at 75 %).
  await db.query(
    `INSERT INTO contract_pause_statuses (contract_version_id, statut, condition)
     VALUES ($1, 'EN_ATTENTE_PDR', 'PIECES_CLIENT'), ($1, 'EN_PAUSE', 'ATTENTE_CLIENT')`,
    [version],
  );
  pausable = await intervention('EN_COURS', 'Fuite au réducteur du broyeur, accès au site à confirmer');
  await clock(pausable, 'RETABLISSEMENT', 'EN_COURS', new Date(now + 8 * 3_600_000), new Date(now + 6 * 3_600_000));
  // Another, waiting for its parts to be ordered: an open part request, supplier not yet said.
  waitingParts = await intervention('EN_COURS', 'Joint du réducteur à remplacer, pièce à commander');
  await clock(waitingParts, 'RETABLISSEMENT', 'EN_COURS', new Date(now + 8 * 3_600_000), new Date(now + 6 * 3_600_000));
  const part = await insertId(
    `INSERT INTO parts (reference, designation, unite) VALUES ('E2E-JOINT', 'Joint', 'u')`,
    [],
  );
  const partRequest = await insertId(
    `INSERT INTO part_requests (intervention_id, fournisseur, date_commande) VALUES ($1, 'Cimenterie du Souss', current_date)`,
    [waitingParts],
  );
  await db.query('INSERT INTO part_request_lines (request_id, part_id, quantite) VALUES ($1, $2, 1)', [
    partRequest,
    part,
  ]);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await db?.end();
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

describe('dashboard card "Délais garantis" (issue 31)', () => {
  it('shows at risk, breached and the month’s GTI / GTR, and opens the list filtered the same way', async () => {
    const context = await browser.newContext({
      baseURL: server.baseURL,
      locale: 'fr-FR',
      viewport: { width: 1366, height: 900 },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await signIn(page, '/');
      const card = page.getByRole('region', { name: 'Délais garantis' });
      const risk = card.getByRole('link', { name: '1 — voir les interventions à risque' });
      await risk.waitFor();
      expect(await card.getByRole('link', { name: '1 — voir les interventions dépassées' }).count()).toBe(1);
      const text = ((await card.textContent()) ?? '').replace(/\s/g, ' ');
      expect(text).toContain('75,0 %');
      expect(text).toContain('3 respectée(s) sur 4');
      expect(text).toContain('Aucune échéance ce mois-ci');
      await expectNoSeriousA11yViolations(page);

      await risk.click();
      await page.waitForURL(/\/interventions\?sla=A_RISQUE$/);
      await page.getByRole('button', { name: 'Retirer le filtre « Délai garanti à risque »' }).waitFor();
      const main = page.locator('main');
      await main.getByText('Vibrations anormales du broyeur', { exact: false }).first().waitFor();
      expect(await main.getByText('Arrêt du convoyeur', { exact: false }).count()).toBe(0);

      await page.goto('/');
      await card.getByRole('link', { name: '1 — voir les interventions dépassées' }).click();
      await page.waitForURL(/\/interventions\?sla=DEPASSE&open=true$/);
      await page.getByRole('button', { name: 'Retirer le filtre « Délai garanti dépassé »' }).waitFor();
      await main.getByText('Arrêt du convoyeur', { exact: false }).first().waitFor();
      expect(await main.getByText('Vibrations anormales du broyeur', { exact: false }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('moves nothing while its figures arrive, on a phone with a 4× slower CPU', async () => {
    const context = await browser.newContext({
      baseURL: server.baseURL,
      locale: 'fr-FR',
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await loginThroughForm(page);
      await observeLayoutShifts(context);
      trackRequests(page);
      const report = await throttledLoad(page, '/');
      await page.getByRole('region', { name: 'Délais garantis' }).getByText('75,0', { exact: false }).waitFor();
      const moved = report.shifts.flatMap((s) => s.sources).filter((s) => /Délais garantis|sla-card/.test(s));
      expect(moved).toEqual([]);
      expect(report.cls).toBeLessThan(0.05);
    } finally {
      await context.close();
    }
  });

  it('"Mettre en Pause" asks the motif; "Attente client" pauses the guaranteed time, shown in the detail', async () => {
    const context = await browser.newContext({
      baseURL: server.baseURL,
      locale: 'fr-FR',
      viewport: { width: 1366, height: 900 },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await signIn(page, `/interventions/${pausable}`);
      const detail = page.getByRole('dialog');
      await detail.getByRole('button', { name: 'Mettre en Pause' }).click();
      const ask = page.getByRole('dialog', { name: 'Mettre en pause' });
      await ask.getByRole('button', { name: 'Mettre en pause' }).click();
      await ask.getByText('Choisissez le motif de la pause').waitFor();
      await ask.getByRole('radio', { name: /Attente client/ }).check();
      await ask.getByLabel('Précision (facultative)').fill('Accès au réducteur refusé par le client');
      await ask.getByRole('button', { name: 'Mettre en pause' }).click();
      await ask.waitFor({ state: 'hidden' });
      await detail.getByText('Motif de la pause').waitFor();
      await detail.getByText('Attente client', { exact: true }).waitFor();
      await detail.getByRole('list', { name: 'Délais garantis' }).getByText('— En pause').waitFor();
      const { rows } = await db.query<{ etat: string; pause_motif: string }>(
        `SELECT s.etat, i.pause_motif FROM intervention_sla s JOIN interventions i ON i.id = s.intervention_id
         WHERE s.intervention_id = $1`,
        [pausable],
      );
      expect(rows).toEqual([{ etat: 'EN_PAUSE', pause_motif: 'ATTENTE_CLIENT' }]);
    } finally {
      await context.close();
    }
  });

  it('waiting for parts asks who supplies them; "Le client" marks the request and pauses the guaranteed time', async () => {
    const context = await browser.newContext({
      baseURL: server.baseURL,
      locale: 'fr-FR',
      viewport: { width: 1366, height: 900 },
    });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    try {
      await signIn(page, `/interventions/${waitingParts}`);
      const detail = page.getByRole('dialog');
      await detail.getByRole('button', { name: 'En attente de pièces (PDR)' }).click();
      const ask = page.getByRole('dialog', { name: 'En attente de pièces' });
      await ask.getByRole('radio', { name: /Le client/ }).check();
      await ask.getByRole('button', { name: 'Passer en attente de pièces' }).click();
      await ask.waitFor({ state: 'hidden' });
      await detail.getByRole('list', { name: 'Délais garantis' }).getByText('— En pause').waitFor();
      const { rows } = await db.query<{ statut: string; etat: string; fourni: boolean }>(
        `SELECT i.statut, s.etat, r.fourni_par_client AS fourni FROM interventions i
         JOIN intervention_sla s ON s.intervention_id = i.id JOIN part_requests r ON r.intervention_id = i.id
         WHERE i.id = $1`,
        [waitingParts],
      );
      expect(rows).toEqual([{ statut: 'EN_ATTENTE_PDR', etat: 'EN_PAUSE', fourni: true }]);
    } finally {
      await context.close();
    }
  });
});
