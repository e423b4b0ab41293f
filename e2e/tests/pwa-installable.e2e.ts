import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PWA_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseURL } from '../support/app.ts';
import { CHROMIUM_ARGS, chromiumPath } from '../support/browser.ts';

/**
 * Issue 32, "Lighthouse's PWA-related audits (installable manifest, service worker) pass": Lighthouse 12 no longer
 * has a PWA category, so the check is the one it used — Chromium's own installability verdict
 * (`Page.getInstallabilityErrors` over the DevTools protocol: manifest, icons, start URL, display, service worker) —
 * on the login page and on the signed-in shell a phone opens, with the manifest parsed by Chromium without error.
 * In a profile on disk, as a phone's browser: Debian's Chromium answers « in-incognito » for a throw-away context
 * (the npm one does not), which says nothing of the app (issue 36: the same result with either browser).
 */
describe('the installable app, as Chromium judges it', () => {
  it('is installable: no installability error, a French manifest without errors, an active service worker', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'gmao-pwa-profile-'));
    const context = await chromium.launchPersistentContext(profile, {
      executablePath: await chromiumPath(),
      headless: true,
      args: CHROMIUM_ARGS,
      baseURL: baseURL(),
      locale: 'fr-FR',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'allow',
    });
    const page = context.pages()[0] ?? (await context.newPage());
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
    rmSync(profile, { recursive: true, force: true });
  });
});
