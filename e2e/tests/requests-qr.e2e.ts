import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  apiAs,
  baseURL,
  createReadyUser,
  expectNoSeriousA11yViolations,
  loginThroughForm,
  newPage,
  signIn,
  unique,
} from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';
import { headingJumps } from '../support/heading-order.ts';
import { smallTapTargets } from '../support/tap-targets.ts';

/**
 * Issue 33 in the browser: a machine operator scans the equipment's QR code on his phone, opens /r/{token} without
 * any account and files a request with a photo; the responsable accepts it in /demandes and the intervention exists,
 * with the photo among its attachments. A bad token shows a plain French page.
 */
let browser: Browser;
const equipmentName = unique('Groupe électrogène GE-Tanger');
let equipmentId = 0;
let token = '';
/** The intervention the first request was accepted into (the merge's target below). */
let acceptedInto = 0;
let responsable: { username: string; password: string };
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A PNG of random pixels (it does not compress): 2000 × 2000 is some 12 MB, like a phone's full-size picture. */
function noisePng(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  const raw = Buffer.alloc((side * 3 + 1) * side);
  const noise = randomBytes(side * side * 3);
  for (let y = 0; y < side; y++) noise.copy(raw, y * (side * 3 + 1) + 1, y * side * 3, (y + 1) * side * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 1 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  const api = await adminApi();
  const client = await api('POST', '/clients', { nom_entreprise: unique('Textiles du Détroit'), ville: 'Tanger' });
  const clientId = (client.body as { data: { id: number } }).data.id;
  const eq = await api('POST', '/equipment', {
    nom: equipmentName,
    type_equipement: 'AUTRE',
    proprietaire_id: clientId,
  });
  expect(eq.status).toBe(201);
  equipmentId = (eq.body as { data: { id: number } }).data.id;
  const link = await api('GET', `/equipment/${equipmentId}/request-link`);
  expect(link.status).toBe(200);
  token = (link.body as { data: { token: string } }).data.token;
  responsable = await createReadyUser('Responsable', 'Amina Responsable', unique('amina').replace(' ', '.'));
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('requests by QR code', () => {
  it('files a request from a phone without login; the responsable accepts it into an intervention with the photo', async () => {
    const phone = await browser.newContext({
      baseURL: baseURL(),
      locale: 'fr-FR',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await phone.newPage();
    page.setDefaultTimeout(15_000);

    await page.goto('/r/jeton-inconnu-0123456789abcdef');
    await page.getByRole('heading', { name: 'Lien invalide' }).waitFor();
    expect(page.url()).not.toContain('/login');

    await page.goto(`/r/${token}`);
    await page.getByRole('heading', { name: "Demande d'intervention" }).waitFor();
    await page.getByText(equipmentName, { exact: true }).waitFor();
    expect(page.url()).not.toContain('/login');
    await expectNoSeriousA11yViolations(page);
    // Phone first: every control at least 44 px, headings in order, nothing wider than the screen.
    expect(await smallTapTargets(page)).toEqual([]);
    expect(await headingJumps(page)).toEqual([]);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);

    // A bad phone number is refused in French before anything is sent.
    await page.getByLabel(/^Description du problème/).fill('Le groupe ne démarre plus, voyant rouge allumé');
    await page.getByLabel(/^Votre nom/).fill('Rachid Opérateur');
    await page.getByLabel(/^Votre téléphone/).fill('12345');
    await page.getByRole('button', { name: 'Envoyer la demande' }).click();
    await page.getByText('Numéro de téléphone marocain invalide', { exact: false }).waitFor();

    await page.getByLabel(/^Votre téléphone/).fill('06 61 23 45 67');
    await page.getByLabel(/^Photos/).setInputFiles({ name: 'voyant.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('1 photo : voyant.png').waitFor();
    await page.getByRole('button', { name: 'Envoyer la demande' }).click();
    await page.getByText('Votre demande a été transmise', { exact: false }).waitFor();
    await phone.close();

    // The responsable's inbox.
    const { context, page: desk } = await newPage(browser);
    await loginThroughForm(desk, responsable.username, responsable.password);
    // The sidebar counts the requests waiting for a decision.
    await desk
      .getByRole('navigation', { name: 'Navigation principale' })
      .getByRole('link', { name: /^Demandes \d+ nouvelle\(s\) demande\(s\) à traiter$/ })
      .click();
    await desk.getByRole('heading', { name: "Demandes d'intervention", level: 1 }).waitFor();
    const row = desk.getByRole('row').filter({ hasText: equipmentName });
    await row.waitFor();
    await row.getByRole('button', { name: /Voir la demande/ }).click();
    const detail = desk.getByRole('dialog', { name: /Demande n° \d+/ });
    await detail.getByText('Rachid Opérateur', { exact: false }).waitFor();
    await detail.getByRole('img', { name: 'voyant.png' }).waitFor();
    await expectNoSeriousA11yViolations(desk);
    await detail.getByRole('button', { name: 'Accepter' }).click();
    const confirm = desk.getByRole('dialog', { name: 'Accepter la demande' });
    await confirm.getByRole('button', { name: 'Accepter' }).click();
    const toast = desk.getByText(/Demande acceptée : intervention #\d+ créée/).first();
    await toast.waitFor();
    const interventionId = Number((await toast.textContent())?.match(/#(\d+)/)?.[1]);
    expect(interventionId).toBeGreaterThan(0);
    acceptedInto = interventionId;
    await context.close();

    const api = await apiAs(responsable.username, responsable.password);
    const intervention = await api('GET', `/interventions/${interventionId}`);
    expect(intervention.status).toBe(200);
    const data = (intervention.body as { data: { equipement_id: number; description: string } }).data;
    expect(data.equipement_id).toBe(equipmentId);
    expect(data.description).toContain('voyant rouge allumé');
    expect(data.description).toContain('Rachid Opérateur');
    const attachments = await api('GET', `/interventions/${interventionId}/attachments`);
    expect((attachments.body as { data: { filename: string; mimeType: string }[] }).data).toEqual([
      expect.objectContaining({ filename: 'voyant.png', mimeType: 'image/png' }),
    ]);
  });

  it('renews the QR code from the equipment: the printed label then opens the plain invalid-link page', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, `/equipment/${equipmentId}`, responsable);
    const detail = page.getByRole('dialog', { name: equipmentName });
    const qr = detail.getByRole('img', { name: `QR code de l'équipement ${equipmentName}` });
    await qr.waitFor();
    const before = await qr.getAttribute('data-qr-url');
    expect(before).toMatch(new RegExp(`/r/${token}$`));
    await detail.getByRole('button', { name: 'Renouveler le QR code' }).click();
    await page
      .getByRole('dialog', { name: 'Renouveler le QR code ?' })
      .getByRole('button', { name: 'Renouveler le QR code' })
      .click();
    await page.getByText('Nouveau lien créé', { exact: false }).first().waitFor();
    await detail.locator(`img[data-qr-url]:not([data-qr-url="${before}"])`).waitFor();
    const after = (await qr.getAttribute('data-qr-url')) as string;
    expect(after).toMatch(/\/r\/[A-Za-z0-9_-]{43}$/);

    await page.goto(new URL(before as string).pathname);
    await page.getByRole('heading', { name: 'Lien invalide' }).waitFor();
    await page.goto(new URL(after).pathname);
    await page.getByText(equipmentName, { exact: true }).waitFor();
    await context.close();
  });

  it("shrinks a phone's full-size photo (over the 5 MB cap) before sending it, and the request is accepted", async () => {
    const big = noisePng(2000);
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const phone = await browser.newContext({
      baseURL: baseURL(),
      locale: 'fr-FR',
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await phone.newPage();
    page.setDefaultTimeout(30_000);
    const description = unique('Armoire électrique qui chauffe');
    // The label renewed by the test above: the equipment's current link.
    const api = await adminApi();
    const link = await api('GET', `/equipment/${equipmentId}/request-link`);
    await page.goto(new URL((link.body as { data: { url: string } }).data.url).pathname);
    await page.getByLabel(/^Description du problème/).fill(description);
    await page.getByLabel(/^Votre nom/).fill('Samira Opératrice');
    await page.getByLabel(/^Votre téléphone/).fill('+212 6 61 23 45 67');
    await page.getByLabel(/^Photos/).setInputFiles({ name: 'IMG_2041.png', mimeType: 'image/png', buffer: big });
    await page.getByRole('button', { name: 'Envoyer la demande' }).click();
    await page.getByText('Votre demande a été transmise', { exact: false }).waitFor();
    await phone.close();

    const list = await api('GET', `/requests?search=${encodeURIComponent(description)}`);
    const [request] = (list.body as { data: { photos: { filename: string; mimeType: string; sizeBytes: number }[] }[] })
      .data;
    expect(request!.photos).toEqual([expect.objectContaining({ filename: 'IMG_2041.jpg', mimeType: 'image/jpeg' })]);
    expect(request!.photos[0]!.sizeBytes).toBeLessThan(5 * 1024 * 1024);
  });

  it('merges a second report of the same breakdown into the open intervention, with the requester in a comment', async () => {
    const api = await adminApi();
    const link = await api('GET', `/equipment/${equipmentId}/request-link`);
    const form = new FormData();
    const description = unique('Toujours en panne ce matin');
    form.append('description', description);
    form.append('nom', 'Nabil Contremaître');
    form.append('telephone', '0661112233');
    const filed = await fetch(
      `${baseURL()}/api/public/requests/${(link.body as { data: { token: string } }).data.token}`,
      {
        method: 'POST',
        body: form,
      },
    );
    expect(filed.status).toBe(201);

    const { context, page } = await newPage(browser);
    await signIn(page, '/demandes', responsable);
    await page.getByRole('searchbox', { name: 'Rechercher une demande' }).fill(description);
    const row = page.getByRole('row').filter({ hasText: 'Nabil Contremaître' });
    await row.getByRole('button', { name: /Voir la demande/ }).click();
    const detail = page.getByRole('dialog', { name: /Demande n° \d+/ });
    await detail.getByRole('button', { name: 'Fusionner' }).click();
    const confirm = page.getByRole('dialog', { name: 'Fusionner dans une intervention ouverte' });
    await confirm.getByRole('combobox', { name: 'Intervention ouverte du même équipement' }).click();
    await page.getByRole('option', { name: new RegExp(`^#${acceptedInto} `) }).click();
    await confirm.getByRole('button', { name: 'Fusionner' }).click();
    await page.getByText(`Demande fusionnée dans l'intervention #${acceptedInto}`).first().waitFor();
    await context.close();

    const comments = await api('GET', `/interventions/${acceptedInto}/comments`);
    const texts = (comments.body as { data: { comment: string }[] }).data.map((c) => c.comment);
    expect(texts.some((t) => t.includes(description) && t.includes('Nabil Contremaître'))).toBe(true);
  });
});
