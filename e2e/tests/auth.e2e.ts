import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, apiAs, expectNoSeriousA11yViolations, loginThroughForm, newPage, unique } from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('authentication and shell', () => {
  it('the admin logs in through the form and sees the dashboard shell', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/');
    await page.waitForURL('**/login');
    await loginThroughForm(page);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.getByRole('heading', { name: 'Tableau de Bord' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    for (const entry of ['Clients', 'Équipements', 'Interventions', 'Utilisateurs', 'Sections']) {
      await nav.getByRole('link', { name: entry }).waitFor();
    }
    expect(await page.getByText('Version 1.0.0').isVisible()).toBe(true);
    expect(await page.getByText('Bienvenue, Administrateur!').isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Menu utilisateur' }).click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await page.waitForURL('**/login');
    await context.close();
  });

  it('an unauthenticated visit to /clients lands on /login and returns to /clients after login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/clients');
    await page.waitForURL('**/login');
    await loginThroughForm(page);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/clients');
    await context.close();
  });

  it('a wrong password shows the error and keeps the user on /login', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel("Nom d'utilisateur ou email").fill('admin');
    await page.getByLabel(/^Mot de passe/).fill('mauvais1');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('alert').filter({ hasText: "Nom d'utilisateur ou mot de passe incorrect" }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('shows the spec validation messages, cleared when the field is edited', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByText("Le nom d'utilisateur est requis").waitFor();
    await page.getByText('Le mot de passe est requis').waitFor();
    await page.getByLabel("Nom d'utilisateur ou email").fill('a');
    await expect.poll(() => page.getByText("Le nom d'utilisateur est requis").count()).toBe(0);
    await context.close();
  });

  it('registration shows its confirmation', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/register');
    const username = unique('tech').replace(/\W/g, '_');
    await page.getByLabel('Nom complet').fill('Omar Tazi');
    await page.getByLabel("Nom d'utilisateur").fill(username);
    await page.getByLabel(/^Mot de passe/).fill('Atelier2024');
    await page.getByLabel('Confirmer le mot de passe').fill('Atelier2025');
    await page.getByRole('button', { name: 'Demander un accès' }).click();
    await page.getByText('Vous devez accepter les conditions').waitFor();
    await page.getByText('Les mots de passe ne correspondent pas').waitFor();
    await page.getByLabel('Confirmer le mot de passe').fill('Atelier2024');
    await page.getByRole('checkbox', { name: /J'accepte les/ }).check();
    await page.getByRole('button', { name: 'Demander un accès' }).click();
    await page.getByRole('status').filter({ hasText: 'Demande envoyée' }).waitFor();
    expect(await page.getByText('dès que votre compte sera activé').isVisible()).toBe(true);

    // the pending account cannot log in yet
    await page.goto('/login');
    await page.getByLabel("Nom d'utilisateur ou email").fill(username);
    await page.getByLabel(/^Mot de passe/).fill('Atelier2024');
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await page.getByRole('alert').filter({ hasText: "n'est pas encore activé" }).waitFor();
    await context.close();

    // an administrator sees that a request is waiting, on the sidebar's 'Utilisateurs' entry
    const admin = await newPage(browser);
    await admin.page.goto('/login');
    await loginThroughForm(admin.page);
    const nav = admin.page.getByRole('navigation', { name: 'Navigation principale' });
    await nav.getByRole('link', { name: /Utilisateurs\s*\d+ demande\(s\) d'accès en attente/ }).waitFor();
    await admin.context.close();
  });

  it('an unknown path shows the 404 page', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/nulle-part/ici');
    await page.getByRole('heading', { name: 'Page introuvable' }).waitFor();
    expect(await page.getByText('404-NOT-FOUND').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Équipements' }).waitFor();
    await context.close();
  });

  it("a user without clients:read opening /clients sees 'Permission Required'", async () => {
    const api = await adminApi();
    const role = await api('POST', '/roles', {
      nom: unique('Lecteur interventions'),
      permissions: ['interventions:read'],
    });
    expect(role.status).toBe(201);
    const username = unique('lecteur').replace(/\W/g, '_');
    const created = await api('POST', '/users', {
      nom: 'Salma Idrissi',
      username,
      password: 'Lecture-2024',
      role_id: (role.body as { data: { id: number } }).data.id,
      enabled: true,
    });
    expect(created.status).toBe(201);
    // the password an admin chose must be changed first (admin.e2e.ts goes through that screen)
    const own = await apiAs(username, 'Lecture-2024');
    const changed = await own('PUT', '/auth/profile', { currentPassword: 'Lecture-2024', newPassword: 'Lecture-2025' });
    expect(changed.status).toBe(200);

    const { context, page } = await newPage(browser);
    await page.goto('/clients');
    await page.waitForURL('**/login');
    await loginThroughForm(page, username, 'Lecture-2025');
    await page.getByRole('heading', { name: 'Permission Required' }).waitFor();
    expect(await page.getByText('clients:read').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Go Back' }).isVisible()).toBe(true);
    // the navigation only offers what the role allows
    const nav = page.getByRole('navigation', { name: 'Navigation principale' });
    await nav.getByRole('link', { name: 'Interventions' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Clients' }).count()).toBe(0);
    await context.close();
  });
});
