import { OUTBOX_MESSAGES, PWA_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, apiAs, baseURL, createReadyUser, loginThroughForm, unique } from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';

/**
 * Issue 32, the installable technician app on a phone: the manifest and the service worker, then the technician's
 * day opened online, the phone taken offline and the page reloaded — the app shell comes from the service worker and
 * the intervention from IndexedDB, with the age of the data. (Service workers need an http origin: the test server's
 * 127.0.0.1 is a secure context; `serviceWorkers: 'allow'`.)
 */
const POLL = { timeout: 15_000 };
let browser: Browser;
let tech: { username: string; password: string; id: number };
let interventionId = 0;
const description = unique('Cellule HTA poste 3');

beforeAll(async () => {
  browser = await launchBrowser();
  const suffix = Date.now().toString(36);
  const ready = await createReadyUser('Technicien', `Yassine Idrissi ${suffix}`, `y_idrissi_${suffix}`);
  const own = await apiAs(ready.username, ready.password);
  tech = { ...ready, id: ((await own('GET', '/auth/profile')).body as { data: { id: number } }).data.id };
  const api = await adminApi();
  const client = await api('POST', '/clients', { nom_entreprise: unique('ONEE Kénitra'), ville: 'Kénitra' });
  const equipment = await api('POST', '/equipment', {
    nom: unique('Transformateur 630 kVA'),
    type_equipement: 'ONDULEUR',
    proprietaire_id: (client.body as { data: { id: number } }).data.id,
  });
  const created = await api('POST', '/interventions', {
    equipement_id: (equipment.body as { data: { id: number } }).data.id,
    date: new Date().toISOString().slice(0, 10),
    description,
  });
  interventionId = (created.body as { data: { id: number } }).data.id;
  expect((await api('PUT', `/interventions/${interventionId}/assign`, { technicianId: tech.id })).status).toBe(200);
});
afterAll(async () => {
  await browser?.close();
});

async function phone(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: 'fr-FR',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

describe('the installable app, offline', () => {
  it('serves a French manifest with icons that load', async () => {
    const res = await fetch(`${baseURL()}/manifest.webmanifest`);
    expect(res.headers.get('content-type')).toMatch(/manifest\+json/);
    const manifest = (await res.json()) as { name: string; icons: { src: string; sizes: string }[]; display: string };
    expect(manifest.name).toBe(PWA_MESSAGES.appName);
    expect(manifest.display).toBe('standalone');
    for (const icon of manifest.icons) {
      const png = await fetch(`${baseURL()}${icon.src}`);
      expect(png.status).toBe(200);
      expect(png.headers.get('content-type')).toBe('image/png');
    }
    expect((await fetch(`${baseURL()}/sw.js`)).headers.get('cache-control')).toBe('no-cache');
  });

  it("reloaded offline, the technician's intervention opens from the cache with the age of its data", async () => {
    const { context, page } = await phone();
    await loginThroughForm(page, tech.username, tech.password);
    // The worker installs and takes the page (the shell precached).
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await page.goto(`/interventions/${interventionId}`);
    await page.getByText(description).first().waitFor();
    // The day is saved to IndexedDB a second after the last fetch.
    const saved = `new Promise((resolve) => {
      const open = indexedDB.open('gmao-offline');
      open.onerror = () => resolve(false);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('cache')) return resolve(false);
        const get = db.transaction('cache').objectStore('cache').get('queries:${tech.id}');
        get.onsuccess = () => resolve(get.result !== undefined);
        get.onerror = () => resolve(false);
      };
    })`;
    await expect.poll(() => page.evaluate(saved), POLL).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await page.getByText(description).first().waitFor();
    const banner = page.getByTestId('outbox-banner');
    await expect.poll(() => banner.textContent(), POLL).toContain(OUTBOX_MESSAGES.offline(0));
    expect(await banner.textContent()).toMatch(/données du \d{2}\/\d{2} à \d{2}:\d{2}/);
    await context.close();
  });

  // Needs the offline actions of the detail (start, checklist, material, photo, signature, close through the outbox)
  // and wt-bon's signatures route: not built on this branch (see the pwa helper's report).
  it.todo(
    'offline on site: start, tick, add a material and a photo, get both signatures, close; online: each change once, GET /signatures lists both',
  );
  it.todo('a responsable reassigns it meanwhile: the technician sees each refused change with its reason and chooses');
});
