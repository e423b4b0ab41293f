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

async function createEquipmentThroughApi() {
  const api = await adminApi();
  const client = await api('POST', '/clients', { nom_entreprise: unique('Cimenterie Atlas'), ville: 'Settat' });
  expect(client.status).toBe(201);
  const owner = client.body as { data: { id: number } };
  const equipment = await api('POST', '/equipment', {
    nom: unique('Groupe électrogène'),
    marque: 'Caterpillar',
    proprietaire_id: owner.data.id,
  });
  expect(equipment.status).toBe(201);
  return { owner: owner.data, equipment: (equipment.body as { data: { id: number; nom: string } }).data };
}

const phaseState = (page: Page, phase: string) =>
  page.getByRole('dialog').locator(`[data-phase="${phase}"]`).getAttribute('data-state');
const phaseStates = async (page: Page) =>
  Promise.all(['planification', 'preparation', 'execution', 'cloture'].map((p) => phaseState(page, p)));
const actionButtons = async (page: Page) => {
  const names = ['Démarrer', 'Mettre en Pause', 'Terminer', 'Reprendre'];
  const visible: string[] = [];
  for (const name of names) {
    if ((await page.getByRole('dialog').getByRole('button', { name, exact: true }).count()) > 0) visible.push(name);
  }
  return visible;
};

