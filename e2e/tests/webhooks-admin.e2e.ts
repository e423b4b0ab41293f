import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, expectNoSeriousA11yViolations, newPage, signIn } from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';

/**
 * Issue 35 in the browser: Administration → Webhooks. The endpoint is created disabled (a public address literal, so
 * no DNS is needed and nothing is sent while other files create interventions): the secret is shown once with a copy
 * button, the rotation asks first and shows the new secret, the delivery log opens, the deletion asks first.
 */
const URL_ = `https://41.214.150.10/gmao-e2e-${Date.now().toString(36)}`;
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  const api = await adminApi();
  const list = (await api('GET', '/webhooks')).body as { data?: { id: number; url: string }[] };
  for (const w of list.data ?? []) if (w.url === URL_) await api('DELETE', `/webhooks/${w.id}`);
  await browser?.close();
});

describe('Administration → Webhooks', () => {
  it('creates an endpoint, copies its secret once, rotates it after confirming, reads its log, deletes it', async () => {
    const { context, page } = await newPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page);

    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await nav.getByRole('link', { name: 'Webhooks' }).click();
    await page.waitForURL('**/admin/webhooks');
    await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();

    await page.getByRole('button', { name: 'Nouveau webhook' }).click();
    const url = page.getByLabel('Adresse du destinataire (URL https)');
    await url.fill(URL_);
    await page.getByRole('checkbox', { name: /Délai contractuel dépassé/ }).check();
    await page.getByRole('checkbox', { name: 'Actif (reçoit les événements)' }).uncheck();
    await page.getByRole('button', { name: 'Enregistrer' }).click();

    const secret = page.getByRole('textbox', { name: 'Secret de signature (affiché une seule fois)' });
    await secret.waitFor();
    const first = await secret.inputValue();
    expect(first).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    await page.getByRole('button', { name: 'Copier' }).click();
    await expect.poll(() => page.evaluate('navigator.clipboard.readText()')).toBe(first);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: "J'ai copié le secret" }).click();

    const row = page.getByRole('row').filter({ hasText: URL_ });
    await row.getByText('Désactivé').waitFor();
    expect(await page.locator('body').textContent()).not.toContain(first.slice(6));

    await page.getByRole('button', { name: `Renouveler le secret ${URL_}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Renouveler le secret de signature' });
    await confirm.getByText(/L'ancien reste accepté 24 h/).waitFor();
    await confirm.getByRole('button', { name: 'Renouveler le secret' }).click();
    await secret.waitFor();
    expect(await secret.inputValue()).not.toBe(first);
    await page.getByRole('button', { name: "J'ai copié le secret" }).click();

    await page.getByRole('button', { name: `Journal d'envois ${URL_}` }).click();
    await page.getByText('Aucun envoi pour ce webhook').waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: `Supprimer ${URL_}` }).click();
    await page.getByRole('dialog', { name: 'Supprimer le webhook' }).getByRole('button', { name: 'Supprimer' }).click();
    await expect.poll(() => row.count()).toBe(0);
    await context.close();
  });
});
