import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, download, expectNoSeriousA11yViolations, newPage, signIn, unique } from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';

/**
 * Issue 17 in the browser: a plan for every transformer of a client, created through the form; 'Générer
 * maintenant' creates the interventions of the past and coming due dates; the compliance figure follows when one of
 * them is completed.
 */
const POLL = { timeout: 15_000 };
let browser: Browser;
let page: Page;
const clientName = unique('Cimenterie de Tétouan');
const planName = unique('Thermographie mensuelle des transformateurs');
const templateName = unique('Inspection transformateur');
let clientId = 0;
const equipmentIds: number[] = [];

const dayOffset = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  const api = await adminApi();
  const client = await api('POST', '/clients', { nom_entreprise: clientName, ville: 'Tétouan' });
  clientId = (client.body as { data: { id: number } }).data.id;
  for (const nom of ['Transformateur TR1 630 kVA', 'Transformateur TR2 1000 kVA']) {
    const eq = await api('POST', '/equipment', {
      nom: unique(nom),
      type_equipement: 'TRANSFORMATEUR',
      proprietaire_id: clientId,
    });
    expect(eq.status).toBe(201);
    equipmentIds.push((eq.body as { data: { id: number } }).data.id);
  }
  const template = await api('POST', '/interventions/templates', {
    nom: templateName,
    type_equipement: 'TRANSFORMATEUR',
    description: 'Thermographie, niveau et rigidité de l’huile, serrage des connexions',
    urgence: false,
    checklist: ['Relever les températures', 'Contrôler le niveau d’huile'],
    materiaux: [],
    actif: true,
  });
  expect(template.status).toBe(201);
  browser = await launchBrowser();
  ({ page } = await newPage(browser));
  await signIn(page);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

async function pick(label: RegExp, option: string) {
  const dialog = page.getByRole('dialog', { name: 'Nouveau plan' });
  await dialog.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('preventive maintenance', () => {
  it('creates a plan for every transformer of a client, generates its interventions, and shows compliance', async () => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Maintenance préventive' }).first().click();
    await page.getByRole('heading', { name: 'Maintenance préventive', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Nouveau plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouveau plan' });
    await dialog.getByLabel(/^Nom du plan/).fill(planName);
    await pick(/^Modèle d'intervention/, templateName);
    await dialog.getByLabel("Tous les équipements d'un type chez un client").check();
    await pick(/^Client/, clientName);
    await pick(/^Type d'équipement/, 'Transformateur');
    await dialog.getByLabel(/^Récurrence/).selectOption({ label: 'Toutes les semaines' });
    // started a month ago: the past due dates are generated too (catch-up)
    await dialog.getByLabel(/^Première échéance/).fill(dayOffset(-30));
    await dialog.getByLabel(/^Créer l'intervention/).fill('7');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Créer le plan' }).click();
    await page.getByText('Plan de maintenance créé avec succès').first().waitFor();
    const row = page.getByRole('row').filter({ hasText: planName });
    await row.getByText('Toutes les semaines').waitFor();
    expect(await row.textContent()).toContain('2 équipement(s)');

    await row.getByRole('button', { name: `Générer maintenant : ${planName}` }).click();
    await page
      .getByText(/\d+ intervention\(s\) préventive\(s\) générée\(s\)/)
      .first()
      .waitFor();

    const api = await adminApi();
    const plans = await api('GET', '/plans');
    const plan = (plans.body as { data: { id: number; nom: string }[] }).data.find((p) => p.nom === planName);
    const generated = await api('GET', `/interventions?plan_id=${plan?.id}&limit=50`);
    const rows = (generated.body as { data: { id: number; date: string; statut: string }[] }).data;
    // weekly from 30 days ago up to 7 days ahead: 5 or 6 due dates per transformer, each once
    expect(rows.length).toBeGreaterThanOrEqual(10);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(rows.every((r) => r.statut === 'PLANIFIEE')).toBe(true);
    // A second run creates nothing new.
    await row.getByRole('button', { name: `Générer maintenant : ${planName}` }).click();
    await page.getByText('Aucune nouvelle intervention à générer').first().waitFor();

    // The compliance card says what the API computes, and follows a completion.
    const rate = page.getByTestId('compliance-rate');
    const expected = async () => {
      const c = await api('GET', `/plans/compliance?from=${dayOffset(-365)}&to=${dayOffset(0)}`);
      const pct = (c.body as { data: { total: { on_time_pct: number | null } } }).data.total.on_time_pct;
      return pct === null ? 'aucune échéance passée' : `${pct} % à temps`;
    };
    const before = await expected();
    await page.reload();
    await expect.poll(() => rate.textContent(), POLL).toBe(before);
    // the newest past due date is within the tolerance: completed now, it is on time
    const newestPast = rows.filter((r) => r.date <= dayOffset(0)).sort((a, b) => b.date.localeCompare(a.date))[0];
    for (const statut of ['EN_COURS', 'TERMINEE'])
      expect((await api('PUT', `/interventions/${newestPast?.id}/status`, { statut })).status).toBe(200);
    const after = await expected();
    expect(after).not.toBe(before);
    await page.reload();
    await expect.poll(() => rate.textContent(), POLL).toBe(after);
    // …and the same figures go to the client as a CSV, one line per plan then the total.
    const { name, text } = await download(page, () => page.getByRole('button', { name: 'Exporter CSV' }).click());
    expect(name).toBe(`conformite-preventive_${dayOffset(-365)}_${dayOffset(0)}.csv`);
    const csv = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n');
    expect(csv[0]).toBe('Plan;Client;Échéances;À temps;En retard;Manquées;En cours;À temps (%)');
    expect(csv.some((l) => l.startsWith(`${planName};`))).toBe(true);
    expect(csv.at(-1)).toMatch(/^Total;;\d+;\d+;\d+;\d+;\d+;\d*$/);

    // The dashboard's card gives the same figure; the equipment's detail names its plan and next due date.
    await page.goto('/');
    const card = page.getByRole('region', { name: 'Maintenance préventive', exact: true });
    await expect.poll(() => card.getByTestId('stat-value').textContent(), POLL).toBe(after);
    await page.goto(`/equipment/${equipmentIds[0]}`);
    const plansOfEquipment = page.getByRole('dialog').getByRole('region', { name: 'Maintenance préventive' });
    await plansOfEquipment.getByText(planName).waitFor();
    expect(await plansOfEquipment.textContent()).toContain('Toutes les semaines · prochaine échéance');
  });
});
