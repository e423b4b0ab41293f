import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  apiAs,
  createReadyUser,
  download,
  expectNoSeriousA11yViolations,
  newPage,
  signIn,
  unique,
} from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';

/**
 * Issue 31 in the browser: a responsable creates a business calendar with a lunch break (an overlapping interval is
 * refused with the French message and nothing is saved), then a contract on one equipment of a client under that
 * calendar, with guaranteed times.
 */
let browser: Browser;
let page: Page;
const clientName = unique('Laiterie de Meknès');
const equipmentName = unique('Groupe froid GF2');
const otherEquipment = unique('Compresseur CP1');
const calendarName = unique('Atelier Meknès 8h-12h / 14h-18h');
const numero = unique('CT-MEK').replace(' ', '-');
let equipmentId = 0;
let responsable: { username: string; password: string };

beforeAll(async () => {
  const api = await adminApi();
  const client = await api('POST', '/clients', { nom_entreprise: clientName, ville: 'Meknès' });
  const clientId = (client.body as { data: { id: number } }).data.id;
  for (const nom of [equipmentName, otherEquipment]) {
    const eq = await api('POST', '/equipment', { nom, type_equipement: 'AUTRE', proprietaire_id: clientId });
    expect(eq.status).toBe(201);
    if (nom === equipmentName) equipmentId = (eq.body as { data: { id: number } }).data.id;
  }
  responsable = await createReadyUser('Responsable', 'Hicham Responsable', unique('hicham').replace(' ', '.'));
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  await signIn(page, '/', responsable);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('contracts and business calendars', () => {
  it('creates a lunch-break calendar (an overlap is refused in French, nothing saved) and a contract on one equipment', async () => {
    const api = await apiAs(responsable.username, responsable.password);
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Contrats' })
      .click();
    await page.getByRole('heading', { name: 'Contrats', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Calendriers et jours fériés' }).click();
    await page.getByRole('heading', { name: 'Calendriers ouvrés', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Nouveau calendrier' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau calendrier' });
    await dialog.getByLabel(/^Nom du calendrier/).fill(calendarName);
    // the form starts on 08:00–12:00 and 14:00–18:00 from Monday to Friday; the afternoon moved into the morning
    await dialog.getByLabel('Début de la plage 2 du lundi').fill('11:00');
    await dialog.getByRole('button', { name: 'Créer le calendrier' }).click();
    await dialog
      .getByRole('alert')
      .getByText('Les plages horaires du lundi se chevauchent (08:00–12:00 et 11:00–18:00).')
      .waitFor();
    const names = async () =>
      ((await api('GET', '/calendars')).body as { data: { nom: string }[] }).data.map((c) => c.nom);
    expect(await names()).not.toContain(calendarName);

    await dialog.getByLabel('Début de la plage 2 du lundi').fill('14:00');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Créer le calendrier' }).click();
    await page.getByText('Calendrier créé avec succès').first().waitFor();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: calendarName }) });
    await card.getByText('Lundi–vendredi : 08:00–12:00, 14:00–18:00').waitFor();
    expect(await names()).toContain(calendarName);

    await page.getByRole('link', { name: 'Contrats', exact: true }).first().click();
    await page.getByRole('button', { name: 'Nouveau contrat' }).click();
    const form = page.getByRole('dialog', { name: 'Nouveau contrat' });
    await form.getByRole('combobox', { name: /^Client/ }).click();
    await page.getByRole('option', { name: clientName }).click();
    await form.getByLabel(/^Numéro du contrat/).fill(numero);
    await form.getByLabel(/^Montant annuel HT/).fill('96000');
    await form.getByLabel('Une liste d’équipements').check();
    await form.getByLabel(equipmentName).check();
    await form.getByRole('combobox', { name: /^Calendrier ouvré/ }).click();
    await page.getByRole('option', { name: calendarName }).click();
    await form.getByLabel('Arrivée sur site — urgente (heures)').fill('4');
    await form.getByLabel('Rétablissement — normale (heures)').fill('16');
    await form.getByLabel('Rétablissement — normale (minutes)').fill('30');
    await form.getByRole('button', { name: 'Créer le contrat' }).click();
    await page.getByText('Contrat créé avec succès').first().waitFor();

    const row = page.getByRole('row').filter({ hasText: numero });
    await row.getByText(clientName).waitFor();
    expect(await row.textContent()).toContain('1 équipement');
    await row.getByRole('button', { name: `Voir ${numero}` }).click();
    const detail = page.getByRole('dialog', { name: `Contrat ${numero}` });
    await detail.getByText('Arrivée sur site (urgente) : 4 h ouvrées').first().waitFor();
    await detail.getByText('Rétablissement (normale) : 16 h 30 ouvrées').first().waitFor();

    const list = await api('GET', `/contracts?search=${encodeURIComponent(numero)}`);
    const id = (list.body as { data: { id: number }[] }).data[0]?.id;
    const contract = (await api('GET', `/contracts/${id}`)).body as {
      data: { equipement_ids: number[]; calendrier_nom: string; garanties: unknown[]; montant_annuel_ht: string };
    };
    expect(contract.data.equipement_ids).toEqual([equipmentId]);
    expect(contract.data.calendrier_nom).toBe(calendarName);
    expect(contract.data.montant_annuel_ht).toBe('96000.00');
    expect(contract.data.garanties).toEqual([
      { urgence: true, cible: 'SUR_SITE', minutes: 240 },
      { urgence: false, cible: 'RETABLISSEMENT', minutes: 990 },
    ]);
  });

  it('shows the urgent intervention under the contract in the guaranteed-times report and exports it', async () => {
    const api = await apiAs(responsable.username, responsable.password);
    const today = new Date().toISOString().slice(0, 10);
    const created = await api('POST', '/interventions', {
      equipement_id: equipmentId,
      urgence: true,
      date: today,
      description: 'Groupe froid en défaut haute pression',
    });
    expect(created.status).toBe(201);
    const id = (created.body as { data: { id: number } }).data.id;

    // the contract's detail is still open from the previous test
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').first().waitFor({ state: 'detached' });
    // from the contracts screen (a responsable may read the contracts without the reports)
    await page
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: 'Contrats' })
      .click();
    await page.getByRole('link', { name: 'Délais garantis' }).click();
    await page.getByRole('heading', { name: 'Rapport des délais garantis', level: 1 }).waitFor();
    await page.getByLabel('Client').selectOption({ label: clientName });
    await page.getByRole('button', { name: 'Afficher' }).click();
    const summary = page.getByRole('row').filter({ hasText: 'Arrivée sur site (GTI)' });
    await summary.waitFor();
    expect((await summary.getByRole('cell').allTextContents())[0]).toBe('1');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: `#${id}` }) });
    await row.getByText('En cours').first().waitFor();
    await expectNoSeriousA11yViolations(page);

    const csv = await download(page, () => page.getByRole('button', { name: 'Exporter en CSV' }).click());
    expect(csv.name).toMatch(/^delais-garantis-.*\.csv$/);
    expect(csv.text).toContain(String(id));
    expect(csv.text).toContain(numero);
    const pdf = await download(page, () => page.getByRole('button', { name: 'Télécharger le PDF' }).click());
    expect(pdf.name).toMatch(/\.pdf$/);
    expect(pdf.text.startsWith('%PDF')).toBe(true);
  });
});
