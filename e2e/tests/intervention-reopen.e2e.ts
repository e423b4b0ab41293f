import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, baseURL, signIn, unique } from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';

/**
 * Issue 30 item 1, at both sizes (a phone 390×844 with touch, an office screen 1366×800): 'Changer Statut →
 * Planifiée' on a finished, approved intervention asks for confirmation and a motif before it reopens it; the
 * reopening keeps the past approval in the review history, and the toast's 'Annuler' puts the approval back.
 */
const POLL = { timeout: 15_000 };
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A finished and approved intervention on its own client and equipment, made through the API. */
async function approvedIntervention(description: string) {
  const api = await adminApi();
  const client = await api('POST', '/clients', { nom_entreprise: unique('Cimenterie de Settat'), ville: 'Settat' });
  const owner = (client.body as { data: { id: number } }).data;
  const eq = await api('POST', '/equipment', { nom: unique('Broyeur'), proprietaire_id: owner.id });
  const equipment = (eq.body as { data: { id: number } }).data;
  const created = await api('POST', '/interventions', {
    equipement_id: equipment.id,
    date: new Date().toISOString().slice(0, 10),
    description,
  });
  const id = (created.body as { data: { id: number } }).data.id;
  for (const statut of ['EN_COURS', 'TERMINEE']) {
    expect((await api('PUT', `/interventions/${id}/status`, { statut })).status).toBe(200);
  }
  expect((await api('POST', `/interventions/${id}/review/submit`, {})).status).toBe(200);
  expect((await api('POST', `/interventions/${id}/review/approve`, {})).status).toBe(200);
  return id;
}

async function stateOf(id: number) {
  const api = await adminApi();
  const one = (await api('GET', `/interventions/${id}`)).body as {
    data: { statut: string; completedAt: string | null };
  };
  const review = (await api('GET', `/interventions/${id}/review/history`)).body as {
    data: { current: { status: string } | null; superseded: { status: string; supersededMotif: string | null }[] };
  };
  return { statut: one.data.statut, completedAt: one.data.completedAt, review: review.data };
}

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'office', viewport: { width: 1366, height: 800 }, isMobile: false, hasTouch: false },
] as const;

async function open(v: (typeof VIEWPORTS)[number]): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: 'fr-FR',
    viewport: v.viewport,
    isMobile: v.isMobile,
    hasTouch: v.hasTouch,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page);
  return page;
}

describe.each(VIEWPORTS)('reopening a finished intervention on a $name', (v) => {
  it("'Changer Statut → Planifiée' asks for a motif; the approval stays in the history; 'Annuler' restores it", async () => {
    const description = unique('Broyeur à rouvrir');
    const id = await approvedIntervention(description);
    const before = await stateOf(id);
    const page = await open(v);
    await page.goto('/interventions');
    await page.getByRole('searchbox', { name: 'Rechercher des interventions' }).fill(description);
    const button = page.getByRole('button', { name: /^Changer Statut → Planifiée/ });
    await expect.poll(() => button.count(), POLL).toBe(1);
    await button.click();

    const dialog = page.getByRole('dialog', { name: 'Rouvrir une intervention terminée ?' });
    await dialog.getByText('Elle est approuvée', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: 'Rouvrir' }).click();
    await dialog.getByText('Le motif de la réouverture est requis', { exact: false }).waitFor();
    expect((await stateOf(id)).statut).toBe('TERMINEE');

    await dialog.getByLabel(/Motif de la réouverture/).fill('Vibrations signalées par le client');
    await dialog.getByRole('button', { name: 'Rouvrir' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await stateOf(id)).statut, POLL).toBe('PLANIFIEE');
    const reopened = await stateOf(id);
    expect(reopened.completedAt).toBeNull();
    expect(reopened.review).toMatchObject({
      current: null,
      superseded: [{ status: 'APPROUVEE', supersededMotif: 'Vibrations signalées par le client' }],
    });

    await page.getByRole('button', { name: 'Annuler' }).click();
    await page.getByText('Statut rétabli : Terminée').first().waitFor();
    expect(await stateOf(id)).toEqual(before);
    await page.context().close();
  });
});
