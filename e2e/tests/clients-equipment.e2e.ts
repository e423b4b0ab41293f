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

/** Intl puts (narrow) no-break spaces in amounts; compare with plain spaces. */
const plain = (s: string | null) => (s ?? '').replace(/[\u00a0\u202f]/g, ' ');

async function search(page: Page, label: string, text: string) {
  await page.getByRole('searchbox', { name: label }).fill(text);
}

async function choose(page: Page, combobox: string, option: string, typeToFilter?: string) {
  await page.getByRole('combobox', { name: combobox }).click();
  if (typeToFilter) await page.getByRole('textbox', { name: 'Rechercher...' }).fill(typeToFilter);
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function expectToast(page: Page, text: string | RegExp) {
  await page.getByRole('status').filter({ hasText: text }).first().waitFor();
}

describe('clients and equipment', () => {
  it('create a client, add equipment, find both, edit, refused then allowed deletes', async () => {
    const { context, page } = await newPage(browser);
    const company = unique('Atlas Textiles');
    const machine = unique('Groupe électrogène');
    await signIn(page);

    // Create the client from the /clients page.
    await page.goto('/clients');
    await page.getByRole('button', { name: 'Nouveau Client' }).click();
    const clientForm = page.getByRole('dialog', { name: 'Nouveau Client' });
    await clientForm.getByRole('button', { name: 'Créer le client' }).click();
    await clientForm.getByText("Le nom de l'entreprise est requis").waitFor();
    await clientForm.getByLabel("Nom de l'entreprise").fill(company);
    await choose(page, "Secteur d'activité", 'Textile', 'Text');
    await choose(page, 'Forme juridique', 'SARL');
    await clientForm.getByLabel('Ville').fill('Casablanca');
    await clientForm.getByLabel('Nom du contact').fill('Nadia Berrada');
    await clientForm.getByLabel('Téléphone du contact').fill('+212612345678');
    await clientForm.getByLabel('E-mail du contact').fill('nadia@atlas');
    await clientForm.getByRole('button', { name: 'Créer le client' }).click();
    await clientForm.getByText("Format d'email de contact invalide").waitFor();
    await clientForm.getByLabel('E-mail du contact').fill('nadia@atlas.ma');
    await clientForm.getByRole('button', { name: 'Créer le client' }).click();
    await expectToast(page, 'Client créé avec succès');
    await clientForm.waitFor({ state: 'detached' });

    await search(page, 'Rechercher un client', company);
    const clientRow = page.getByRole('row').filter({ hasText: company });
    await clientRow.waitFor();
    expect(await clientRow.textContent()).toContain('+212 6 12 34 56 78');
    await expectNoSeriousA11yViolations(page);

    // Add equipment owned by it from the /equipment page.
    await page.goto('/equipment');
    await page.getByRole('button', { name: 'Nouvel équipement' }).click();
    const eqForm = page.getByRole('dialog', { name: 'Nouvel équipement' });
    await eqForm.getByLabel('Nom', { exact: false }).first().fill(machine);
    await choose(page, 'Propriétaire', `${company} (Casablanca)`, company);
    // Type-ahead (issue 30): typing 'groupe' then Enter on the type combobox picks the generator set.
    const typeCombo = eqForm.getByRole('combobox', { name: "Type d'équipement" });
    await typeCombo.focus();
    await page.keyboard.type('groupe');
    await page.keyboard.press('Enter');
    expect(await typeCombo.textContent()).toBe('Groupe électrogène');
    await eqForm.getByLabel('Valeur').fill('1234567.89');
    await eqForm.getByLabel('Coût').fill('1500.5');
    await eqForm.getByRole('button', { name: "Créer l'équipement" }).click();
    await expectToast(page, 'Équipement créé avec succès');
    await eqForm.waitFor({ state: 'detached' });

    // Found through the owner's name, with its cost in MAD.
    await search(page, 'Rechercher un équipement', company);
    const eqRow = page.getByRole('row').filter({ hasText: machine });
    await eqRow.waitFor();
    expect(plain(await eqRow.textContent())).toContain('1 500,50 MAD');
    expect(await eqRow.textContent()).toContain('Aucune intervention');
    await eqRow.getByRole('cell', { name: 'Groupe électrogène', exact: true }).waitFor();
    await expectNoSeriousA11yViolations(page);

    // Edit it, then open its detail (financial info, QR code).
    await eqRow.getByRole('button', { name: `Modifier ${machine}` }).click();
    const editEq = page.getByRole('dialog', { name: "Modifier l'équipement" });
    await editEq.getByLabel('Marque').fill('Caterpillar');
    await editEq.getByRole('button', { name: 'Enregistrer' }).click();
    await expectToast(page, 'Équipement modifié avec succès');
    await page.getByRole('row').filter({ hasText: 'Caterpillar' }).waitFor();
    await page.getByRole('button', { name: `Voir ${machine}` }).click();
    const detail = page.getByRole('dialog', { name: machine });
    await detail.getByText('Informations financières').waitFor();
    expect(plain(await detail.textContent())).toContain('1 234 567,89 MAD');
    const qr = detail.getByRole('img', { name: `QR code de l'équipement ${machine}` });
    const qrUrl = await qr.getAttribute('data-qr-url');
    // Issue 33: the label encodes the equipment's public request page (a random token), not an app address.
    expect(qrUrl).toMatch(/\/r\/[A-Za-z0-9_-]{43}$/);
    await expectNoSeriousA11yViolations(page);
    await detail.getByRole('button', { name: 'Fermer' }).first().click();

    // The QR code's URL opens the request page of that equipment.
    await page.goto(new URL(qrUrl as string).pathname);
    await page.getByRole('heading', { name: "Demande d'intervention" }).waitFor();
    await page.getByText(machine, { exact: true }).waitFor();

    // Edit the client from the dashboard's Clients tab.
    await page.goto('/?tab=clients');
    await search(page, 'Rechercher un client', company);
    await page.getByRole('button', { name: `Modifier ${company}` }).click();
    const editClient = page.getByRole('dialog', { name: 'Modifier le client' });
    await editClient.getByLabel('Ville').fill('Rabat');
    await editClient.getByRole('button', { name: 'Enregistrer' }).click();
    await expectToast(page, 'Client modifié avec succès');
    await page.getByRole('row').filter({ hasText: company }).filter({ hasText: 'Rabat' }).waitFor();

    // Deleting the client is refused while it owns equipment.
    await page.getByRole('button', { name: `Supprimer ${company}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmer la suppression' });
    await confirm.getByText('Êtes-vous sûr de vouloir supprimer :').waitFor();
    await confirm.getByText('Cette action est irréversible !').waitFor();
    await confirm.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await page.getByText(/il possède encore 1 équipement/).waitFor();
    await confirm.getByRole('button', { name: 'Annuler' }).click();

    // Delete the equipment, then the client.
    await page.goto('/?tab=equipment');
    await search(page, 'Rechercher un équipement', machine);
    await page.getByRole('button', { name: `Supprimer ${machine}` }).click();
    await page.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await expectToast(page, 'Équipement supprimé avec succès');
    await page.getByText('Aucun équipement ne correspond à la recherche').waitFor();

    await page.goto('/clients');
    await search(page, 'Rechercher un client', company);
    await page.getByRole('button', { name: `Supprimer ${company}` }).click();
    await page.getByRole('button', { name: 'Supprimer définitivement' }).click();
    await expectToast(page, 'Client supprimé avec succès');
    await page.getByText('Aucun client ne correspond à la recherche').waitFor();

    const api = await adminApi();
    const left = await api('GET', `/clients?search=${encodeURIComponent(company)}`);
    expect((left.body as { pagination: { total: number } }).pagination.total).toBe(0);
    await context.close();
  });
});
