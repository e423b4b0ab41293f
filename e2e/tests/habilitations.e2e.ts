import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, createReadyUser, download, newPage, signIn, unique } from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';

/**
 * Issue 34 in the browser: an administrator records a technician's B2V valid until next month, and an HTA transformer
 * requires H2V for work hors tension; the responsable tries to assign him — refused with the reason; she records an
 * H2V on the habilitations page; the assignment then works.
 */
let browser: Browser;
const techName = unique('Karim Alaoui');
const techUsername = unique('k.alaoui').replace(' ', '.');
let interventionId = 0;
let responsable: { username: string; password: string };
let technician: { username: string; password: string };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const inDays = (n: number) => isoDay(new Date(Date.now() + n * 86_400_000));

beforeAll(async () => {
  const api = await adminApi();
  const client = await api('POST', '/clients', { nom_entreprise: unique('Cimenterie du Souss'), ville: 'Agadir' });
  const clientId = (client.body as { data: { id: number } }).data.id;
  const transformer = await api('POST', '/equipment', {
    nom: unique('Transformateur HTA/BT TR-1'),
    type_equipement: 'TRANSFORMATEUR',
    proprietaire_id: clientId,
    domaine_tension: 'HTA',
    exigences: [{ travail: 'HORS_TENSION', symboles: ['H2V'] }],
  });
  expect(transformer.status, JSON.stringify(transformer.body)).toBe(201);
  const equipmentId = (transformer.body as { data: { id: number } }).data.id;
  const created = await api('POST', '/interventions', {
    equipement_id: equipmentId,
    date: inDays(7),
    description: unique('Remplacement des fusibles HTA, travaux hors tension'),
    type_travail: 'HORS_TENSION',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  interventionId = (created.body as { data: { id: number } }).data.id;
  technician = await createReadyUser('Technicien', techName, techUsername);
  responsable = await createReadyUser('Responsable', 'Nadia Responsable', unique('n.resp').replace(' ', '.'));
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

async function fillTitle(page: Page, t: { symbole: string; domaine: string; until: string }) {
  const form = page.getByRole('dialog', { name: "Nouveau titre d'habilitation" });
  await form.getByLabel(/^Symbole/).fill(t.symbole);
  await form.getByLabel(/^Domaine/).selectOption(t.domaine);
  await form.getByLabel(/^Signataire/).fill('M. Bennani, directeur technique');
  await form.getByLabel(/^Délivré le/).fill(inDays(-30));
  await form.getByLabel(/^Valable jusqu'au/).fill(t.until);
  await form.getByRole('button', { name: 'Enregistrer' }).click();
  await page.getByText("Titre d'habilitation enregistré").first().waitFor();
  await form.waitFor({ state: 'detached' });
}

describe('habilitations at assignment', { timeout: 120_000 }, () => {
  it('refuses the unqualified technician with the reason, then accepts him once he holds H2V', async () => {
    // The administrator records a B2V valid until next month on the user's Habilitations tab.
    const admin = await newPage(browser);
    await signIn(admin.page, '/users');
    await admin.page.getByRole('searchbox', { name: /Rechercher un utilisateur/ }).fill(techUsername);
    await admin.page.getByRole('button', { name: `Voir ${techName}` }).click();
    await admin.page.getByRole('tab', { name: 'Habilitations' }).click();
    await admin.page.getByRole('button', { name: 'Ajouter un titre' }).click();
    await fillTitle(admin.page, { symbole: 'B2V', domaine: 'BT', until: inDays(30) });
    await admin.page.getByRole('list', { name: 'Historique des titres' }).getByText('B2V').waitFor();
    await admin.context.close();

    // The responsable tries to assign him: refused, with the reason.
    const resp = await newPage(browser);
    await signIn(resp.page, `/interventions/${interventionId}`, responsable);
    const detail = resp.page.getByRole('dialog');
    const assignee = detail.getByLabel('Technicien assigné');
    await expect.poll(() => assignee.locator('option').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    const option = assignee.locator('option', { hasText: techName });
    expect(await option.textContent()).toContain('Non habilité');
    await assignee.selectOption({ label: (await option.textContent()) ?? '' });
    await detail.getByRole('button', { name: "Enregistrer l'affectation" }).click();
    const refusal = detail.getByRole('alert').filter({ hasText: 'Habilitation H2V requise' });
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(`${techName} n'en a pas`);

    // She records an H2V on the habilitations page (habilitations:manage).
    await resp.page.goto('/admin/habilitations');
    await resp.page.getByRole('searchbox', { name: 'Rechercher un titre' }).fill(techName);
    await resp.page.getByRole('button', { name: `Voir les titres de ${techName}` }).click();
    await resp.page.getByRole('button', { name: 'Ajouter un titre' }).click();
    await fillTitle(resp.page, { symbole: 'H2V', domaine: 'HTA', until: inDays(3 * 365) });
    await resp.page.keyboard.press('Escape');

    // The assignment now works.
    await resp.page.goto(`/interventions/${interventionId}`);
    const again = resp.page.getByRole('dialog').getByLabel('Technicien assigné');
    const qualified = again.locator('option', { hasText: techName });
    await expect.poll(() => qualified.textContent(), { timeout: 15_000 }).toContain('✓');
    await again.selectOption({ label: (await qualified.textContent()) ?? '' });
    await resp.page.getByRole('dialog').getByRole('button', { name: "Enregistrer l'affectation" }).click();
    await resp.page.getByText('Technicien affecté avec succès').first().waitFor();
    await resp.context.close();
  });

  it('the scanned signed titre: the administrator attaches the PDF, the technician downloads his own', async () => {
    const admin = await newPage(browser);
    await signIn(admin.page, '/admin/habilitations');
    await admin.page.getByRole('searchbox', { name: 'Rechercher un titre' }).fill(techName);
    const who = `B2V de ${techName}`;
    // a file that is not a PDF is refused at once, nothing sent
    await admin.page
      .getByLabel(`Fichier du titre signé ${who}`)
      .setInputFiles({ name: 'titre.png', mimeType: 'image/png', buffer: Buffer.from('not a pdf') });
    await admin.page.getByText("Le titre d'habilitation signé doit être un fichier PDF").first().waitFor();
    await admin.page
      .getByLabel(`Fichier du titre signé ${who}`)
      .setInputFiles({ name: 'titre-b2v-signe.pdf', mimeType: 'application/pdf', buffer: PDF });
    await admin.page.getByText("Titre d'habilitation signé enregistré").first().waitFor();
    await admin.page.getByRole('button', { name: `Remplacer le titre signé (PDF) ${who}` }).waitFor();
    await admin.context.close();

    const tech = await newPage(browser);
    await signIn(tech.page, '/profile', technician);
    const own = tech.page.getByRole('button', { name: `Télécharger le titre signé ${who}` });
    const file = await download(tech.page, () => own.click());
    expect(file.name).toMatch(/^titre-habilitation-B2V-.*\.pdf$/);
    expect(file.text.startsWith('%PDF')).toBe(true);
    expect(
      await tech.page.getByRole('button', { name: /Joindre le titre signé|Remplacer le titre signé/ }).count(),
    ).toBe(0);
    await tech.context.close();
  });
});
