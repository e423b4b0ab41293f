import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, download, expectNoSeriousA11yViolations, newPage, signIn, unique } from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function createClosedIntervention(description: string, statut = 'TERMINEE') {
  const api = await adminApi();
  const client = await api('POST', '/clients', { nom_entreprise: unique('Cimenterie Atlas'), ville: 'Settat' });
  const ownerId = (client.body as { data: { id: number } }).data.id;
  const equipment = await api('POST', '/equipment', {
    nom: unique('Transformateur T2'),
    proprietaire_id: ownerId,
    type_equipement: 'TRANSFORMATEUR',
  });
  expect(equipment.status).toBe(201);
  const equipementId = (equipment.body as { data: { id: number } }).data.id;
  const today = new Date().toISOString().slice(0, 10);
  const created = await api('POST', '/interventions', {
    equipement_id: equipementId,
    date: today,
    description,
    statut,
  });
  expect(created.status).toBe(201);
}

const rowOf = (page: Page, description: string) => page.getByRole('row').filter({ hasText: description.slice(0, 30) });
const toast = (page: Page, text: string) => page.getByText(text).first().waitFor();

describe('intervention lifecycle, checklist and export', () => {
  it('ticks the checklist, exports the filtered list, archives, trashes, restores and deletes for good', async () => {
    const description = unique('Révision annuelle du poste');
    await createClosedIntervention(description);
    const { context, page } = await newPage(browser);
    await signIn(page, '/interventions');
    await page.getByRole('searchbox', { name: 'Rechercher des interventions' }).fill(description);

    // --- checklist from the equipment type
    await rowOf(page, description).getByRole('button', { name: 'Voir' }).click();
    const checklist = page.getByRole('dialog').getByRole('region', { name: 'Checklist' });
    await checklist.getByText('0/6').waitFor();
    await checklist.getByRole('checkbox', { name: "Mesure d'isolement" }).check();
    await checklist.getByText('1/6').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Fermer' }).last().click();

    // --- export CSV with the current search
    await page.getByRole('button', { name: 'Exporter' }).click();
    const { name, text: csv } = await download(page, () => page.getByRole('menuitem', { name: 'CSV' }).click());
    expect(name).toMatch(/^interventions_\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.startsWith('\uFEFFN°;Date;')).toBe(true);
    expect(csv.trim().split('\n')).toHaveLength(2);
    expect(csv).toContain(description);

    // --- archive, then trash from the archive
    await rowOf(page, description).getByRole('button', { name: 'Archiver' }).click();
    await toast(page, 'Intervention archivée avec succès');
    await rowOf(page, description).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Archivées', exact: true }).click();
    await rowOf(page, description).getByRole('button', { name: 'Supprimer' }).click();
    const trash = page.getByRole('dialog', { name: "Supprimer l'intervention" });
    await trash.getByText("L'intervention sera déplacée dans la Corbeille").waitFor();
    await trash.getByRole('button', { name: 'Mettre à la corbeille' }).click();
    await toast(page, 'Intervention supprimée avec succès : déplacée dans la Corbeille');

    // --- restore from the trash (back to the archive), trash again, then delete for good
    await page.getByRole('button', { name: 'Corbeille', exact: true }).click();
    await rowOf(page, description).getByRole('button', { name: 'Restaurer' }).click();
    await toast(page, 'Intervention restaurée avec succès');
    await rowOf(page, description).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Archivées', exact: true }).click();
    await rowOf(page, description).getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('button', { name: 'Mettre à la corbeille' }).click();
    await rowOf(page, description).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Corbeille', exact: true }).click();
    await rowOf(page, description).getByRole('button', { name: 'Supprimer définitivement' }).click();
    const purge = page.getByRole('dialog', { name: "Supprimer définitivement l'intervention" });
    await purge.getByText('Cette action est irréversible !').waitFor();
    await expectNoSeriousA11yViolations(page);
    await purge.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await toast(page, 'Intervention supprimée définitivement');
    await rowOf(page, description).waitFor({ state: 'detached' });
    for (const scope of ['Actives', 'Archivées']) {
      await page.getByRole('button', { name: scope, exact: true }).click();
      await page.getByText('Aucune intervention ne correspond aux filtres').waitFor();
    }
    await context.close();
  });

  it('changes the status of selected rows at once', async () => {
    const prefix = unique('Tournée groupée');
    await createClosedIntervention(`${prefix} A`, 'PLANIFIEE');
    await createClosedIntervention(`${prefix} B`, 'PLANIFIEE');
    const { context, page } = await newPage(browser);
    await signIn(page, '/interventions');
    await page.getByRole('searchbox', { name: 'Rechercher des interventions' }).fill(prefix);
    // The search is debounced: wait until the list holds only the two rows (header row + 2).
    await expect.poll(() => page.getByRole('row').count()).toBe(3);
    await rowOf(page, `${prefix} A`).waitFor();
    await page.getByRole('checkbox', { name: 'Sélectionner toutes les interventions de la page' }).check();
    const bar = page.getByRole('region', { name: 'Actions groupées' });
    await bar.getByText('2 interventions sélectionnées').waitFor();
    await bar.getByLabel('Nouveau statut').selectOption('EN_COURS');
    await bar.getByRole('button', { name: 'Appliquer le statut' }).click();
    await toast(page, 'Statut mis à jour pour 2 interventions');
    await bar.waitFor({ state: 'detached' });
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: prefix }).filter({ hasText: 'En Cours' }).count())
      .toBe(2);
    await context.close();
  });
});
