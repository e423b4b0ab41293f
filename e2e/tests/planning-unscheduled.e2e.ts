import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, baseURL, createReadyUser, newPage, signIn, unique } from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';
import { smallTapTargets } from '../support/tap-targets.ts';

/**
 * Issue 30 item 2: the planning showed only the interventions with a planned time ("1 of 241"; a technician's 13 open
 * jobs were invisible on his agenda) and the detail said two things ("Date 29/11/2026", "Prévue le : Non planifiée").
 * A job dated in two days without a time, assigned to a technician: his agenda shows it on its day for the whole day
 * ("Journée"), the « À planifier » list beside the calendar holds it, « Planifier » gives it a time, and its detail
 * says one thing about when it is due.
 */
let browser: Browser;
let api: Awaited<ReturnType<typeof adminApi>>;
let tech: { username: string; password: string };
let jobId = 0;
const equipmentName = unique('Groupe électrogène G7');
const inTwoDays = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
const frenchDay = inTwoDays.split('-').reverse().join('/');

beforeAll(async () => {
  api = await adminApi();
  tech = await createReadyUser('Technicien', unique('Hamza Bennani'), unique('h.bennani').replace(/\s/g, ''));
  const users = (await api('GET', '/interventions/technicians')).body as { data: { id: number; nom: string }[] };
  const techId = users.data.find((u) => u.nom.startsWith('Hamza Bennani'))?.id;
  const client = await api('POST', '/clients', { nom_entreprise: unique('Cimenterie de Safi'), ville: 'Safi' });
  const clientId = (client.body as { data: { id: number } }).data.id;
  const eq = await api('POST', '/equipment', {
    nom: equipmentName,
    type_equipement: 'GROUPE_ELECTROGENE',
    proprietaire_id: clientId,
  });
  expect(eq.status).toBe(201);
  const created = await api('POST', '/interventions', {
    equipement_id: (eq.body as { data: { id: number } }).data.id,
    date: inTwoDays,
    description: 'Essai en charge du groupe',
  });
  expect(created.status).toBe(201);
  jobId = (created.body as { data: { id: number } }).data.id;
  expect((await api('PUT', `/interventions/${jobId}/assign`, { technicianId: techId })).status).toBe(200);
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

async function phonePage(): Promise<Page> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: 'fr-FR',
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

describe('the planning shows the work that has a date but no time', () => {
  it("on the technician's phone: on its day for the whole day, and in « À planifier »", async () => {
    const phone = await phonePage();
    await signIn(phone, '/planning', tech);
    const agenda = phone.getByTestId('planning-agenda');
    const item = agenda.getByTestId(`planning-intervention-${jobId}`);
    await item.waitFor();
    expect(await item.textContent()).toContain('Journée');
    expect(await item.textContent()).toContain(equipmentName);
    const toPlan = phone.getByTestId('planning-to-plan');
    await toPlan.getByTestId(`to-plan-${jobId}`).waitFor();
    expect(await toPlan.getByTestId(`to-plan-${jobId}`).textContent()).toContain(`Date : ${frenchDay}`);
    expect(await smallTapTargets(phone)).toEqual([]);
    await phone.context().close();
  });

  it('on the office screen: on its day in the grid; « Planifier » gives it a time; the detail says one thing', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, '/planning', tech);
    const grid = page.getByTestId('planning-grid');
    const cell = grid.getByTestId(`planning-day-${inTwoDays}`);
    // two days ahead may fall in next month's grid
    if (!(await cell.isVisible().catch(() => false))) {
      await page.getByRole('button', { name: 'Période suivante' }).click();
    }
    await cell.getByTestId(`planning-intervention-${jobId}`).waitFor();

    // the detail: the date alone, said once
    await page.goto(`/interventions/${jobId}`);
    const detail = page.getByRole('dialog');
    await detail.getByText(`${frenchDay} · heure à planifier`).waitFor();
    expect(await detail.getByText('Non planifiée').count()).toBe(0);

    // « Planifier » from the list beside the calendar, prefilled with its date
    await page.goto('/planning');
    const toPlan = page.getByTestId('planning-to-plan');
    await toPlan.getByRole('button', { name: `Planifier « ${equipmentName} »` }).click();
    const dialog = page.getByRole('dialog', { name: "Planifier l'intervention" });
    expect(await dialog.getByLabel('Date prévue').inputValue()).toBe(inTwoDays);
    await dialog.getByLabel('Heure (Casablanca)').fill('10:30');
    await dialog.getByRole('button', { name: 'Planifier', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await toPlan.getByTestId(`to-plan-${jobId}`).waitFor({ state: 'detached' });
    const saved = (await api('GET', `/interventions/${jobId}`)).body as {
      data: { plannedWallClock: { date: string; time: string } | null };
    };
    expect(saved.data.plannedWallClock).toMatchObject({ date: inTwoDays, time: '10:30' });
    await context.close();
  });
});
