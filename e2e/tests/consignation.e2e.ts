import { CONSIGNATION_MESSAGES as M } from '@gmao/domain/habilitations/consignation';
import { CONSIGNATION_LABELS as L } from '@gmao/domain/habilitations/consignation-labels';
import { OUTBOX_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import { STATUT_LABELS } from '@gmao/domain/interventions/status';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, baseURL, download, expectNoSeriousA11yViolations, signIn, unique } from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';
import { draw, phoneContext, readyTechnician } from '../support/phone.ts';

/**
 * Issue 34 on a phone: a technician holding HC opens the consignation of an HTA transformer (type de travail
 * CONSIGNATION). Starting is refused with the French message; he fills the five steps (lock number, detector tested
 * before and after), saves, signs the attestation as chargé de consignation and chargé de travaux, downloads nothing
 * but the PDF answers; starting is then accepted.
 */
const POLL = { timeout: 15_000 };
let browser: Browser;
let tech: { username: string; password: string; id: number; nom: string };
let interventionId = 0;
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  browser = await launchBrowser();
  const suffix = Date.now().toString(36);
  const nom = `Karim Bennani ${suffix}`;
  tech = { ...(await readyTechnician(nom, `k_bennani_${suffix}`)), nom };
  const api = await adminApi();
  const titre = await api('POST', `/users/${tech.id}/habilitations`, {
    symbole: 'HC',
    domaine: 'HTA',
    champ: 'Postes HTA du client',
    restrictions: '',
    delivree_le: '2026-01-05',
    valide_jusqu_au: '2029-01-04',
    signataire: 'M. Alami, directeur technique',
  });
  expect(titre.status, JSON.stringify(titre.body)).toBe(201);
  interventionId = await consignationJob();
}, 120_000);

