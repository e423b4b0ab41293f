import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { adminApi, apiAs, baseURL, createReadyUser, unique } from './app.ts';

/** A technician's phone: 390×844, touch, French, the service worker allowed (the offline app needs it). */
export async function phoneContext(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
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

/** A new, ready-to-log-in technician with his user id. */
export async function readyTechnician(
  nom: string,
  username: string,
): Promise<{ username: string; password: string; id: number }> {
  const ready = await createReadyUser('Technicien', nom, username);
  const own = await apiAs(ready.username, ready.password);
  return { ...ready, id: ((await own('GET', '/auth/profile')).body as { data: { id: number } }).data.id };
}

/**
 * An intervention of today on a new client's new equipment, assigned to `technicianId`, with checklist steps (the
 * names made unique).
 */
export async function assignedIntervention(
  technicianId: number,
  names: { client: string; ville: string; equipment: string; description: string },
  steps: string[] = [],
): Promise<number> {
  const api = await adminApi();
  const client = await api('POST', '/clients', { nom_entreprise: unique(names.client), ville: names.ville });
  const equipment = await api('POST', '/equipment', {
    nom: unique(names.equipment),
    type_equipement: 'ONDULEUR',
    proprietaire_id: (client.body as { data: { id: number } }).data.id,
  });
  const created = await api('POST', '/interventions', {
    equipement_id: (equipment.body as { data: { id: number } }).data.id,
    date: new Date().toISOString().slice(0, 10),
    description: names.description,
  });
  const id = (created.body as { data: { id: number } }).data.id;
  expect((await api('PUT', `/interventions/${id}/assign`, { technicianId })).status).toBe(200);
  for (const label of steps) expect((await api('POST', `/interventions/${id}/checklist`, { label })).status).toBe(201);
  return id;
}

/** Whether the detail's reads (intervention, workflow, checklist) are saved in IndexedDB for the technician `userId` (the offline snapshot). */
export const savedDetail = (userId: number, id: number) => `new Promise((resolve) => {
  const open = indexedDB.open('gmao-offline');
  open.onerror = () => resolve(false);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains('cache')) return resolve(false);
    const get = db.transaction('cache').objectStore('cache').get('queries:${userId}');
    get.onsuccess = () => {
      const keys = (get.result?.state?.queries ?? []).map((q) => JSON.stringify(q.queryKey));
      resolve(['detail', 'workflow', 'checklist', 'materials', 'attachments'].every((k) =>
        keys.includes(JSON.stringify(['interventions', k, ${id}]))));
    };
    get.onerror = () => resolve(false);
  };
})`;

/** Whether a query of this key (JSON) is saved in IndexedDB for the technician `userId` (the offline snapshot). */
export const savedKey = (userId: number, key: string) => `new Promise((resolve) => {
  const open = indexedDB.open('gmao-offline');
  open.onerror = () => resolve(false);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains('cache')) return resolve(false);
    const get = db.transaction('cache').objectStore('cache').get('queries:${userId}');
    get.onsuccess = () => resolve((get.result?.state?.queries ?? []).some((q) => JSON.stringify(q.queryKey) === '${key}'));
    get.onerror = () => resolve(false);
  };
})`;

/** Signs in a signature pad: a wide zigzag stroke. */
export async function draw(page: Page, label: string) {
  const canvas = page.locator(`canvas[aria-label="${label}"]`);
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error(`no canvas ${label}`);
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  for (let i = 1; i <= 30; i++) {
    await page.mouse.move(box.x + 20 + i * ((box.width - 60) / 30), y + (i % 2 === 0 ? -30 : 30), { steps: 3 });
  }
  await page.mouse.up();
}
