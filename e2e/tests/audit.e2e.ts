import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  createReadyUser,
  download,
  expectNoSeriousA11yViolations,
  loginThroughForm,
  newPage,
  signIn,
  unique,
} from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const AUDIT_LINK = "Journal d'audit";

describe("the administrators' audit log", () => {
  it('the admin finds the creation of a section, filters by event and reads the detail', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page);

    const nom = unique('Atelier Audit');
    await page.goto('/sections');
    await page.getByRole('button', { name: 'Nouvelle section' }).click();
    const form = page.getByRole('dialog', { name: 'Nouvelle section' });
    await form.getByLabel('Nom de la section').fill(nom);
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await form.waitFor({ state: 'detached' });
    // a second event on the same section, which the event filter must leave out
    const api = await adminApi();
    const list = await api('GET', '/sections');
    const section = (list.body as { data: { id: number; nom: string }[] }).data.find((s) => s.nom === nom);
    expect(section).toBeDefined();
    expect((await api('PUT', `/sections/${section?.id}`, { nom: `${nom} bis` })).status).toBe(200);

    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await nav.getByRole('link', { name: AUDIT_LINK }).click();
    await page.waitForURL('**/admin/audit');
    await page.getByRole('heading', { name: "Journal d'audit" }).waitFor();
    const row = page.getByRole('row').filter({ hasText: `Section « ${nom} » créée` });
    await row.waitFor();
    expect(await row.getByText('Section créée', { exact: true }).isVisible()).toBe(true);
    expect(await row.getByText('admin', { exact: true }).isVisible()).toBe(true);
    const renamed = page.getByRole('row').filter({ hasText: `Section « ${nom} bis » modifiée` });
    expect(await renamed.getByText('Section modifiée', { exact: true }).isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);

    // only section creations once the event filter is set
    await page.getByRole('combobox', { name: 'Filtrer par événement' }).click();
    await page.getByRole('option', { name: 'Section créée', exact: true }).click();
    const events = page.getByRole('row').locator('td:nth-child(2)');
    await expect.poll(async () => [...new Set(await events.allInnerTexts())]).toEqual(['Section créée']);
    await row.waitFor();
    expect(await renamed.count()).toBe(0);

    // the CSV holds the same selection
    const { name, text: csv } = await download(page, () =>
      page.getByRole('button', { name: 'Exporter en CSV' }).click(),
    );
    expect(name).toMatch(/^journal-audit-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv).toContain(`Section « ${nom} » créée`);
    expect(csv).not.toContain(`Section « ${nom} bis » modifiée`);

    await row.click();
    const detail = page.getByRole('dialog', { name: "Détail de l'événement" });
    await detail
      .getByRole('listitem')
      .filter({ hasText: `nom : — → ${nom}` })
      .waitFor();
    expect(await detail.getByText('127.0.0.1', { exact: true }).isVisible()).toBe(true);
    expect(await detail.getByText('Identifiant de requête').isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);
    await detail.getByRole('button', { name: 'Fermer' }).last().click();
    await detail.waitFor({ state: 'detached' });
    await context.close();
  });

  it('a Technicien has no sidebar entry and gets Access Denied at /admin/audit', async () => {
    const username = unique('tech_audit').replace(/\W/g, '_');
    const { password } = await createReadyUser('Technicien', 'Omar Technicien', username);
    const { context, page } = await newPage(browser);
    await loginThroughForm(page, username, password);
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await nav.getByRole('link', { name: 'Tableau de Bord' }).waitFor();
    expect(await nav.getByRole('link', { name: AUDIT_LINK }).count()).toBe(0);
    await page.goto('/admin/audit');
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    expect(await page.getByRole('heading', { name: "Journal d'audit" }).count()).toBe(0);
    await context.close();
  });
});
