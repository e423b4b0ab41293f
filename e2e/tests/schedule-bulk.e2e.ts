import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, expectNoSeriousA11yViolations, newPage, signIn, unique } from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Interventions on a new equipment, through the API; returns their ids. */
async function createInterventions(descriptions: string[]) {
  const api = await adminApi();
  const client = await api('POST', '/clients', { nom_entreprise: unique('Laiterie du Saïss'), ville: 'Meknès' });
  const ownerId = (client.body as { data: { id: number } }).data.id;
  const equipment = await api('POST', '/equipment', { nom: unique('Compresseur'), proprietaire_id: ownerId });
  expect(equipment.status).toBe(201);
  const equipementId = (equipment.body as { data: { id: number } }).data.id;
  const ids: number[] = [];
  for (const description of descriptions) {
    const created = await api('POST', '/interventions', {
      equipement_id: equipementId,
      date: new Date().toISOString().slice(0, 10),
      description,
    });
    expect(created.status).toBe(201);
    ids.push((created.body as { data: { id: number } }).data.id);
  }
  return ids;
}

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });
const search = async (page: Page, text: string, rows: number) => {
  await page.getByRole('searchbox', { name: 'Rechercher des interventions' }).fill(text);
  // The search is debounced: wait until the list holds only the expected rows (plus the header row).
  await expect.poll(() => page.getByRole('row').count()).toBe(rows + 1);
};

describe('scheduling and bulk actions', () => {
  it('schedules an intervention from its detail and shows the planned time in the list', async () => {
    const description = unique('Vidange du compresseur');
    await createInterventions([description]);
    const { context, page } = await newPage(browser);
    await signIn(page, '/interventions');
    await search(page, description, 1);

    await rowOf(page, description).getByRole('button', { name: 'Voir' }).click();
    const detail = page.getByRole('dialog');
    await detail.getByText(/· heure à planifier$/).waitFor();
    await detail.getByRole('button', { name: 'Planifier la date' }).click();
    const form = detail.getByRole('form', { name: "Planifier l'intervention" });
    await form.getByLabel('Date prévue').fill('2026-12-15');
    await form.getByLabel('Heure (Casablanca)').fill('08:30');
    await form.getByLabel('Durée prévue').fill('2');
    await expectNoSeriousA11yViolations(page);
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Intervention planifiée avec succès').first().waitFor();
    await detail.getByText('15/12/2026 à 08:30 (2 h)', { exact: true }).waitFor();
    await detail.getByRole('button', { name: 'Replanifier' }).waitFor();
    await detail
      .getByRole('region', { name: 'Historique' })
      .getByText('Planifiée le 15/12/2026 à 08:30 (2 h)')
      .waitFor();
    await detail.getByRole('button', { name: 'Fermer' }).last().click();

    const row = rowOf(page, description);
    // under the date (planned on another day than its date): the planned time and its duration
    await row.getByText('Prévue le 15/12/2026 à 08:30 (2 h)').waitFor();
    await context.close();
  });

  it('moves two selected rows to the Corbeille after a confirmation naming 2', async () => {
    const prefix = unique('Contrôle trimestriel');
    const [a, b] = await createInterventions([`${prefix} A`, `${prefix} B`]);
    const { context, page } = await newPage(browser);
    await signIn(page, '/interventions');
    await search(page, prefix, 2);
    await page.getByRole('checkbox', { name: `Sélectionner l'intervention #${a}` }).check();
    await page.getByRole('checkbox', { name: `Sélectionner l'intervention #${b}` }).check();
    const bar = page.getByRole('region', { name: 'Actions groupées' });
    await bar.getByText('2 interventions sélectionnées').waitFor();
    await bar.getByRole('button', { name: 'Mettre à la corbeille' }).click();

    const confirm = page.getByRole('dialog', { name: 'Mettre 2 interventions à la corbeille ?' });
    await confirm.getByText('Vous pourrez les restaurer depuis la corbeille.').waitFor();
    await expectNoSeriousA11yViolations(page);
    await confirm.getByRole('button', { name: 'Mettre à la corbeille' }).click();
    await page.getByText('2 interventions placées dans la corbeille').first().waitFor();
    await bar.waitFor({ state: 'detached' });
    await page.getByText('Aucune intervention ne correspond aux filtres').waitFor();

    await page.getByRole('button', { name: 'Corbeille', exact: true }).click();
    await expect.poll(() => rowOf(page, prefix).count()).toBe(2);
    await context.close();
  });
});
