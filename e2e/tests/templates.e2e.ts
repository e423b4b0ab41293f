import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, createReadyUser, expectNoSeriousA11yViolations, newPage, signIn, unique } from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const STARTER = 'Visite annuelle transformateur';
const STARTER_STEPS = ['Consignation et mise à la terre', "Mesure d'isolement (mégohmmètre 5 kV)"];

async function createTransformerThroughApi() {
  const api = await adminApi();
  const client = await api('POST', '/clients', { nom_entreprise: unique('Laiterie du Souss'), ville: 'Agadir' });
  expect(client.status).toBe(201);
  const ownerId = (client.body as { data: { id: number } }).data.id;
  const equipment = await api('POST', '/equipment', {
    nom: unique('Transformateur TR1 630 kVA'),
    type_equipement: 'TRANSFORMATEUR',
    proprietaire_id: ownerId,
  });
  expect(equipment.status).toBe(201);
  return (equipment.body as { data: { id: number; nom: string } }).data;
}

async function openTemplatesFromInterventions(page: Page) {
  await page.goto('/interventions');
  await page.getByRole('link', { name: 'Modèles' }).click();
  await page.waitForURL('**/interventions/templates');
  await page.getByRole('heading', { name: "Modèles d'intervention" }).waitFor();
}

describe('intervention templates', () => {
  it('an administrator creates a template with two steps and one material from Interventions → Modèles', async () => {
    const nom = unique('Contrôle cellule HTA');
    const { context, page } = await newPage(browser);
    await signIn(page);
    await openTemplatesFromInterventions(page);
    await page.getByRole('row').filter({ hasText: STARTER }).waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Nouveau modèle' }).click();
    const form = page.getByRole('dialog', { name: 'Nouveau modèle' });
    await form.getByRole('button', { name: 'Créer le modèle' }).click();
    await form.getByText('Le nom du modèle est requis').waitFor();
    await form.getByLabel(/Nom du modèle/).fill(nom);
    await form.getByRole('combobox', { name: "Type d'équipement" }).click();
    await form.getByRole('option', { name: 'Cellule HTA' }).click();
    await form.getByLabel('Durée estimée (minutes)').fill('90');
    for (const [i, step] of ['Consignation de la cellule', 'Essais de manœuvre'].entries()) {
      await form.getByRole('button', { name: 'Ajouter une étape' }).click();
      await form.getByLabel(`Étape ${i + 1}`, { exact: true }).fill(step);
    }
    await form.getByRole('button', { name: 'Ajouter du matériel' }).click();
    await form.getByLabel(/Désignation.*ligne 1/).fill('Graisse contacts');
    await form.getByLabel(/Quantité.*ligne 1/).fill('0,5');
    await form.getByLabel(/Prix unitaire.*ligne 1/).fill('80');
    await expectNoSeriousA11yViolations(page);
    await form.getByRole('button', { name: 'Créer le modèle' }).click();
    await page.getByText('Modèle créé avec succès').first().waitFor();
    await form.waitFor({ state: 'detached' });

    const row = page.getByRole('row').filter({ hasText: nom });
    await row.getByText('Cellule HTA', { exact: true }).waitFor();
    await row.getByText('2 étapes').waitFor();
    await row.getByText('1 ligne', { exact: true }).waitFor();
    const flat = (s: string | null) => (s ?? '').replace(/\s/g, '');
    await expect.poll(async () => flat(await row.getByText(/MAD/).textContent())).toBe('40,00MAD');
    await context.close();
  });

  it("a technician uses the starter template on a transformer; the new intervention has the template's checklist", async () => {
    const transformer = await createTransformerThroughApi();
    const username = unique('tech.modeles').replace(/\s/g, '').toLowerCase();
    const { password } = await createReadyUser('Technicien', 'Yassine Technicien', username);
    const { context, page } = await newPage(browser);
    await signIn(page, '/', { username, password });
    await openTemplatesFromInterventions(page);
    await page.getByRole('searchbox', { name: 'Rechercher un modèle' }).fill('visite annuelle');
    const row = page.getByRole('row').filter({ hasText: STARTER });
    await row.waitFor();
    expect(await page.getByRole('button', { name: 'Nouveau modèle' }).count()).toBe(0);
    expect(await row.getByRole('button', { name: `Modifier ${STARTER}` }).count()).toBe(0);

    await row.getByRole('button', { name: `Utiliser ${STARTER}` }).click();
    const use = page.getByRole('dialog', { name: `Nouvelle Intervention — ${STARTER}` });
    for (const step of STARTER_STEPS) await use.getByText(step).waitFor();
    await use.getByRole('combobox', { name: /Équipement/ }).click();
    await use.getByRole('textbox', { name: 'Rechercher...' }).fill(transformer.nom);
    await use.getByRole('option', { name: new RegExp(transformer.nom) }).click();
    await expectNoSeriousA11yViolations(page);
    await use.getByRole('button', { name: "Créer l'intervention" }).click();
    await page.getByText('Intervention créée à partir du modèle').first().waitFor();

    // The created intervention opens in the interventions list, with the template's steps as its checklist.
    await page.waitForURL(/\/interventions\?id=\d+$/);
    const detail = page.getByRole('dialog');
    const checklist = detail.getByRole('region', { name: 'Checklist' });
    await checklist.getByText('0/8').waitFor();
    for (const step of STARTER_STEPS) await checklist.getByRole('checkbox', { name: step }).waitFor();
    await detail.getByText(transformer.nom).first().waitFor();
    await context.close();
  });
});
