import type { Browser } from 'playwright-core';
import { PNG as PngImage } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  apiAs,
  baseURL,
  download,
  expectNoSeriousA11yViolations,
  loginThroughForm,
  newPage,
  signIn,
  unique,
} from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';

/**
 * Issue 33, the client's side end to end: an operator scans the equipment's QR code on a phone and files a request
 * with a photo (no account); the responsable accepts it in /demandes; the client's portal user logs in on his phone,
 * lands on /portail (never on an internal page) and sees the intervention planned; once it is signed and finished,
 * he downloads the signed bon.
 */
let browser: Browser;
const companyName = unique('Conserverie Atlantique');
const equipmentName = unique('Groupe froid GF-Agadir');
let clientId = 0;
let token = '';
const portalUser = { username: unique('portail.agadir').replace(' ', '-'), password: 'Portail-Agadir-2026' };

/** A 1×1 PNG. */
const PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A signature as the capture pad makes it: white 600×200, a wavy dark stroke. */
function signaturePng(): Buffer {
  const width = 600;
  const height = 200;
  const png = new PngImage({ width, height });
  png.data.fill(255);
  for (let x = 60; x < 540; x++) {
    const yc = Math.round(height / 2 + Math.sin((x - 60) / 15) * 40);
    for (let dy = -1; dy <= 1; dy++) {
      const o = ((yc + dy) * width + x) * 4;
      png.data.set([20, 30, 90, 255], o);
    }
  }
  return PngImage.sync.write(png);
}

const phoneContext = () =>
  browser.newContext({
    baseURL: baseURL(),
    locale: 'fr-FR',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });

beforeAll(async () => {
  const api = await adminApi();
  const client = await api('POST', '/clients', { nom_entreprise: companyName, ville: 'Agadir' });
  clientId = (client.body as { data: { id: number } }).data.id;
  const eq = await api('POST', '/equipment', {
    nom: equipmentName,
    type_equipement: 'AUTRE',
    proprietaire_id: clientId,
  });
  expect(eq.status).toBe(201);
  const equipmentId = (eq.body as { data: { id: number } }).data.id;
  token = ((await api('GET', `/equipment/${equipmentId}/request-link`)).body as { data: { token: string } }).data.token;
  // The client's portal account, with a first password the client changes at once
  const first = 'Provisoire-Agadir-1';
  const created = await api('POST', `/clients/${clientId}/portal-users`, {
    nom: 'Youssef Client',
    username: portalUser.username,
    password: first,
    droit: 'DEMANDEUR',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const own = await apiAs(portalUser.username, first);
  const changed = await own('PUT', '/auth/profile', { currentPassword: first, newPassword: portalUser.password });
  expect(changed.status).toBe(200);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('client portal', () => {
  it('scan → request with a photo → accepted in the inbox → planned in the portal → signed bon downloaded', async () => {
    // 1. The operator's phone, no account.
    const phone = await phoneContext();
    const scan = await phone.newPage();
    scan.setDefaultTimeout(15_000);
    await scan.goto(`/r/${token}`);
    await scan.getByText(equipmentName, { exact: true }).waitFor();
    const description = unique('Le groupe froid ne descend plus en température');
    await scan.getByLabel(/^Description du problème/).fill(description);
    await scan.getByLabel(/^Votre nom/).fill('Omar Opérateur');
    await scan.getByLabel(/^Votre téléphone/).fill('06 61 23 45 67');
    await scan.getByLabel(/^Photos/).setInputFiles({ name: 'afficheur.png', mimeType: 'image/png', buffer: PHOTO });
    await scan.getByRole('button', { name: 'Envoyer la demande' }).click();
    await scan.getByText('Votre demande a été transmise', { exact: false }).waitFor();
    await phone.close();

    // 2. The inbox accepts it.
    const { context, page: desk } = await newPage(browser);
    await signIn(desk, '/demandes');
    await desk.getByRole('searchbox', { name: 'Rechercher une demande' }).fill(description);
    const row = desk.getByRole('row').filter({ hasText: equipmentName });
    await row.getByRole('button', { name: /Voir la demande/ }).click();
    const detail = desk.getByRole('dialog', { name: /Demande n° \d+/ });
    await detail.getByRole('button', { name: 'Accepter' }).click();
    await desk.getByRole('dialog', { name: 'Accepter la demande' }).getByRole('button', { name: 'Accepter' }).click();
    const toast = desk.getByText(/Demande acceptée : intervention #\d+ créée/).first();
    await toast.waitFor();
    const interventionId = Number((await toast.textContent())?.match(/#(\d+)/)?.[1]);
    expect(interventionId).toBeGreaterThan(0);
    await context.close();

    // 3. The client's user on his phone: the portal, never an internal page.
    const clientPhone = await phoneContext();
    const portal = await clientPhone.newPage();
    portal.setDefaultTimeout(15_000);
    await portal.goto('/login');
    await loginThroughForm(portal, portalUser.username, portalUser.password);
    await portal.waitForURL((url) => url.pathname === '/portail');
    await portal.getByText(companyName).first().waitFor();
    await portal.goto('/interventions');
    await portal.waitForURL((url) => url.pathname === '/portail');
    await portal
      .getByRole('navigation', { name: 'Portail client' })
      .getByRole('link', { name: 'Interventions' })
      .click();
    const card = portal.getByRole('listitem').filter({ hasText: `N° ${interventionId}` });
    await card.getByText('Planifiée').waitFor();
    await expectNoSeriousA11yViolations(portal);
    expect(await portal.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    // his requests show where this one stands
    await portal.getByRole('navigation', { name: 'Portail client' }).getByRole('link', { name: 'Demandes' }).click();
    await portal.getByText('Acceptée').first().waitFor();

    // 4. The intervention is done and signed (through the API, as the technician's tablet would).
    const api = await adminApi();
    expect((await api('PUT', `/interventions/${interventionId}/status`, { statut: 'EN_COURS' })).status).toBe(200);
    const admin = await fetch(`${baseURL()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: 'AdminGmao2024!' }),
    });
    const bearer = ((await admin.json()) as { data: { token: string } }).data.token;
    const form = new FormData();
    form.append('role', 'CLIENT');
    form.append('nom', 'Youssef Client');
    form.append('signe_le', new Date().toISOString());
    form.append('image', new Blob([signaturePng()], { type: 'image/png' }), 'signature.png');
    const signed = await fetch(`${baseURL()}/api/interventions/${interventionId}/signatures`, {
      method: 'POST',
      headers: { authorization: `Bearer ${bearer}` },
      body: form,
    });
    expect(signed.status, await signed.clone().text()).toBe(201);
    const done = await api('PUT', `/interventions/${interventionId}/status`, { statut: 'TERMINEE' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);

    // 5. The portal shows it finished, with the signed bon to download.
    await portal.goto(`/portail/interventions/${interventionId}`);
    await portal.getByRole('heading', { name: `Intervention n° ${interventionId}` }).waitFor();
    await portal.getByText('Terminée').first().waitFor();
    const file = await download(portal, () => portal.getByRole('button', { name: 'Télécharger le bon signé' }).click());
    expect(file.name).toBe(`bon-intervention-${interventionId}.pdf`);
    expect(file.text.startsWith('%PDF')).toBe(true);
    await clientPhone.close();
  });
});
