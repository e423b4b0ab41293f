import { VERSION_MESSAGES } from '@gmao/domain/interventions/version-schemas';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, loginThroughForm, newPage, unique } from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';

/**
 * Versions (ARCHITECTURE.md "Versions and sync"): two tabs show the same intervention; tab A starts it; tab B, still
 * showing the old state, presses the same button — the server refuses the stale version (409), tab B says so and
 * shows the reloaded state, and nothing was written twice.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function createInterventionThroughApi(description: string) {
  const api = await adminApi();
  const client = await api('POST', '/clients', { nom_entreprise: unique('Laiterie du Souss'), ville: 'Agadir' });
  const ownerId = (client.body as { data: { id: number } }).data.id;
  const equipment = await api('POST', '/equipment', { nom: unique('Tank à lait'), proprietaire_id: ownerId });
  const equipementId = (equipment.body as { data: { id: number } }).data.id;
  const today = new Date().toISOString().slice(0, 10);
  const created = await api('POST', '/interventions', { equipement_id: equipementId, date: today, description });
  expect(created.status).toBe(201);
  return { api, id: (created.body as { data: { id: number } }).data.id };
}

/** Opens the intervention's detail from the list, as a user does. */
async function openDetail(page: Page, description: string) {
  await page.goto('/interventions');
  await page.getByRole('searchbox', { name: 'Rechercher des interventions' }).fill(description);
  await page
    .getByRole('row')
    .filter({ hasText: description.slice(0, 30) })
    .getByRole('button', { name: 'Voir' })
    .click();
  const detail = page.getByRole('dialog');
  await detail.getByRole('button', { name: 'Démarrer', exact: true }).waitFor();
  return detail;
}

const statutShown = (page: Page) =>
  page
    .getByRole('dialog')
    .getByRole('region', { name: 'Informations' })
    .locator('dt:text-is("Statut") + dd')
    .textContent();

describe('two tabs on the same intervention', () => {
  it('the stale tab gets the conflict message and the reloaded state; nothing is written twice', async () => {
    const description = unique('Fuite sur la vanne de vidange du tank');
    const { api, id } = await createInterventionThroughApi(description);
    const { context, page: tabA } = await newPage(browser);
    await loginThroughForm(tabA);
    const tabB = await context.newPage(); // same session (localStorage), second tab
    tabB.setDefaultTimeout(15_000);
    const detailA = await openDetail(tabA, description);
    const detailB = await openDetail(tabB, description);

    // Tab A starts the intervention.
    await detailA.getByRole('button', { name: 'Démarrer', exact: true }).click();
    await tabA.getByText('Statut mis à jour avec succès').first().waitFor();
    await detailA.getByRole('button', { name: 'Mettre en Pause', exact: true }).waitFor();

    // Tab B still shows "Démarrer" and presses it: refused, explained, reloaded.
    expect(await statutShown(tabB)).toBe('Planifiée');
    await detailB.getByRole('button', { name: 'Démarrer', exact: true }).click();
    await tabB.getByText(VERSION_MESSAGES.reloaded).first().waitFor();
    await detailB.getByRole('button', { name: 'Mettre en Pause', exact: true }).waitFor();
    expect(await detailB.getByRole('button', { name: 'Démarrer', exact: true }).count()).toBe(0);
    await expect.poll(() => statutShown(tabB)).toBe('En Cours');

    // One start in the history, not two; tab B now works on the fresh version.
    const history = await api('GET', `/interventions/${id}/workflow/history`);
    const steps = (history.body as { data: { toStatut: string | null }[] }).data.filter(
      (h) => h.toStatut === 'EN_COURS',
    );
    expect(steps).toHaveLength(1);
    await detailB.getByRole('button', { name: 'Mettre en Pause', exact: true }).click();
    // Issue 31: the pause asks its motif.
    const pause = tabB.getByRole('dialog', { name: 'Mettre en pause' });
    await pause.getByRole('radio', { name: /Autre/ }).check();
    await pause.getByRole('button', { name: 'Mettre en pause' }).click();
    await tabB.getByText('Statut mis à jour avec succès').first().waitFor();
    const after = await api('GET', `/interventions/${id}`);
    expect((after.body as { data: { statut: string; version: number } }).data).toMatchObject({
      statut: 'EN_PAUSE',
      version: 3,
    });
    await context.close();
  });
});
