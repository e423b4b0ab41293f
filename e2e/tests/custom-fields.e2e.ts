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

async function createTransformerInterventionThroughApi(description: string) {
  const api = await adminApi();
  const client = await api('POST', '/clients', { nom_entreprise: unique('Brasserie du Maroc'), ville: 'Casablanca' });
  expect(client.status).toBe(201);
  const ownerId = (client.body as { data: { id: number } }).data.id;
  const equipment = await api('POST', '/equipment', {
    nom: unique('Transformateur TR2'),
    type_equipement: 'TRANSFORMATEUR',
    proprietaire_id: ownerId,
  });
  expect(equipment.status).toBe(201);
  const { id: equipmentId, nom } = (equipment.body as { data: { id: number; nom: string } }).data;
  const created = await api('POST', '/interventions', {
    equipement_id: equipmentId,
    date: new Date().toISOString().slice(0, 10),
    description,
  });
  expect(created.status).toBe(201);
  // Another intervention on the same transformer, without a value: the filter must leave it out.
  const other = await api('POST', '/interventions', { equipement_id: equipmentId, date: '2026-01-10' });
  expect(other.status).toBe(201);
  return { id: (created.body as { data: { id: number } }).data.id, equipment: nom };
}

const flat = (s: string | null) => (s ?? '').replace(/[\s\u00a0\u202f]/g, ' ').trim();

const rowCount = (page: Page) => page.getByRole('row').count();

describe('custom fields', () => {
  it('an administrator defines "Puissance" (kVA, transformers); 630 entered on a transformer shows, filters and exports', async () => {
    // A key of this run: the field's label is the one the issue names, its key is unique to this run.
    const cle = `puissance_${Date.now().toString(36)}`;
    const description = unique('Mise en service transformateur');
    const intervention = await createTransformerInterventionThroughApi(description);
    const { context, page } = await newPage(browser);
    await signIn(page);

    // --- the administration page, from the sidebar
    await page.getByRole('link', { name: 'Champs personnalisés' }).click();
    await page.waitForURL('**/admin/custom-fields');
    await page.getByRole('heading', { name: 'Champs personnalisés' }).waitFor();
    await page.getByText('Aucun champ personnalisé').or(page.getByRole('row').nth(1)).first().waitFor();
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Nouveau champ' }).click();
    const form = page.getByRole('dialog', { name: 'Nouveau champ' });
    await form.getByLabel(/Libellé/).fill('Puissance');
    expect(await form.getByLabel(/Clé/).inputValue()).toBe('puissance');
    await form.getByLabel(/Clé/).fill(cle);
    await form.getByRole('combobox', { name: /^Type(?! d)/ }).selectOption({ label: 'Nombre' });
    await form.getByLabel(/Unité/).fill('kVA');
    await form.getByRole('combobox', { name: "Type d'équipement" }).click();
    await form.getByRole('option', { name: 'Transformateur', exact: true }).click();
    await expectNoSeriousA11yViolations(page);
    await form.getByRole('button', { name: 'Créer le champ' }).click();
    await page.getByText('Champ personnalisé créé').first().waitFor();
    await form.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: cle });
    for (const text of ['Puissance', 'Nombre', 'kVA', 'Transformateur', 'Actif']) {
      await row.getByText(text, { exact: true }).waitFor();
    }

    // --- the transformer intervention's detail: enter 630, see "630 kVA"
    await page.goto(`/interventions?id=${intervention.id}`);
    const detail = page.getByRole('dialog', { name: new RegExp(`Intervention #${intervention.id}`) });
    const section = detail.getByRole('region', { name: 'Champs personnalisés' });
    await section.getByText('Aucune valeur saisie.').waitFor();
    await section.getByRole('button', { name: 'Modifier', exact: true }).click();
    const values = section.getByRole('form', { name: 'Formulaire des champs personnalisés' });
    await values.getByLabel('Puissance').fill('630');
    await values.getByText('kVA').waitFor();
    await expectNoSeriousA11yViolations(page);
    await values.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Champs personnalisés enregistrés').first().waitFor();
    await values.waitFor({ state: 'detached' });
    await expect.poll(async () => flat(await section.getByText(/kVA/).textContent())).toBe('630 kVA');
    // the history names the change
    await detail
      .getByRole('region', { name: 'Historique' })
      .getByText(/Champs personnalisés : Puissance/)
      .waitFor();
    await detail.getByRole('button', { name: 'Fermer' }).last().click();
    await detail.waitFor({ state: 'detached' });
    // the saved toast fades out before the accessibility check (its exit animation lowers the contrast)
    await page.getByText('Champs personnalisés enregistrés').first().waitFor({ state: 'detached' });

    // --- the list filtered on the field shows it alone, another value shows nothing
    await page.getByRole('searchbox', { name: 'Rechercher des interventions' }).fill(intervention.equipment);
    await expect.poll(() => rowCount(page)).toBe(3); // header, the intervention with 630, the other one
    await page.getByRole('combobox', { name: 'Filtrer par champ personnalisé' }).selectOption({
      label: 'Puissance (Transformateur)',
    });
    const value = page.getByRole('searchbox', { name: 'Valeur du champ personnalisé' });
    await value.fill('631');
    await page.getByText('Aucune intervention ne correspond aux filtres').waitFor();
    await value.fill('630');
    await expect.poll(() => rowCount(page)).toBe(2);
    await page
      .getByRole('row')
      .filter({ hasText: description.slice(0, 30) })
      .waitFor();
    await expectNoSeriousA11yViolations(page);

    // --- the export takes the same filter and has the field's column
    await page.getByRole('button', { name: 'Exporter' }).click();
    const { text: csv } = await download(page, () => page.getByRole('menuitem', { name: 'CSV' }).click());
    const [header, ...lines] = csv.trim().split('\n');
    expect(header).toContain('Puissance (kVA)');
    expect(lines).toHaveLength(1);
    expect(flat(lines[0] ?? '')).toContain('630 kVA');
    expect(lines[0]).toContain(description);
    await context.close();
    // One journey through three pages with four accessibility scans: 16 s on an idle 2-core machine (the scans 6 s of
    // it), past 60 s once in CI beside another browser file; the other long journeys (dashboard, plans, stock) have
    // 120 s.
  }, 120_000);
});
