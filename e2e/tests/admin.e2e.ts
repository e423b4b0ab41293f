import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminApi,
  baseURL,
  expectNoSeriousA11yViolations,
  loginThroughForm,
  newPage,
  signIn,
  unique,
} from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const toUsername = (name: string) => name.toLowerCase().replace(/\W/g, '_');

async function openUsers(page: Page) {
  await page.goto('/users');
  await page.getByRole('heading', { name: 'Gestion des Utilisateurs' }).waitFor();
}

describe('administration', () => {
  it('the admin creates a Technicien who must change his password at the first login, then sees only the entries his permissions allow', async () => {
    const { context, page } = await newPage(browser);
    await loginThroughForm(page);
    await openUsers(page);
    await expectNoSeriousA11yViolations(page);

    const nom = unique('Youssef Technicien');
    const username = toUsername(nom);
    await page.getByRole('button', { name: 'Nouvel utilisateur' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvel utilisateur' });
    await dialog.getByRole('button', { name: 'Créer' }).click();
    await dialog.getByText('Le mot de passe est requis pour un nouvel utilisateur').waitFor();
    await dialog.getByText('Le rôle est requis').waitFor();
    await dialog.getByLabel('Nom complet').fill(nom);
    await dialog.getByLabel("Nom d'utilisateur").fill(username);
    await dialog.getByLabel('Mot de passe').fill('Technicien1');
    await dialog.getByRole('combobox', { name: /^Rôle/ }).click();
    await page.getByRole('option', { name: 'Technicien' }).click();
    await dialog.getByRole('combobox', { name: /^Section/ }).click();
    await page.getByRole('option', { name: 'Maintenance Électrique' }).click();
    await dialog.getByRole('button', { name: 'Créer' }).click();
    await page.getByText('Utilisateur créé avec succès').waitFor();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('searchbox', { name: /Rechercher un utilisateur/ }).fill(username);
    const row = page.getByRole('row').filter({ hasText: `@${username}` });
    await row.waitFor();
    expect(await row.getByText('Technicien', { exact: true }).isVisible()).toBe(true);
    expect(await row.getByText('Actif', { exact: true }).isVisible()).toBe(true);
    await context.close();

    // the technician's own session: the password the admin chose must be changed first
    const tech = await newPage(browser);
    await loginThroughForm(tech.page, username, 'Technicien1');
    await tech.page.getByRole('heading', { name: 'Changer votre mot de passe' }).waitFor();
    expect(new URL(tech.page.url()).pathname).toBe('/change-password');
    await tech.page.goto('/clients');
    await tech.page.waitForURL('**/change-password');
    await expectNoSeriousA11yViolations(tech.page);
    const change = async (next: string) => {
      await tech.page.getByLabel(/^Mot de passe actuel/).fill('Technicien1');
      await tech.page.getByLabel(/^Nouveau mot de passe/).fill(next);
      await tech.page.getByLabel(/^Confirmer le nouveau mot de passe/).fill(next);
      await tech.page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    };
    // a common password is refused by the server, its message shown under the field
    await change('Qwerty12345');
    await tech.page
      .locator('#pw-newPassword-error')
      .getByText('Ce mot de passe fait partie des plus courants')
      .waitFor();
    await change('Bobinage-Kenitra-7');
    await tech.page.waitForURL((url) => url.pathname === '/');
    const nav = tech.page.getByRole('navigation', { name: 'Navigation principale' });
    await nav.getByRole('link', { name: 'Tableau de Bord' }).waitFor();
    const entries = (await nav.getByRole('link').allInnerTexts()).map((t) => t.trim());
    expect(entries).toEqual([
      'Tableau de Bord',
      'Clients',
      'Équipements',
      'Interventions',
      'Maintenance préventive',
      'Planning',
      'Stock',
    ]);
    await tech.page.goto('/users');
    await tech.page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await tech.context.close();
  });

  it('the admin activates a self-registered account, which can then log in', async () => {
    const nom = unique('Salma Demande');
    const username = toUsername(nom);
    const res = await fetch(`${baseURL()}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nom, username, password: 'Atelier2024', section: 'Atelier de bobinage' }),
    });
    expect(res.status).toBe(201);

    const { context, page } = await newPage(browser);
    await loginThroughForm(page);
    await openUsers(page);
    const pending = page.getByRole('region', { name: /Demandes d'accès en attente/ });
    await pending.getByText(`@${username}`).waitFor();
    expect(await pending.getByText('Section demandée : Atelier de bobinage').isVisible()).toBe(true);
    await pending.getByRole('combobox', { name: `Rôle pour ${nom}` }).click();
    await page.getByRole('option', { name: 'Technicien' }).click();
    await pending.getByRole('button', { name: `Activer ${nom}` }).click();
    await page.getByText('Compte activé avec succès').waitFor();
    await pending.getByText(`@${username}`).waitFor({ state: 'detached' });
    await context.close();

    const user = await newPage(browser);
    await loginThroughForm(user.page, username, 'Atelier2024');
    await expect.poll(() => new URL(user.page.url()).pathname).toBe('/');
    await user.context.close();
  });

  it('the admin cannot delete himself (button disabled, API 403)', async () => {
    const { context, page } = await newPage(browser);
    await loginThroughForm(page);
    await openUsers(page);
    await page.getByRole('searchbox', { name: /Rechercher un utilisateur/ }).fill('admin');
    const row = page.getByRole('row').filter({ has: page.getByText('@admin', { exact: true }) });
    await row.waitFor();
    expect(await row.getByRole('button', { name: /^Supprimer/ }).isDisabled()).toBe(true);

    // nor through the API
    const api = await adminApi();
    const me = await api('GET', '/auth/profile');
    const del = await api('DELETE', `/users/${(me.body as { data: { id: number } }).data.id}`);
    expect(del.status).toBe(403);
    expect((del.body as { message: string }).message).toBe('Vous ne pouvez pas supprimer votre propre compte');
    await context.close();
  });

  it('roles and sections screens list their data', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, '/roles');
    await page.getByRole('heading', { name: 'Rôles et permissions' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Technicien' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Modifier Technicien' }).click();
    const dialog = page.getByRole('dialog', { name: /Modifier le rôle Technicien/ });
    const box = dialog.getByRole('checkbox', { name: 'Clients : Consulter' });
    expect(await box.isChecked()).toBe(true);
    expect(await box.getAttribute('title')).toBe('Consulter les clients');
    await dialog.getByRole('button', { name: 'Annuler' }).click();

    await page.goto('/sections');
    await page.getByRole('heading', { name: 'Sections' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Maintenance Électrique' }).waitFor();
    await expectNoSeriousA11yViolations(page);
    await context.close();
  });
});
