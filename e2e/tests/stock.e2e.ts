import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, expectNoSeriousA11yViolations, newPage, signIn, unique } from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';

/**
 * Issue 18 in the browser: a part created and received through /stock, used on an intervention (its quantity
 * drops, a low-stock alert appears), and a part request made from the intervention's detail, which is what lets the
 * intervention wait for parts.
 */
const POLL = { timeout: 15_000 };
let browser: Browser;
let page: Page;
const reference = unique('FUS-HPC-63');
const designation = unique('Fusible HPC 63 A');

async function newIntervention(description: string) {
  const api = await adminApi();
  const client = await api('POST', '/clients', { nom_entreprise: unique('Laiterie du Gharb'), ville: 'Kénitra' });
  const equipment = await api('POST', '/equipment', {
    nom: unique('Tableau TGBT'),
    type_equipement: 'TABLEAU_ELECTRIQUE',
    proprietaire_id: (client.body as { data: { id: number } }).data.id,
  });
  const created = await api('POST', '/interventions', {
    equipement_id: (equipment.body as { data: { id: number } }).data.id,
    date: new Date().toISOString().slice(0, 10),
    description,
  });
  return (created.body as { data: { id: number } }).data.id;
}

beforeAll(async () => {
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  await signIn(page);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

describe('spare parts and stock', () => {
  it('creates a part, receives it, uses it on an intervention: the quantity drops and a low-stock alert appears', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Stock' }).first().click();
    await page.getByRole('heading', { name: 'Pièces et stock', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Nouvelle pièce' }).click();
    const form = page.getByRole('dialog', { name: 'Nouvelle pièce' });
    await form.getByLabel(/^Référence/).fill(reference);
    await form.getByLabel(/^Désignation/).fill(designation);
    await form.getByLabel(/^Prix unitaire/).fill('45,50');
    await form.getByLabel(/^Seuil de réapprovisionnement/).fill('4');
    await form.getByRole('button', { name: 'Créer la pièce' }).click();
    await page.getByText('Pièce créée avec succès').first().waitFor();

    await page.getByRole('searchbox', { name: 'Rechercher une pièce' }).fill(reference);
    const row = page.getByRole('row').filter({ hasText: reference });
    await row.getByText('Stock bas').waitFor(); // nothing in stock yet, under its threshold
    await row.getByRole('button', { name: `Réception ${reference}` }).click();
    const reception = page.getByRole('dialog', { name: `Réception : ${designation}` });
    await reception.getByLabel(/^Quantité reçue/).fill('5');
    await reception.getByRole('button', { name: 'Entrer en stock' }).click();
    await page.getByText('Mouvement de stock enregistré').first().waitFor();
    await row.getByText('OK', { exact: true }).waitFor();
    expect(await row.textContent()).toContain('5 pièce');
    await expectNoSeriousA11yViolations(page);

    // Two of them on an intervention, picked from the catalogue in its detail: reserved, then issued when it is done.
    const api = await adminApi();
    const id = await newIntervention(unique('Remplacement des fusibles du TGBT'));
    await page.goto(`/interventions/${id}`);
    const materials = page.getByRole('dialog').getByRole('region', { name: 'Matériel utilisé' });
    await materials.getByRole('button', { name: 'Ajouter du matériel' }).click();
    await materials.getByRole('combobox', { name: 'Pièce du catalogue (facultatif)' }).click();
    await page.getByRole('option', { name: new RegExp(`^${reference} — `) }).click();
    expect(await materials.getByLabel(/^Désignation/).inputValue()).toBe(designation);
    await materials.getByLabel(/^Quantité/).fill('2');
    await materials.getByRole('button', { name: 'Enregistrer' }).click();
    const states = async () =>
      (
        (await api('GET', `/interventions/${id}/materials`)).body as {
          data: { items: { stock_state: string | null }[] };
        }
      ).data.items.map((m) => m.stock_state);
    await expect.poll(states, POLL).toEqual(['RESERVEE']);
    for (const statut of ['EN_COURS', 'TERMINEE'])
      expect((await api('PUT', `/interventions/${id}/status`, { statut })).status).toBe(200);
    await page.goto('/stock');
    await page.getByRole('searchbox', { name: 'Rechercher une pièce' }).fill(reference);
    await expect.poll(() => row.textContent(), POLL).toContain('3 pièce');
    await page.getByRole('region', { name: 'Stock bas' }).getByText(reference, { exact: false }).waitFor();
  });

  it("a part request made in the intervention's detail lets it wait for parts; receiving it enters the parts in stock", async () => {
    const api = await adminApi();
    const id = await newIntervention(unique('Disjoncteur général à remplacer'));
    expect((await api('PUT', `/interventions/${id}/status`, { statut: 'EN_COURS' })).status).toBe(200);
    // without a request, waiting for parts is refused
    expect((await api('PUT', `/interventions/${id}/status`, { statut: 'EN_ATTENTE_PDR' })).status).toBe(422);

    await page.goto(`/interventions/${id}`);
    const section = page.getByRole('dialog').getByRole('region', { name: 'Demandes de pièces' });
    await section.getByRole('button', { name: 'Demander des pièces' }).click();
    await section.getByRole('combobox', { name: 'Pièce' }).click();
    await page.getByRole('option', { name: `${reference} — ${designation}` }).click();
    await section.getByLabel(/^Quantité/).fill('2');
    await section.getByLabel(/^Fournisseur/).fill('Schneider Electric Maroc');
    await section.getByRole('button', { name: 'Enregistrer la demande' }).click();
    await page.getByText('Demande de pièces enregistrée').first().waitFor();
    await section.getByText('Commandée', { exact: true }).waitFor();
    expect((await api('PUT', `/interventions/${id}/status`, { statut: 'EN_ATTENTE_PDR' })).status).toBe(200);

    await section.getByRole('button', { name: 'Réceptionner' }).click();
    await page.getByText('Pièces reçues et entrées en stock').first().waitFor();
    await section.getByText('Reçue', { exact: true }).waitFor();
    const part = await api('GET', `/parts?search=${encodeURIComponent(reference)}`);
    expect((part.body as { data: { on_hand: number }[] }).data[0]?.on_hand).toBe(5);
  });

  it('creates a vehicle location, transfers 2 units to it from the central store, adjusts −1: the detail and the API agree', async () => {
    const api = await adminApi();
    const ref = unique('CTR-LC1D09');
    const created = await api('POST', '/parts', {
      reference: ref,
      designation: unique('Contacteur LC1D09'),
      unite: 'pièce',
      prix_unitaire: '120',
    });
    const partId = (created.body as { data: { id: number } }).data.id;
    const locations = (await api('GET', '/stock/locations')).body as { data: { id: number; nom: string }[] };
    const store = locations.data.find((l) => l.nom === 'Magasin central');
    expect(store).toBeTruthy();
    const received = await api('POST', '/stock/movements', {
      part_id: partId,
      location_id: store?.id,
      type: 'RECEPTION',
      quantite: 5,
    });
    expect(received.status).toBe(201);

    // the vehicle location, made in the 'Emplacements' tab
    const vehicle = unique('Camion atelier');
    await page.goto('/stock');
    await page.getByRole('heading', { name: 'Pièces et stock', level: 1 }).waitFor();
    await page.getByRole('tab', { name: 'Emplacements' }).click();
    await page.getByRole('heading', { name: 'Emplacements de stock', level: 2 }).waitFor();
    await page.getByRole('button', { name: 'Nouvel emplacement' }).click();
    const locationForm = page.getByRole('dialog', { name: 'Nouvel emplacement' });
    await locationForm.getByLabel(/^Nom/).fill(vehicle);
    await locationForm.getByLabel(/^Type/).selectOption('VEHICULE');
    const technician = locationForm.getByLabel(/^Technicien/);
    await expect.poll(() => technician.locator('option').count(), POLL).toBeGreaterThan(1);
    await technician.selectOption({ index: 1 });
    await locationForm.getByRole('button', { name: "Créer l'emplacement" }).click();
    await page.getByText('Emplacement créé avec succès').first().waitFor();
    await page.getByRole('row').filter({ hasText: vehicle }).getByText('Véhicule').waitFor();
    await expectNoSeriousA11yViolations(page);

    // the part's detail: a transfer of 2, then an adjustment of −1 in the vehicle
    await page.getByRole('tab', { name: 'Pièces' }).click();
    await page.getByRole('searchbox', { name: 'Rechercher une pièce' }).fill(ref);
    await page.getByRole('button', { name: `Voir ${ref}` }).click();
    const detail = page.getByRole('dialog').filter({ hasText: ref }).first();
    const stockTable = detail.getByRole('table', { name: 'Stock par emplacement' });
    await stockTable.getByRole('row').filter({ hasText: 'Magasin central' }).waitFor();

    const move = async (fill: (form: ReturnType<Page['getByRole']>) => Promise<void>) => {
      await detail.getByRole('button', { name: 'Mouvement de stock' }).click();
      const form = page.getByRole('dialog', { name: /^Mouvement de stock : / });
      await expect
        .poll(
          () =>
            form
              .getByLabel(/^Emplacement/)
              .first()
              .inputValue(),
          POLL,
        )
        .toBe(String(store?.id));
      await fill(form);
      await form.getByRole('button', { name: 'Enregistrer le mouvement' }).click();
      await form.waitFor({ state: 'detached' });
    };
    await move(async (form) => {
      await form.getByLabel(/^Type de mouvement/).selectOption('TRANSFERT');
      await form.getByLabel(/^Emplacement de destination/).selectOption({ label: vehicle });
      await form.getByLabel(/^Quantité/).fill('2');
    });
    const rowText = (name: string) => stockTable.getByRole('row').filter({ hasText: name }).textContent();
    await expect.poll(() => rowText(vehicle), POLL).toMatch(/Véhicule\s*2\s*0\s*2$/);
    expect(await rowText('Magasin central')).toMatch(/Magasin\s*3\s*0\s*3$/);

    await move(async (form) => {
      await form.getByLabel(/^Type de mouvement/).selectOption('AJUSTEMENT');
      await form
        .getByLabel(/^Emplacement/)
        .first()
        .selectOption({ label: vehicle });
      await form.getByLabel(/^Correction/).fill('-1');
      await form.getByRole('button', { name: 'Enregistrer le mouvement' }).click();
      await form.getByText('Le motif est requis pour un ajustement').waitFor();
      await form.getByLabel(/^Motif/).fill('Pièce tombée du véhicule');
    });
    await expect.poll(() => rowText(vehicle), POLL).toMatch(/Véhicule\s*1\s*0\s*1$/);
    await expect.poll(() => rowText('Total'), POLL).toMatch(/Total\s*4\s*0\s*4$/);
    const history = detail.getByRole('table', { name: 'Mouvements' });
    await history.getByText('Pièce tombée du véhicule').waitFor();
    await expectNoSeriousA11yViolations(page);

    const figures = (await api('GET', `/parts/${partId}`)).body as {
      data: {
        stock: {
          locations: { location_nom: string; on_hand: number; available: number }[];
          total: { on_hand: number };
        };
      };
    };
    const byName = Object.fromEntries(
      figures.data.stock.locations.map((l) => [l.location_nom, [l.on_hand, l.available]]),
    );
    expect(byName[vehicle]).toEqual([1, 1]);
    expect(byName['Magasin central']).toEqual([3, 3]);
    expect(figures.data.stock.total.on_hand).toBe(4);
  });
});
