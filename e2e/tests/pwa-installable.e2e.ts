import { PWA_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL } from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';

/**
 * Issue 32, "Lighthouse's PWA-related audits (installable manifest, service worker) pass": Lighthouse 12 no longer
 * has a PWA category, so the check is the one it used — Chromium's own installability verdict
 * (`Page.getInstallabilityErrors` over the DevTools protocol: manifest, icons, start URL, display, service worker) —
 * on the login page and on the signed-in shell a phone opens, with the manifest parsed by Chromium without error.
 */
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe('the installable app, as Chromium judges it', () => {
  it('is installable: no installability error, a French manifest without errors, an active service worker', async () => {
    const context = await browser.newContext({
      baseURL: baseURL(),
      locale: 'fr-FR',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'allow',
    });
    const page = await context.newPage();
    await page.goto('/login');
    expect(await page.evaluate('navigator.serviceWorker.ready.then((r) => r.active !== null)')).toBe(true);
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as {
      url: string;
      errors: { message: string }[];
      data?: string;
    };
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? '{}').name).toBe(PWA_MESSAGES.appName);
    await expect
      .poll(async () => {
        const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
          installabilityErrors: { errorId: string }[];
        };
        return installabilityErrors.map((e) => e.errorId);
      })
      .toEqual([]);
    await context.close();
  });
});