/** An intervention of type CONSIGNATION on a new HTA transformer, assigned to the technician. */
async function consignationJob(): Promise<number> {
  const api = await adminApi();
  const client = await api('POST', '/clients', { nom_entreprise: unique('Sucrerie du Gharb'), ville: 'Kénitra' });
  const transformer = await api('POST', '/equipment', {
    nom: unique('Transformateur HTA/BT TR-2'),
    type_equipement: 'TRANSFORMATEUR',
    proprietaire_id: (client.body as { data: { id: number } }).data.id,
    domaine_tension: 'HTA',
    exigences: [{ travail: 'CONSIGNATION', symboles: ['HC'] }],
  });
  expect(transformer.status, JSON.stringify(transformer.body)).toBe(201);
  const created = await api('POST', '/interventions', {
    equipement_id: (transformer.body as { data: { id: number } }).data.id,
    date: today(),
    description: unique('Consignation du transformateur pour remplacement des fusibles'),
    type_travail: 'CONSIGNATION',
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = (created.body as { data: { id: number } }).data.id;
  const assigned = await api('PUT', `/interventions/${id}/assign`, { technicianId: tech.id });
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  return id;
}

afterAll(async () => {
  await browser?.close();
});

/** The visible controls of `scope` smaller than 44×44 CSS px (check boxes count with their label). */
async function smallControls(scope: Locator): Promise<string[]> {
  type Box = { width: number; height: number };
  type El = {
    tagName: string;
    type?: string;
    textContent: string | null;
    labels?: ArrayLike<{ getBoundingClientRect(): Box }>;
    getAttribute(n: string): string | null;
    getBoundingClientRect(): Box;
  };
  return scope.evaluate((root) => {
    const out: string[] = [];
    const els = (root as unknown as { querySelectorAll(s: string): ArrayLike<El> }).querySelectorAll(
      'button, input, select',
    );
    for (const el of Array.from(els)) {
      let box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const label = el.labels?.[0];
      if (label && el.type === 'checkbox') box = label.getBoundingClientRect();
      if (box.width < 43.5 || box.height < 43.5) {
        out.push(`${el.tagName} ${el.getAttribute('aria-label') ?? el.textContent} ${box.width}×${box.height}`);
      }
    }
    return out;
  });
}

const start = (page: Page) =>
  page.getByRole('toolbar', { name: 'Actions rapides' }).getByRole('button', { name: 'Démarrer' }).click();

async function phone() {
  const { context, page } = await phoneContext(browser);
  await signIn(page, '/', tech);
  return { context, page };
}

const STEPS = [
  'Séparation',
  'Condamnation (cadenas)',
  "Identification de l'ouvrage",
  "Vérification d'absence de tension",
  'Mise à la terre et en court-circuit',
];

/** The five steps, in order, each stamped with its time and its chargé; the lock number; the detector tests. */
async function fillSteps(section: Locator) {
  for (const label of STEPS) {
    const row = section.getByRole('listitem', { name: label });
    await row.getByRole('button', { name: `${L.done} : ${label}` }).click();
    await row.getByText(L.doneAt).waitFor();
    if (label.startsWith('Condamnation')) await row.getByLabel(L.lock).fill('CAD-HTA-017');
    if (label.startsWith('Vérification')) {
      await row.getByLabel(L.detectorBefore).check();
      await row.getByLabel(L.detectorAfter).check();
    }
  }
}

describe('the consignation on a phone', { timeout: 180_000 }, () => {
  it('refuses to start before the consignation, then the technician fills and signs it and starts', async () => {
    const { context, page } = await phone();
    await page.goto(`/interventions/${interventionId}`);
    await page.getByTestId('detail-statut').waitFor();

    // Before the consignation: starting is refused with the French message.
    await start(page);
    await page.getByText(M.requiredToStart).first().waitFor();
    expect(await page.getByTestId('detail-statut').textContent()).not.toContain(STATUT_LABELS.EN_COURS);

    const section = page.getByRole('region', { name: L.section, exact: true });
    await section.getByText(L.notNumbered).waitFor();
    await expect.poll(() => section.getByLabel(L.chargeConsignation).inputValue(), POLL).toBe(String(tech.id));
    await fillSteps(section);
    expect(await smallControls(section)).toEqual([]);
    await section.getByRole('button', { name: L.save }).click();
    await section.getByTestId('consignation-result').filter({ hasText: M.saved }).waitFor();
    await expect.poll(() => section.getByTestId('consignation-numero').textContent(), POLL).toMatch(/CONS-\d{4}-\d{6}/);

    // The attestation, signed by the chargé de consignation and the chargé de travaux.
    await draw(page, L.signatureCharge);
    await draw(page, L.signatureTravaux);
    await section.getByRole('button', { name: L.sign }).click();
    await section.getByText(/Attestation signée le/).waitFor();
    await section.getByRole('button', { name: L.pdf }).waitFor();
    expect(await smallControls(section)).toEqual([]);
    await expectNoSeriousA11yViolations(page);

    // The record on the server, and the printable attestation as the technician downloads it.
    const api = await adminApi();
    const record = await api('GET', `/interventions/${interventionId}/consignation`);
    const data = (record.body as { data: { numero: string; signatures: Record<string, boolean> } }).data;
    expect(data.signatures).toEqual({ charge_consignation: true, charge_travaux: true });
    const login = await fetch(`${baseURL()}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: tech.username, password: tech.password }),
    });
    const { token } = ((await login.json()) as { data: { token: string } }).data;
    const pdf = await fetch(`${baseURL()}/api/interventions/${interventionId}/consignation/pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toContain(data.numero);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');
    // The button of the section downloads it under its number.
    const file = await download(page, () => section.getByRole('button', { name: L.pdf }).click());
    expect(file.name).toBe(L.pdfFile(data.numero));
    expect(file.text.startsWith('%PDF')).toBe(true);

    // Now the intervention starts.
    await start(page);
    await expect.poll(() => page.getByTestId('detail-statut').textContent(), POLL).toContain(STATUT_LABELS.EN_COURS);
    await context.close();
  });

  it('offline in the substation: consigned, signed and started on the phone; online, sent once through the sync', async () => {
    const id = await consignationJob();
    const { context, page } = await phone();
    await page.goto(`/interventions/${id}`);
    await page.getByTestId('detail-statut').waitFor();
    const section = page.getByRole('region', { name: L.section, exact: true });
    await expect.poll(() => section.getByLabel(L.chargeConsignation).inputValue(), POLL).toBe(String(tech.id));
    // The app installed on the phone before the signal goes, as in offline-pwa.e2e.ts: under load (CI, 08:30) the
    // page went offline before its service worker was ready and the save never came back.
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');

    await context.setOffline(true);
    await fillSteps(section);
    await section.getByRole('button', { name: L.save }).click();
    await section.getByTestId('consignation-result').filter({ hasText: OUTBOX_MESSAGES.queued }).waitFor();
    await section.getByTestId('pending-mark').waitFor();
    await draw(page, L.signatureCharge);
    await draw(page, L.signatureTravaux);
    await section.getByRole('button', { name: L.sign }).click();
    await section.getByText(L.attestedOnPhone).waitFor();
    await start(page);
    const statut = page.getByTestId('detail-statut');
    await expect.poll(() => statut.textContent(), POLL).toContain(STATUT_LABELS.EN_COURS);

    await context.setOffline(false);
    const banner = page.getByTestId('outbox-banner');
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
    const api = await adminApi();
    const intervention = (await api('GET', `/interventions/${id}`)).body as { data: { statut: string } };
    expect(intervention.data.statut).toBe('EN_COURS');
    const record = (await api('GET', `/interventions/${id}/consignation`)).body as {
      data: { attestee_le: string | null; etapes: unknown[]; signatures: Record<string, boolean> };
    };
    expect(record.data.etapes).toHaveLength(5);
    expect(record.data.attestee_le).not.toBeNull();
    expect(record.data.signatures).toEqual({ charge_consignation: true, charge_travaux: true });
    await section.getByText(/Attestation signée le/).waitFor();
    await context.close();
  });
});
