import { OUTBOX_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiAs, signIn, unique } from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';
import { assignedIntervention, phoneContext, readyTechnician } from '../support/phone.ts';

/**
 * Issue 32, a timer started online and stopped in a basement without signal: the stop waits in the outbox as a
 * `timer_stop` dated on the phone, the section shows the timer stopped (marked « en attente »), and once the network
 * is back the server holds the session ending at the offline stop — not at the time of the replay. Same phone set-up
 * as offline-pwa.e2e.ts.
 */
const POLL = { timeout: 15_000 };
let browser: Browser;
let tech: { username: string; password: string; id: number };
let interventionId = 0;
const description = unique('Poste de transformation sous-sol');

beforeAll(async () => {
  browser = await launchBrowser();
  const suffix = Date.now().toString(36);
  tech = await readyTechnician(`Omar Tazi ${suffix}`, `o_tazi_${suffix}`);
  interventionId = await assignedIntervention(tech.id, {
    client: 'Redal Rabat',
    ville: 'Rabat',
    equipment: 'Cellule HTA',
    description,
  });
});
afterAll(async () => {
  await browser?.close();
});

const phone = () => phoneContext(browser);

type TimerLog = {
  running: unknown;
  sessions: { startedAt: string; stoppedAt: string | null; user: { id: number } | null }[];
};

describe('a timer started online, stopped offline', () => {
  it('the server holds the session ending at the offline stop time', async () => {
    const { context, page } = await phone();
    await signIn(page, `/interventions/${interventionId}`, tech);
    await page.getByTestId('detail-statut').waitFor();
    const section = page.getByRole('region', { name: 'Temps passé', exact: true });
    if ((await section.locator('details').getAttribute('open')) === null) await section.locator('summary').click();

    await section.getByRole('button', { name: 'Lancer le chronomètre' }).click();
    await section.getByText(/Votre chronomètre tourne/).waitFor();

    await context.setOffline(true);
    const before = Date.now();
    await section.getByRole('button', { name: 'Arrêter le chronomètre' }).click();
    const stopped = section.getByText(/Chronomètre arrêté hors ligne à/);
    await stopped.waitFor();
    const after = Date.now();
    expect(await stopped.getByTestId('pending-mark').textContent()).toBe(OUTBOX_MESSAGES.pendingMark);
    expect(await section.getByText(/Votre chronomètre tourne/).count()).toBe(0);
    const banner = page.getByTestId('outbox-banner');
    await expect.poll(() => banner.textContent(), POLL).toContain(OUTBOX_MESSAGES.offline(1));

    // Some time in the basement: the replay comes well after the stop.
    await page.waitForTimeout(3000);
    const online = Date.now();
    await context.setOffline(false);
    await banner.waitFor({ state: 'detached', timeout: 30_000 });

    const own = await apiAs(tech.username, tech.password);
    const log = ((await own('GET', `/interventions/${interventionId}/timer/log`)).body as { data: TimerLog }).data;
    expect(log.running).toBeNull();
    const mine = log.sessions.filter((s) => s.user?.id === tech.id);
    expect(mine).toHaveLength(1);
    const stoppedAt = Date.parse(mine[0]!.stoppedAt!);
    expect(stoppedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(stoppedAt).toBeLessThanOrEqual(after + 1000);
    expect(stoppedAt).toBeLessThan(online);
    // The detail follows the server: stopped, nothing waits any more.
    await expect.poll(() => section.getByText(/Chronomètre arrêté hors ligne à/).count(), POLL).toBe(0);
    await section.getByRole('button', { name: 'Lancer le chronomètre' }).waitFor();
    await context.close();
  });
});
