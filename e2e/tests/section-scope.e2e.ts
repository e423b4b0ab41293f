import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, apiAs, loginThroughForm, newPage, signIn, unique } from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';

/**
 * Issue 33, one visibility: an administrator gives a role "Limité à ses sections"; its user, responsable of the
 * Tanger agency, has a dashboard of his section, is offered only the pages that apply his scope, and sees Tanger's
 * clients and work — never Casablanca's, not even by typing another client's address.
 */
let browser: Browser;
const north = unique('Cimenterie du Détroit');
const south = unique('Sucrerie Zeta Casablanca');
let southId = 0;
const username = unique('agence').replace(/\W/g, '_');

beforeAll(async () => {
  const api = await adminApi();
  const section = await api('POST', '/sections', { nom: unique('Agence Nord') });
  expect(section.status).toBe(201);
  const sectionId = (section.body as { data: { id: number } }).data.id;
  const role = await api('POST', '/roles', {
    nom: unique("Responsable d'agence"),
    permissions: ['clients:read', 'equipment:read', 'interventions:read', 'interventions:create'],
    limiteSections: true,
  });
  expect(role.status).toBe(201);
  const created = await api('POST', '/users', {
    nom: 'Karim Amrani',
    username,
    password: 'Provisoire-2026',
    role_id: (role.body as { data: { id: number } }).data.id,
    section_id: sectionId,
    enabled: true,
  });
  expect(created.status).toBe(201);
  const own = await apiAs(username, 'Provisoire-2026');
  expect(
    (await own('PUT', '/auth/profile', { currentPassword: 'Provisoire-2026', newPassword: 'Agence-Nord-2026' })).status,
  ).toBe(200);
  for (const [nom, ville, section_id] of [
    [north, 'Tanger', sectionId],
    [south, 'Casablanca', null],
  ] as const) {
    const client = await api('POST', '/clients', { nom_entreprise: nom, ville, section_id });
    expect(client.status).toBe(201);
    const clientId = (client.body as { data: { id: number } }).data.id;
    if (nom === south) southId = clientId;
    const eq = await api('POST', '/equipment', {
      nom: `Transformateur ${ville}`,
      type_equipement: 'TRANSFORMATEUR',
      proprietaire_id: clientId,
    });
    const equipementId = (eq.body as { data: { id: number } }).data.id;
    const job = await api('POST', '/interventions', {
      equipement_id: equipementId,
      description: `Analyse d'huile ${nom}`,
      date: new Date().toISOString().slice(0, 10),
    });
    expect(job.status).toBe(201);
  }
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('a role limited to its sections', () => {
  it('has its section’s dashboard and lists, and finds another section’s client nowhere', async () => {
    const { context, page } = await newPage(browser);
    await loginThroughForm(page, username, 'Agence-Nord-2026');
    // his dashboard counts his section: one client, one equipment, one intervention
    await page.getByRole('heading', { name: 'Tableau de Bord', level: 1 }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    expect(await nav.getByRole('link', { name: 'Rapports' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Stock' }).count()).toBe(0);
    await nav.getByRole('link', { name: 'Interventions' }).click();
    await page.getByText('Transformateur Tanger').first().waitFor();
    expect(await page.getByText('Transformateur Casablanca').count()).toBe(0);

    await nav.getByRole('link', { name: 'Clients' }).click();
    await page.getByText(north).first().waitFor();
    expect(await page.getByText(south).count()).toBe(0);

    // the other client's page, typed in the address bar: unknown, like a client that does not exist
    await page.goto(`/clients/${southId}`);
    await page.getByText('Impossible de charger ce client.').waitFor();
    expect(await page.getByText(south).count()).toBe(0);
    await context.close();
  });

  it('shows the administrator the role’s limit in the roles list', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, '/roles');
    await page.getByText('Limité à ses sections').first().waitFor();
    await context.close();
  });
});
