import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, newPage, signIn, unique } from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';

/**
 * Issue 30 item 6, the office screen (1366 px): the equipment detail's « Enregistrer un relevé » spilled out of its
 * dialog (three columns in the detail's narrow side column), and the interventions table was 1184 px in a 1060 px
 * container, its actions behind a sideways scroll. (The layout sweep checks every page for sideways scrolling too.)
 */
let browser: Browser;
let equipmentId = 0;
const longName = unique('Groupe électrogène de secours du bâtiment administratif');

beforeAll(async () => {
  const api = await adminApi();
  const client = await api('POST', '/clients', {
    nom_entreprise: unique('Société Marocaine des Emballages'),
    ville: 'Kénitra',
  });
  const clientId = (client.body as { data: { id: number } }).data.id;
  const eq = await api('POST', '/equipment', {
    nom: longName,
    type_equipement: 'GROUPE_ELECTROGENE',
    proprietaire_id: clientId,
  });
  expect(eq.status).toBe(201);
  equipmentId = (eq.body as { data: { id: number } }).data.id;
  const created = await api('POST', '/interventions', {
    equipement_id: equipmentId,
    date: new Date().toISOString().slice(0, 10),
    description: 'Essai mensuel en charge, contrôle du niveau de gasoil et des batteries de démarrage',
    urgence: true,
  });
  expect(created.status).toBe(201);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('at 1366 × 800', () => {
  it('keeps « Enregistrer un relevé » inside the equipment dialog', async () => {
    const { context, page } = await newPage(browser);
    await page.setViewportSize({ width: 1366, height: 800 });
    await signIn(page, `/equipment/${equipmentId}`);
    const dialog = page.getByRole('dialog');
    const button = dialog.getByRole('button', { name: 'Enregistrer un relevé' });
    await button.scrollIntoViewIfNeeded();
    const box = await dialog.boundingBox();
    const b = await button.boundingBox();
    expect(box && b).toBeTruthy();
    if (!box || !b) return;
    expect(b.x).toBeGreaterThanOrEqual(box.x);
    expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width);
    await context.close();
  });

  it('shows the interventions table whole: no sideways scroll, the row actions in view', async () => {
    const { context, page } = await newPage(browser);
    await page.setViewportSize({ width: 1366, height: 800 });
    await signIn(page, '/interventions');
    // Found through the search box: the e2e files share one server, and the rows other files make (some dated later)
    // can push this one off the first page.
    await page.getByRole('searchbox', { name: 'Rechercher des interventions' }).fill(longName);
    const row = page.getByRole('row').filter({ hasText: longName.slice(0, 30) });
    await row.waitFor();
    const table = page.getByRole('table');
    const scroller = table.locator('xpath=..');
    const widths = await scroller.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client + 1);
    const change = row.getByRole('button', { name: /^Changer Statut/ });
    const b = await change.boundingBox();
    expect(b && b.x + b.width).toBeLessThanOrEqual(1366);
    await context.close();
  });
});
