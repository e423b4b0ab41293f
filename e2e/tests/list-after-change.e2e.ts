import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, newPage, signIn, unique } from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * Issue 36: the suite failed now and then on a list that still showed the old values after « Client modifié avec
 * succès ». The cause: the list's first read of a new search was in flight when the edit was saved, and the refresh
 * that follows a change reused that read (TanStack Query does so for a query with no data yet), then kept the old rows
 * as fresh for five minutes. Here that read is made to answer late, on purpose, with what the server said before the
 * edit.
 */
describe('a list after a change', () => {
  it('shows the saved values even when its read of a new search had started before the save', async () => {
    const company = unique('Atlas Textiles');
    const api = await adminApi();
    const created = await api('POST', '/clients', { nom_entreprise: company, ville: 'Casablanca' });
    expect(created.status).toBe(201);

    const { context, page } = await newPage(browser);
    await signIn(page, '/clients');
    const searchbox = page.getByRole('searchbox', { name: 'Rechercher un client' });
    // a first search shows the row…
    await searchbox.fill(company.slice(0, -1));
    await page.getByRole('row').filter({ hasText: company }).waitFor();

    // …then the whole name: that read gets the server's answer at once, but gives it to the page only after the save
    const late: (() => Promise<void>)[] = [];
    await page.route(
      (url) => url.pathname === '/api/clients' && url.searchParams.get('search') === company,
      async (route) => {
        if (late.length > 0) return route.continue();
        const response = await route.fetch();
        late.push(() => route.fulfill({ response }));
      },
    );
    await searchbox.fill(company);
    await expect.poll(() => late.length).toBe(1);

    // the row of the first search is still on screen (the previous page stays while the next one loads): edit it
    await page.getByRole('button', { name: `Modifier ${company}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifier le client' });
    await dialog.getByLabel('Ville').fill('Rabat');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByRole('status').filter({ hasText: 'Client modifié avec succès' }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await late[0]?.(); // the read made before the save answers now, with Casablanca

    await page.getByRole('row').filter({ hasText: company }).filter({ hasText: 'Rabat' }).waitFor({ timeout: 10_000 });
    expect(await page.getByRole('row').filter({ hasText: company }).textContent()).not.toContain('Casablanca');
    await context.close();
  });
});
