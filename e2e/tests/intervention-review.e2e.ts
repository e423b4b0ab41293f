import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, newPage, signIn, unique } from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A finished intervention on its own client and equipment, made through the API. */
async function finishedIntervention(description: string) {
  const api = await adminApi();
  const client = await api('POST', '/clients', { nom_entreprise: unique('Sucrerie Doukkala'), ville: 'El Jadida' });
  const owner = (client.body as { data: { id: number } }).data;
  const eq = await api('POST', '/equipment', { nom: unique('Compresseur'), proprietaire_id: owner.id });
  const equipment = (eq.body as { data: { id: number; nom: string } }).data;
  const created = await api('POST', '/interventions', {
    equipement_id: equipment.id,
    date: new Date().toISOString().slice(0, 10),
    description,
  });
  expect(created.status).toBe(201);
  const id = (created.body as { data: { id: number } }).data.id;
  for (const statut of ['EN_COURS', 'TERMINEE']) {
    const res = await api('PUT', `/interventions/${id}/status`, { statut });
    expect(res.status).toBe(200);
  }
  return { id, equipment };
}

describe('intervention review and written reports', () => {
  it('submits, rejects with a reason, resubmits, approves; writes a compte rendu; filters the list', async () => {
    const description = unique('Révision compresseur à valider');
    const { equipment } = await finishedIntervention(description);
    const { context, page } = await newPage(browser);
    await signIn(page, '/interventions');
    await page.getByRole('searchbox', { name: 'Rechercher des interventions' }).fill(description);
    const row = page.getByRole('row').filter({ hasText: equipment.nom });
    await row.getByRole('button', { name: 'Voir' }).click();
    const detail = page.getByRole('dialog');
    const review = detail.getByRole('region', { name: 'Validation' });

    await review.getByRole('button', { name: 'Soumettre pour validation' }).click();
    await page.getByText('Intervention soumise pour validation').first().waitFor();
    await review.getByText('À valider').waitFor();
    await row.getByText('À valider').first().waitFor();

    await review.getByRole('button', { name: 'Rejeter' }).click();
    const dialog = page.getByRole('dialog', { name: "Rejeter l'intervention" });
    await dialog.getByRole('button', { name: 'Confirmer le rejet' }).click();
    await dialog.getByText('Le motif du rejet est requis').waitFor();
    await dialog.getByLabel(/Motif du rejet/).fill('Photos du joint manquantes');
    await dialog.getByRole('button', { name: 'Confirmer le rejet' }).click();
    await review.getByText('Motif du rejet : Photos du joint manquantes').waitFor();

    await review.getByRole('button', { name: 'Soumettre pour validation' }).click();
    await review.getByRole('button', { name: 'Approuver' }).click();
    await review.getByText('Approuvée', { exact: true }).waitFor();
    await detail.getByRole('region', { name: 'Historique' }).getByText('Validation approuvée').waitFor();

    const reports = detail.getByRole('region', { name: 'Comptes rendus' });
    await reports.getByLabel(/Titre du compte rendu/).fill('Bilan de la révision');
    await reports.getByLabel(/Contenu du compte rendu/).fill('Joint remplacé, essais conformes.');
    await reports.getByRole('button', { name: 'Ajouter le compte rendu' }).click();
    await reports.getByRole('article', { name: 'Bilan de la révision' }).waitFor();

    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: 'Filtrer par validation' }).selectOption('SOUMISE');
    await page.getByText('Aucune intervention ne correspond aux filtres').waitFor();
    await page.getByRole('combobox', { name: 'Filtrer par validation' }).selectOption('APPROUVEE');
    await row.getByText('Approuvée').first().waitFor();
    await context.close();
  });
});
