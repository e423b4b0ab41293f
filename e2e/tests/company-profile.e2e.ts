import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../server/test/helpers/pdf-text.ts';
import { adminApi, expectNoSeriousA11yViolations, newPage, signIn, unique } from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';
import { REPO_ROOT } from '../support/server.ts';

/**
 * Issue 32, the office side of the bon: an administrator fills the company profile (a wrong ICE refused in French,
 * nothing saved) and uploads the logo; the bon d'intervention downloaded from an intervention's detail carries them.
 */
let browser: Browser;
let page: Page;
let interventionId = 0;
const raisonSociale = unique('Atlas Électro Maintenance SARL');
const ICE = '002145879000036';

beforeAll(async () => {
  const api = await adminApi();
  const client = await api('POST', '/clients', { nom_entreprise: unique('Sucrerie du Gharb'), ville: 'Kénitra' });
  const clientId = (client.body as { data: { id: number } }).data.id;
  const eq = await api('POST', '/equipment', {
    nom: unique('Tableau TGBT'),
    type_equipement: 'AUTRE',
    proprietaire_id: clientId,
  });
  const equipementId = (eq.body as { data: { id: number } }).data.id;
  const created = await api('POST', '/interventions', {
    equipement_id: equipementId,
    description: 'Serrage des connexions du TGBT',
    date: new Date().toISOString().slice(0, 10),
  });
  expect(created.status).toBe(201);
  interventionId = (created.body as { data: { id: number } }).data.id;
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  await signIn(page);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe("company profile and the bon's header", () => {
  it('refuses a wrong ICE, saves the profile and the logo, and prints them on the bon', async () => {
    const api = await adminApi();
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: "Profil de l'entreprise" })
      .click();
    await page.getByRole('heading', { name: "Profil de l'entreprise", level: 1 }).waitFor();
    const before = ((await api('GET', '/settings/company')).body as { data: { nom: string } }).data;

    await page.getByLabel(/^Raison sociale/).fill(raisonSociale);
    await page.getByLabel('ICE', { exact: true }).fill('12345');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText("L'ICE doit comporter exactement 15 chiffres").waitFor();
    expect(((await api('GET', '/settings/company')).body as { data: { nom: string } }).data.nom).toBe(before.nom);

    await page.getByLabel('ICE', { exact: true }).fill(ICE);
    await page.getByLabel('Ville').fill('Casablanca');
    await page.getByLabel('Afficher les prix sur le bon').check();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText("Profil de l'entreprise enregistré").first().waitFor();
    const saved = ((await api('GET', '/settings/company')).body as { data: Record<string, unknown> }).data;
    expect(saved).toMatchObject({ nom: raisonSociale, ice: ICE, ville: 'Casablanca', afficher_prix: true });

    await page.getByLabel('Fichier du logo').setInputFiles(join(REPO_ROOT, 'web', 'public', 'icons', 'icon-192.png'));
    await page.getByText('Logo enregistré').first().waitFor();
    await page.getByRole('img', { name: `Logo de ${raisonSociale}` }).waitFor();

    await page.goto(`/interventions/${interventionId}`);
    await page.getByText("Bon d'intervention", { exact: true }).first().click();
    await page.getByText("Aucune signature : le bon n'a pas encore été signé.").waitFor();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Télécharger le bon' }).click(),
    ]);
    const text = (await pdfText(await readFile(await file.path()))).replace(/\s+/g, ' ');
    expect(text).toContain(raisonSociale);
    expect(text).toContain(ICE);
    expect(text).toMatch(/Page 1\/\d/);
  });
});