describe('interventions', () => {
  it('creates an intervention with the form, walks it through the workflow in the detail, cycles it in the list', async () => {
    const { equipment } = await createEquipmentThroughApi();
    const description = unique('Remplacement du régulateur de tension et essais en charge');
    const { context, page } = await newPage(browser);
    await signIn(page, '/interventions');
    await page.getByRole('heading', { name: 'Interventions', exact: true }).waitFor();

    // --- create through the form
    await page.getByRole('button', { name: 'Nouvelle Intervention' }).click();
    const form = page.getByRole('dialog', { name: 'Nouvelle Intervention' });
    const d = new Date();
    const today = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    expect(await form.getByLabel('Date').inputValue()).toBe(today);
    // the statuses a new intervention may start in, PLANIFIEE by default (spec §4)
    expect(await form.getByLabel('Statut').locator('option').allTextContents()).toEqual([
      'Planifiée',
      'En Attente PDR',
      'En Cours',
      'Terminée',
    ]);
    expect(await form.getByLabel('Statut').inputValue()).toBe('PLANIFIEE');
    await form.getByRole('button', { name: "Créer l'intervention" }).click();
    await form.getByText("L'équipement est requis").waitFor();
    await form.getByRole('combobox', { name: /Équipement/ }).click();
    await form.getByRole('textbox', { name: 'Rechercher...' }).fill(equipment.nom);
    await form.getByRole('option', { name: new RegExp(equipment.nom) }).click();
    await form.getByLabel('Description').fill(description);
    await form.getByLabel('Intervention urgente').check();
    await form.getByRole('button', { name: "Créer l'intervention" }).click();
    await page.getByText('Intervention créée avec succès').waitFor();
    await form.waitFor({ state: 'detached' });

    // --- the list shows it: description cut at 40, URGENT badge, owner under the equipment
    await page.getByRole('searchbox', { name: 'Rechercher des interventions' }).fill(description);
    const row = page.getByRole('row').filter({ hasText: equipment.nom });
    await row.getByText(`${description.slice(0, 40)}...`).waitFor();
    await row.getByText('URGENT').waitFor();
    await row.getByText('Planifiée').waitFor();
    await expectNoSeriousA11yViolations(page);

    // --- detail: phases and buttons follow start, pause, resume, finish
    await row.getByRole('button', { name: 'Voir' }).click();
    const detail = page.getByRole('dialog');
    await detail.getByRole('button', { name: 'Télécharger Rapport' }).waitFor();
    await detail.getByRole('button', { name: 'Démarrer' }).waitFor();
    // the information, the list of next actions and the available actions (spec §2 intervention detail)
    const info = detail.getByRole('region', { name: 'Informations' });
    expect(await info.getByText(equipment.nom, { exact: false }).count()).toBeGreaterThan(0);
    await info.getByText(description).waitFor();
    const next = detail.getByRole('region', { name: 'Prochaines actions' });
    await next.getByText('Intervention urgente : à traiter en priorité').waitFor();
    await next.getByText("Démarrer l'intervention sur site").waitFor();
    await detail
      .getByRole('region', { name: 'Actions disponibles' })
      .getByRole('button', { name: 'Démarrer' })
      .waitFor();
    expect(await phaseStates(page)).toEqual(['En cours', 'En attente', 'En attente', 'En attente']);
    expect(await actionButtons(page)).toEqual(['Démarrer']);

    await detail.getByRole('button', { name: 'Démarrer' }).click();
    await page.getByText('Statut mis à jour avec succès').first().waitFor();
    await detail.getByRole('button', { name: 'Mettre en Pause' }).waitFor();
    await expect.poll(() => phaseStates(page)).toEqual(['Terminé', 'Terminé', 'En cours', 'En attente']);
    expect(await actionButtons(page)).toEqual(['Mettre en Pause', 'Terminer']);

    await detail.getByRole('button', { name: 'Mettre en Pause' }).click();
    // Issue 31: the pause asks its motif.
    const pause = page.getByRole('dialog', { name: 'Mettre en pause' });
    await pause.getByRole('radio', { name: /Autre/ }).check();
    await pause.getByRole('button', { name: 'Mettre en pause' }).click();
    await detail.getByRole('button', { name: 'Reprendre' }).waitFor();
    expect(await actionButtons(page)).toEqual(['Reprendre']);

    await detail.getByRole('button', { name: 'Reprendre' }).click();
    await detail.getByRole('button', { name: 'Terminer' }).waitFor();
    await detail.getByRole('button', { name: 'Terminer' }).click();
    await expect.poll(() => phaseStates(page)).toEqual(['Terminé', 'Terminé', 'Terminé', 'Terminé']);
    await expect.poll(() => actionButtons(page)).toEqual([]);

    // history lists every move; a note can be added
    const history = detail.getByRole('list', { name: 'Historique' });
    await history.getByText('En Cours → Terminée').waitFor();
    await history.getByText('En Pause → En Cours').waitFor();
    await detail.getByLabel('Ajouter une note de suivi').fill('Essais en charge concluants');
    await detail.getByRole('button', { name: 'Ajouter', exact: true }).click();
    await history.getByText('Essais en charge concluants').waitFor();
    await expectNoSeriousA11yViolations(page);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      detail.getByRole('button', { name: 'Télécharger Rapport' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^rapport-intervention-\d+\.pdf$/);
    await detail.getByRole('button', { name: 'Fermer' }).last().click();
    await detail.waitFor({ state: 'detached' });

    // --- 'Changer Statut' cycles: TERMINEE → PLANIFIEE → EN_COURS → TERMINEE
    await row.getByText('Terminée').waitFor();
    for (const label of ['Planifiée', 'En Cours', 'Terminée']) {
      await row.getByRole('button', { name: 'Changer Statut' }).click();
      if (label === 'Planifiée') {
        // Leaving TERMINEE is a reopening: confirmed with its motif (issue 30, intervention-reopen.e2e.ts).
        const reopen = page.getByRole('dialog', { name: 'Rouvrir une intervention terminée ?' });
        await reopen.getByLabel(/Motif de la réouverture/).fill('Contrôle complémentaire');
        await reopen.getByRole('button', { name: 'Rouvrir' }).click();
      }
      await row.getByText(label, { exact: true }).waitFor();
    }
    await context.close();
  });

  it("'Nouvelle Intervention' from the equipment detail pre-selects the equipment", async () => {
    const { equipment } = await createEquipmentThroughApi();
    const description = unique('Visite préventive depuis la fiche équipement');
    const { context, page } = await newPage(browser);
    await signIn(page, '/equipment');
    await page.getByRole('searchbox', { name: 'Rechercher un équipement' }).fill(equipment.nom);
    await page.getByRole('button', { name: `Voir ${equipment.nom}` }).click();
    const detail = page.getByRole('dialog');
    await detail.getByRole('button', { name: 'Modifier' }).first().waitFor();
    // The app layer wires the equipment detail to the intervention form (app/routes/equipment.tsx).
    await detail.getByRole('button', { name: 'Nouvelle Intervention' }).click();
    const form = page.getByRole('dialog', { name: 'Nouvelle Intervention' });
    await form
      .getByRole('combobox', { name: /Équipement/ })
      .filter({ hasText: equipment.nom })
      .waitFor();
    await form.getByLabel('Description').fill(description);
    await form.getByRole('button', { name: "Créer l'intervention" }).click();
    await page.getByText('Intervention créée avec succès').waitFor();
    const api = await adminApi();
    const list = await api('GET', `/interventions?equipement_id=${equipment.id}`);
    expect((list.body as { data: { description: string }[] }).data.map((r) => r.description)).toEqual([description]);
    await context.close();
  });

  it('the edit form offers only reachable statuses and sends the status change', async () => {
    const { equipment } = await createEquipmentThroughApi();
    const api = await adminApi();
    const description = unique('Contrôle thermographique');
    const created = await api('POST', '/interventions', {
      equipement_id: equipment.id,
      date: '2026-01-15',
      description,
    });
    expect(created.status).toBe(201);
    // Waiting for parts needs an open part request (issue 18).
    const part = await api('POST', '/parts', {
      reference: unique('PDR'),
      designation: 'Roulement',
      unite: 'u',
      prix_unitaire: 10,
    });
    const request = await api(
      'POST',
      `/interventions/${(created.body as { data: { id: number } }).data.id}/part-requests`,
      {
        lignes: [{ part_id: (part.body as { data: { id: number } }).data.id, quantite: 1 }],
        fournisseur: 'SKF',
        date_commande: '2026-01-15',
      },
    );
    expect(request.status).toBe(201);
    const { context, page } = await newPage(browser);
    await signIn(page, '/interventions');
    await page.getByRole('searchbox', { name: 'Rechercher des interventions' }).fill(description);
    const row = page.getByRole('row').filter({ hasText: equipment.nom });
    await row.getByRole('button', { name: 'Modifier' }).click();
    const form = page.getByRole('dialog', { name: "Modifier l'intervention" });
    const options = await form.getByLabel('Statut').locator('option').allTextContents();
    expect(options).toEqual(['Planifiée (actuel)', 'En Attente PDR', 'En Cours']);
    await form.getByLabel('Statut').selectOption('EN_ATTENTE_PDR');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Statut mis à jour avec succès').first().waitFor();
    await row.getByText('En Attente PDR').waitFor();
    await context.close();
  });
});
