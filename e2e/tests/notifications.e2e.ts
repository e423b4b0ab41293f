import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, createReadyUser, loginThroughForm, newPage, signIn, unique } from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';

/**
 * Issue 15: the bell of a technician's open page counts up, live, when the office assigns him an intervention from
 * another browser; the notification opens the intervention through its deep link; preferences are kept.
 */
/** Waits on a condition up to 15 s: a loaded CI machine may take seconds to render (Vitest's default is 1 s). */
const POLL = { timeout: 15_000 };
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function createIntervention(description: string) {
  const api = await adminApi();
  const client = await api('POST', '/clients', { nom_entreprise: unique('Cimenterie de Kénitra'), ville: 'Kénitra' });
  const equipment = await api('POST', '/equipment', {
    nom: unique('Groupe électrogène GE2 500 kVA'),
    type_equipement: 'GROUPE_ELECTROGENE',
    proprietaire_id: (client.body as { data: { id: number } }).data.id,
  });
  const created = await api('POST', '/interventions', {
    equipement_id: (equipment.body as { data: { id: number } }).data.id,
    date: new Date().toISOString().slice(0, 10),
    description,
  });
  expect(created.status).toBe(201);
  return (created.body as { data: { id: number } }).data.id;
}

describe('notifications', () => {
  it('the bell count rises in one browser when another browser assigns an intervention; it opens the item', async () => {
    const suffix = Date.now().toString(36);
    const tech = await createReadyUser('Technicien', `Hamid Ouazzani ${suffix}`, `h_ouazzani_${suffix}`);
    const description = unique('Révision 250 h du groupe');
    const id = await createIntervention(description);

    const technician = await newPage(browser);
    await loginThroughForm(technician.page, tech.username, tech.password);
    const bell = technician.page.getByRole('button', { name: /^Notifications \(/ });
    await expect.poll(() => bell.getAttribute('aria-label'), POLL).toBe('Notifications (0 non lue)');

    const office = await newPage(browser);
    await signIn(office.page, `/interventions/${id}`);
    const detail = office.page.getByRole('dialog');
    const assignee = detail.getByLabel('Technicien assigné');
    await expect.poll(() => assignee.locator('option').count(), POLL).toBeGreaterThan(1);
    const option = assignee.locator('option', { hasText: `Hamid Ouazzani ${suffix}` });
    await assignee.selectOption((await option.getAttribute('value')) ?? '');
    await detail.getByRole('button', { name: "Enregistrer l'affectation" }).click();
    await office.page.getByText('Technicien affecté avec succès').first().waitFor();

    // Live (server-sent events): no reload in the technician's browser.
    await expect.poll(() => bell.getAttribute('aria-label'), { timeout: 10_000 }).toBe('Notifications (1 non lue)');
    await bell.click();
    const item = technician.page.getByRole('button', { name: /Intervention affectée/ });
    await expect.poll(() => item.textContent(), POLL).toContain(`#${id}`);
    await item.click();
    await technician.page.waitForURL(`**/interventions/${id}`);
    await technician.page.getByRole('dialog').getByText(description).first().waitFor();
    await expect.poll(() => bell.getAttribute('aria-label'), POLL).toBe('Notifications (0 non lue)');

    // Closing the detail returns to the list's address.
    await technician.page.keyboard.press('Escape');
    await technician.page.waitForURL((url) => url.pathname === '/interventions');

    // The full list and the preferences.
    await technician.page.goto('/notifications');
    await technician.page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
    await technician.page.getByText(`#${id}`, { exact: false }).first().waitFor();
    await technician.page.goto('/settings');
    const pref = technician.page.getByLabel('Intervention qui m’est affectée — Par e-mail');
    await pref.uncheck();
    await technician.page.getByRole('button', { name: 'Enregistrer' }).click();
    await technician.page.getByText('Préférences enregistrées').first().waitFor();
    await technician.page.reload();
    await expect
      .poll(() => technician.page.getByLabel('Intervention qui m’est affectée — Par e-mail').isChecked())
      .toBe(false);

    await technician.context.close();
    await office.context.close();
  });

  it('a deep link opens the item for an authorised user, and the 403 page for a user without the permission', async () => {
    const id = await createIntervention(unique('Thermographie TGBT'));
    const { context, page } = await newPage(browser);
    await signIn(page, `/interventions/${id}`);
    await page.getByRole('dialog').waitFor();
    await context.close();

    const api = await adminApi();
    const suffix = Date.now().toString(36);
    const role = await api('POST', '/roles', { nom: `Sans interventions ${suffix}`, permissions: [] });
    expect(role.status).toBe(201);
    const user = await createReadyUser(`Sans interventions ${suffix}`, `Lina Amrani ${suffix}`, `l_amrani_${suffix}`);
    const other = await newPage(browser);
    await signIn(other.page, `/interventions/${id}`, user);
    await other.page.getByText('Permission Required').first().waitFor();
    await other.context.close();
  });
});
