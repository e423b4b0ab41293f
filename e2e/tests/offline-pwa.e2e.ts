import { readFileSync } from 'node:fs';
import { OUTBOX_MESSAGES, PWA_MESSAGES, SIGNATURE_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import { STATUT_LABELS } from '@gmao/domain/interventions/status';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, apiAs, baseURL, createReadyUser, loginThroughForm, unique } from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';
import { adminPdf, pdfText } from '../support/pdf.ts';
import {
  assignedIntervention as assignedTo,
  draw,
  phoneContext,
  readyTechnician,
  savedDetail,
  savedKey,
} from '../support/phone.ts';

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
  tech = await readyTechnician(`Yassine Idrissi ${suffix}`, `y_idrissi_${suffix}`);
  chef = await createReadyUser('Responsable', `Nadia El Fassi ${suffix}`, `n_elfassi_${suffix}`);
  interventionId = await assignedTo(tech.id, {
    client: 'ONEE Kénitra',
    ville: 'Kénitra',
    equipment: 'Transformateur 630 kVA',
    description,
  });
});
afterAll(async () => {
  await browser?.close();
});

const phone = () => phoneContext(browser);

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
        // saved with this intervention's detail (not only an earlier save of his list)
        get.onsuccess = () =>
          resolve(get.result !== undefined && JSON.stringify(get.result).includes('"detail",${interventionId}]'));
        get.onerror = () => resolve(false);
      };
    })`;
    await expect.poll(() => page.evaluate(saved), POLL).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await page.getByText(description).first().waitFor();
    const banner = page.getByTestId('outbox-banner');
    await expect.poll(() => banner.textContent(), POLL).toContain(OUTBOX_MESSAGES.offline(0));
    // the age of the data comes with the outbox's first read, which waits for the page's own (issue 30)
    await expect.poll(() => banner.textContent(), POLL).toMatch(/données du \d{2}\/\d{2} à \d{2}:\d{2}/);
    await context.close();
  });

  it('fetched ahead at login: an intervention he never opened opens offline, with his day', async () => {
    const text = unique('Groupe électrogène 250 kVA');
    const id = await assignedIntervention(text, ['Niveau de gasoil']);
    const { context, page } = await phone();
    await loginThroughForm(page, tech.username, tech.password);
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    // Only the home page was shown: the detail's reads come from the prefetch.
    await expect.poll(() => page.evaluate(savedDetail(tech.id, id)), POLL).toBe(true);
    await context.setOffline(true);
    await page.goto(`/interventions/${id}`);
    await page.getByText(text).first().waitFor();
    await page.locator('section[aria-label="Checklist"]').getByText('Niveau de gasoil').waitFor({ state: 'attached' });
    const banner = page.getByTestId('outbox-banner');
    await expect.poll(() => banner.textContent(), POLL).toMatch(/données du \d{2}\/\d{2} à \d{2}:\d{2}/);
    await context.close();
  });

  it('offline on site: start, tick, add a material and a photo, get both signatures, close; online: each change once, GET /signatures lists both', async () => {
    const id = await assignedIntervention(unique('Poste HTA offline'), ['Vérifier les cellules']);
    const { context, page } = await phone();
    await loginThroughForm(page, tech.username, tech.password);
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await openDetail(page, id);
    await expect.poll(() => page.evaluate(savedDetail(tech.id, id)), POLL).toBe(true);

    await context.setOffline(true);
    // Start: shown at once, marked « en attente ».
    await page.getByRole('toolbar', { name: 'Actions rapides' }).getByRole('button', { name: 'Démarrer' }).click();
    const statut = page.getByTestId('detail-statut');
    await expect.poll(() => statut.textContent(), POLL).toContain(STATUT_LABELS.EN_COURS);
    expect(await statut.textContent()).toContain(OUTBOX_MESSAGES.pendingMark);
    // Tick the checklist.
    await openSection(page, 'Checklist');
    await page.getByRole('region', { name: 'Checklist' }).getByRole('checkbox').first().check();
    await page.getByRole('region', { name: 'Checklist' }).getByTestId('pending-mark').waitFor();
    // A material.
    await openSection(page, 'Matériel utilisé');
    await page.getByRole('button', { name: 'Ajouter du matériel' }).click();
    await page.getByLabel('Désignation').fill(MATERIAL);
    await page.getByLabel('Quantité').fill('2');
    await page.getByLabel('Prix unitaire (MAD)').fill('125,50');
    await page.getByRole('form', { name: 'Ajouter du matériel' }).getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByTestId('pending-materials').getByText(MATERIAL).waitFor();
    // A photo (resized to JPEG on the phone).
    await openSection(page, 'Pièces jointes');
    await page.locator('#attachment-file').setInputFiles({ name: 'cellule.png', mimeType: 'image/png', buffer: PHOTO });
    await page.getByTestId('pending-photos').getByText('cellule.jpg').waitFor();
    // Close: « Faire signer le client » first.
    await page.getByRole('region', { name: 'Actions disponibles' }).getByRole('button', { name: 'Terminer' }).click();
    const dialog = page.getByRole('dialog', { name: SIGNATURE_MESSAGES.askClient });
    await dialog.getByLabel(SIGNATURE_MESSAGES.signerName).fill(SIGNER);
    await dialog.getByLabel(SIGNATURE_MESSAGES.signerQualite).fill('Chef de poste');
    await draw(page, SIGNATURE_MESSAGES.clientSignature);
    await dialog.getByLabel(SIGNATURE_MESSAGES.technicianName).fill(TECH_SIGNER);
    await draw(page, SIGNATURE_MESSAGES.technicianSignature);
    await dialog.getByRole('button', { name: SIGNATURE_MESSAGES.submitAndClose }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => statut.textContent(), POLL).toContain(STATUT_LABELS.TERMINEE);

    // Reloaded offline: the app and the data from the cache, the 7 changes still waiting and shown.
    await page.reload();
    await page.getByTestId('detail-statut').waitFor();
    const banner = page.getByTestId('outbox-banner');
    await expect.poll(() => banner.textContent(), POLL).toContain(OUTBOX_MESSAGES.offline(7));
    // The detail reads its queued changes once the page's own reads are done (issue 30): the cached « Planifiée »
    // shows until then, the queued close then applies over it.
    await expect.poll(() => page.getByTestId('detail-statut').textContent(), POLL).toContain(STATUT_LABELS.TERMINEE);
    await page.getByTestId('pending-materials').getByText(MATERIAL).waitFor({ state: 'attached' });

    // Online: replayed in order. The first answer of each route is lost after the server applied the request (the
    // phone never hears back): the outbox sends the same change ids again, and the server applies each once.
    const lost = new Set<string>();
    await context.route(/\/api\/interventions\/\d+\/(sync|attachments|signatures)$/, async (route) => {
      const kind = /(sync|attachments|signatures)$/.exec(route.request().url())![1]!;
      if (route.request().method() !== 'POST' || lost.has(kind)) return route.fallback();
      lost.add(kind);
      await route.fetch();
      await route.abort('failed');
    });
    await context.setOffline(false);
    const syncNow = banner.getByRole('button', { name: OUTBOX_MESSAGES.syncNow });
    await expect
      .poll(
        async () => {
          if (await syncNow.isVisible().catch(() => false)) await syncNow.click().catch(() => undefined);
          return banner.count();
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toBe(0);
    expect([...lost].sort()).toEqual(['attachments', 'signatures', 'sync']);
    const api = await adminApi();
    const intervention = (await api('GET', `/interventions/${id}`)).body as { data: { statut: string } };
    expect(intervention.data.statut).toBe('TERMINEE');
    const history = (await api('GET', `/interventions/${id}/workflow/history`)).body as {
      data: { toStatut: string | null }[];
    };
    expect(history.data.filter((h) => h.toStatut === 'EN_COURS')).toHaveLength(1);
    expect(history.data.filter((h) => h.toStatut === 'TERMINEE')).toHaveLength(1);
    const checklist = (await api('GET', `/interventions/${id}/checklist`)).body as { data: { done: number } };
    expect(checklist.data.done).toBe(1);
    const materials = (await api('GET', `/interventions/${id}/materials`)).body as {
      data: { items: { designation: string; quantite: string }[] };
    };
    expect(materials.data.items.filter((m) => m.designation === MATERIAL)).toHaveLength(1);
    const attachments = (await api('GET', `/interventions/${id}/attachments`)).body as {
      data: { filename: string; mimeType?: string }[];
    };
    expect(attachments.data.map((a) => a.filename)).toEqual(['cellule.jpg']);
    const signatures = (await api('GET', `/interventions/${id}/signatures`)).body as {
      data: { role: string; nom: string; qualite: string | null }[];
    };
    expect(signatures.data.map((s) => [s.role, s.nom]).sort()).toEqual([
      ['CLIENT', SIGNER],
      ['TECHNICIEN', TECH_SIGNER],
    ]);
    // The bon carries both signers.
    const text = await pdfText(await adminPdf(`/reports/interventions/${id}/pdf`));
    expect(text).toContain(SIGNER);
    expect(text).toContain(TECH_SIGNER);
    // The detail shows the server's state: nothing waits any more.
    await expect.poll(() => page.getByTestId('pending-mark').count(), POLL).toBe(0);
    await context.close();
  });

  it('a new intervention made offline is a draft, created once when the network is back', async () => {
    const api = await adminApi();
    const client = await api('POST', '/clients', { nom_entreprise: unique('Managem Guemassa'), ville: 'Marrakech' });
    const equipment = unique('Compresseur Atlas Copco');
    await api('POST', '/equipment', {
      nom: equipment,
      type_equipement: 'ONDULEUR',
      proprietaire_id: (client.body as { data: { id: number } }).data.id,
    });
    const text = unique('Fuite d’huile compresseur');
    const { context, page } = await phone();
    await loginThroughForm(page, tech.username, tech.password);
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await page.goto('/interventions');
    await expect.poll(() => page.evaluate(savedKey(tech.id, '["equipment","options",1000]')), POLL).toBe(true);

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Nouvelle Intervention' }).click();
    const form = page.getByRole('dialog', { name: 'Nouvelle Intervention' });
    await form.getByRole('combobox', { name: /Équipement/ }).click();
    await form.getByRole('textbox', { name: 'Rechercher...' }).fill(equipment);
    await form.getByRole('option', { name: new RegExp(equipment) }).click();
    await form.getByLabel('Description').fill(text);
    // The offline banner (fixed, above the dialogs) is up before the tap: it must not cover the form's buttons.
    const banner = page.getByTestId('outbox-banner');
    await banner.waitFor();
    const bannerBox = await banner.boundingBox();
    for (const name of ['Annuler', "Créer l'intervention"]) {
      const box = await form.getByRole('button', { name, exact: true }).boundingBox();
      const apart =
        !bannerBox ||
        !box ||
        box.y + box.height <= bannerBox.y ||
        box.y >= bannerBox.y + bannerBox.height ||
        box.x + box.width <= bannerBox.x ||
        box.x >= bannerBox.x + bannerBox.width;
      expect(apart, `${name} under the offline banner`).toBe(true);
    }
    await form.getByRole('button', { name: "Créer l'intervention" }).click();
    await form.waitFor({ state: 'detached' });
    const drafts = page.getByTestId('pending-drafts');
    await drafts.getByText(text).waitFor();
    expect(await drafts.getByTestId('pending-mark').textContent()).toBe(OUTBOX_MESSAGES.pendingMark);
    // Kept through a reload offline.
    await page.reload();
    await page.getByTestId('pending-drafts').getByText(text).waitFor();

    await context.setOffline(false);
    await page.getByTestId('outbox-banner').waitFor({ state: 'detached', timeout: 30_000 });
    await page.getByTestId('pending-drafts').waitFor({ state: 'detached' });
    const found = (await api('GET', `/interventions?search=${encodeURIComponent(text)}`)).body as {
      data: { description: string; creerPar: { nom: string } | null }[];
    };
    expect(found.data.filter((i) => i.description === text)).toHaveLength(1);
    await context.close();
  });

  it('a responsable reassigns it meanwhile: the technician sees each refused change with its reason and chooses', async () => {
    const id = await assignedIntervention(unique('Armoire TGBT'), ['Serrage des bornes']);
    const { context, page } = await phone();
    await loginThroughForm(page, tech.username, tech.password);
    await openDetail(page, id);
    await expect.poll(() => page.evaluate(savedDetail(tech.id, id)), POLL).toBe(true);

    await context.setOffline(true);
    await page.getByRole('toolbar', { name: 'Actions rapides' }).getByRole('button', { name: 'Démarrer' }).click();
    await openSection(page, 'Checklist');
    await page.getByRole('region', { name: 'Checklist' }).getByRole('checkbox').first().check();
    const banner = page.getByTestId('outbox-banner');
    await expect.poll(() => banner.textContent(), POLL).toContain(OUTBOX_MESSAGES.offline(2));

    // Meanwhile the responsable gives it to another technician.
    const suffix = Date.now().toString(36);
    const other = await createReadyUser('Technicien', `Karim Bennani ${suffix}`, `k_bennani_${suffix}`);
    const otherId = (
      (await (await apiAs(other.username, other.password))('GET', '/auth/profile')).body as {
        data: { id: number };
      }
    ).data.id;
    const responsable = await apiAs(chef.username, chef.password);
    expect((await responsable('PUT', `/interventions/${id}/assign`, { technicianId: otherId })).status).toBe(200);

    await context.setOffline(false);
    const review = banner.getByRole('button', { name: OUTBOX_MESSAGES.conflicts(2) });
    await review.waitFor({ timeout: 30_000 });
    await review.click();
    const list = page.getByRole('region', { name: OUTBOX_MESSAGES.conflictsTitle });
    const items = list.getByRole('listitem');
    await expect.poll(() => items.count(), POLL).toBe(2);
    expect(await items.nth(0).textContent()).toContain(OUTBOX_MESSAGES.changeOf('Changement de statut', id));
    expect(await items.nth(1).textContent()).toContain(OUTBOX_MESSAGES.changeOf('Checklist', id));
    for (const i of [0, 1]) expect(await items.nth(i).textContent()).toContain(OUTBOX_MESSAGES.forbidden);
    // Nothing was written on the server.
    const api = await adminApi();
    expect(((await api('GET', `/interventions/${id}`)).body as { data: { statut: string } }).data.statut).toBe(
      'PLANIFIEE',
    );
    // He chooses per change: both dropped, one at a time.
    await items.nth(0).getByRole('button', { name: OUTBOX_MESSAGES.discard }).click();
    await expect.poll(() => items.count(), POLL).toBe(1);
    expect(await items.nth(0).textContent()).toContain('Checklist');
    await items.nth(0).getByRole('button', { name: OUTBOX_MESSAGES.discard }).click();
    await banner.waitFor({ state: 'detached' });
    await context.close();
  });
});

const MATERIAL = unique('Fusible HPC 63 A');
const SIGNER = unique('Samir Alaoui');
const TECH_SIGNER = unique('Yassine Idrissi');
const PHOTO = readFileSync(new URL('../../web/public/icons/icon-192.png', import.meta.url));
let chef: { username: string; password: string };

/** An intervention of today assigned to the technician, with checklist steps. */
const assignedIntervention = (text: string, steps: string[]) =>
  assignedTo(
    tech.id,
    { client: 'Lydec Casablanca', ville: 'Casablanca', equipment: 'Tableau général BT', description: text },
    steps,
  );

async function openDetail(page: Page, id: number) {
  await page.goto(`/interventions/${id}`);
  await page.getByTestId('detail-statut').waitFor();
  // (inside a folded section: in the page, not in the accessibility tree)
  await page.locator('section[aria-label="Checklist"] input[type="checkbox"]').first().waitFor({ state: 'attached' });
}

/** Opens a folded section of the phone's detail. */
async function openSection(page: Page, title: string) {
  const section = page.getByRole('region', { name: title, exact: true });
  if ((await section.locator('details').getAttribute('open')) === null) await section.locator('summary').click();
}
