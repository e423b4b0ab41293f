import { planningToday } from '@gmao/domain/interventions/schedule-schemas';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, baseURL, signIn, unique } from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';

/**
 * Issue 30 item 3 / issue 36: a planned time must read back as typed whatever the browser's own zone (Playwright's
 * `timezoneId`) and whatever its time-zone data. Debian's Chromium put Casablanca at UTC+0 on 30 November 2026
 * (Node's data: UTC+1), so 09:00 came back as 08:00 and each save or drag moved it by one hour. The last variant
 * makes any Chromium behave so (its Intl reads Casablanca as UTC), which the old web, converting in the browser,
 * failed; the server alone converts now and the web shows and sends back its wall clock.
 */
const VARIANTS = [
  { timezoneId: 'UTC', staleZoneData: false },
  { timezoneId: 'Europe/Paris', staleZoneData: false },
  { timezoneId: 'Europe/Paris', staleZoneData: true },
] as const;

/** Makes the page's Intl read Africa/Casablanca as UTC: the browser's zone data disagreeing with the server's. */
function staleCasablanca() {
  const Real = Intl.DateTimeFormat;
  const Stale = function (this: unknown, locales?: string | string[], options?: Intl.DateTimeFormatOptions) {
    const fixed = options?.timeZone === 'Africa/Casablanca' ? { ...options, timeZone: 'UTC' } : options;
    return new Real(locales, fixed);
  } as unknown as typeof Intl.DateTimeFormat;
  Object.defineProperty(Stale, 'prototype', { value: Real.prototype });
  Object.defineProperty(Stale, 'supportedLocalesOf', { value: Real.supportedLocalesOf });
  Intl.DateTimeFormat = Stale;
}

interface Row {
  id: number;
  plannedAt: string | null;
  plannedWallClock: { date: string; time: string; zone: string } | null;
}

let browser: Browser;
let api: Awaited<ReturnType<typeof adminApi>>;
const clientName = unique('Sucrerie du Gharb');
let equipementId = 0;

beforeAll(async () => {
  api = await adminApi();
  const client = await api('POST', '/clients', { nom_entreprise: clientName, ville: 'Kénitra' });
  const clientId = (client.body as { data: { id: number } }).data.id;
  const equipment = await api('POST', '/equipment', { nom: unique('Chaudière'), proprietaire_id: clientId });
  expect(equipment.status).toBe(201);
  equipementId = (equipment.body as { data: { id: number } }).data.id;
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

async function createIntervention(description: string): Promise<number> {
  const created = await api('POST', '/interventions', {
    equipement_id: equipementId,
    date: planningToday(),
    description,
  });
  expect(created.status).toBe(201);
  return (created.body as { data: { id: number } }).data.id;
}

const read = async (id: number) => ((await api('GET', `/interventions/${id}`)).body as { data: Row }).data;

async function open(v: (typeof VARIANTS)[number]): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: 'fr-FR',
    timezoneId: v.timezoneId,
    viewport: { width: 1366, height: 900 },
  });
  if (v.staleZoneData) await context.addInitScript(staleCasablanca);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(page);
  return { context, page };
}

const frenchDay = (day: string) => day.split('-').reverse().join('/');
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe.each(VARIANTS)('planned times in a browser at $timezoneId (stale zone data: $staleZoneData)', (v) => {
  it('reads back 09:00 after a save of the detail’s schedule form, and after a second save', async () => {
    const id = await createIntervention(unique('Détartrage chaudière'));
    const { context, page } = await open(v);
    // 30 November 2026: UTC+1 in Casablanca by the server's data, UTC+0 by Debian's Chromium's.
    await page.goto(`/interventions/${id}`);
    // The detail opens over the list (which shows the other variants' interventions): read inside it.
    const detail = page.getByTestId('modal-overlay');
    await detail.getByRole('button', { name: 'Planifier la date' }).click();
    let form = detail.getByRole('form', { name: "Planifier l'intervention" });
    await form.getByLabel('Date prévue').fill('2026-11-30');
    await form.getByLabel('Heure (Casablanca)').fill('09:00');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await detail.getByText('30/11/2026 à 09:00', { exact: true }).waitFor();
    expect((await read(id)).plannedWallClock).toMatchObject({ date: '2026-11-30', time: '09:00' });

    // The form opens on what the server said, and saving it with another day keeps 09:00.
    await detail.getByRole('button', { name: 'Replanifier' }).click();
    form = detail.getByRole('form', { name: "Planifier l'intervention" });
    expect(await form.getByLabel('Heure (Casablanca)').inputValue()).toBe('09:00');
    await form.getByLabel('Date prévue').fill('2026-12-01');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await detail.getByText('01/12/2026 à 09:00', { exact: true }).waitFor();
    const saved = await read(id);
    expect(saved.plannedWallClock).toMatchObject({ date: '2026-12-01', time: '09:00' });
    expect(saved.plannedAt).toBe('2026-12-01T08:00:00.000Z');
    await context.close();
  });

  it('reads back 09:00 after a drag to another day on the planning', async () => {
    const today = planningToday();
    const id = await createIntervention(unique('Ramonage chaudière'));
    expect((await api('PUT', `/interventions/${id}/schedule`, { date: `${today}T09:00`, duree: 60 })).status).toBe(200);
    const { context, page } = await open(v);
    await page.goto('/planning');
    await page.getByLabel('Client').selectOption({ label: clientName });
    const grid = page.getByTestId('planning-grid');
    const event = grid.getByTestId(`planning-day-${today}`).getByTestId(`planning-intervention-${id}`);
    await event.waitFor();
    expect(await event.textContent()).toContain('09:00');

    let target = addDays(today, 1);
    if ((await grid.getByTestId(`planning-day-${target}`).count()) === 0) target = addDays(today, -1);
    const plannedDay = async () => (await read(id)).plannedWallClock?.date;
    // A drag can be lost when the calendar re-renders under it: retried until the planned day changed (3 at most).
    for (let attempt = 0; attempt < 3 && (await plannedDay()) !== target; attempt++) {
      await event.dragTo(grid.getByTestId(`planning-day-${target}`));
      await expect
        .poll(plannedDay, { timeout: 5_000 })
        .toBe(target)
        .catch(() => undefined);
    }
    expect((await read(id)).plannedWallClock).toMatchObject({ date: target, time: '09:00' });
    const moved = grid.getByTestId(`planning-day-${target}`).getByTestId(`planning-intervention-${id}`);
    await moved.waitFor();
    expect(await moved.textContent()).toContain('09:00');
    await page.goto(`/interventions/${id}`);
    await page
      .getByTestId('modal-overlay')
      .getByText(`${frenchDay(target)} à 09:00 (1 h)`, { exact: true })
      .waitFor();
    await context.close();
  });
});
