import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApi, createReadyUser, loginThroughForm, newPage, unique } from '../support/app.ts';
import { launchBrowser } from '../support/browser.ts';

/**
 * Issue 15 in the browser: forgot-password → the e-mail (caught by an SMTP server started here, set as the app's
 * server by the administrator) → the reset page → login with the new password; the global search finds an
 * equipment by its brand typed without accents and opens it with the keyboard.
 */
let browser: Browser;
let smtp: SMTPServer;
const inbox: { to: string; raw: string }[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => {
        raw += c.toString('utf8');
      });
      stream.on('end', () => {
        for (const r of session.envelope.rcptTo) inbox.push({ to: r.address, raw });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) =>
    smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as AddressInfo).port)),
  );
  const api = await adminApi();
  const res = await api('PUT', '/mail/settings', {
    host: '127.0.0.1',
    port,
    secure: false,
    from: 'GMAO <gmao@example.ma>',
  });
  expect(res.status).toBe(200);
});
afterAll(async () => {
  const api = await adminApi();
  await api('PUT', '/mail/settings', { host: '', port: 587, secure: false, from: '' });
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await browser?.close();
});

const linkIn = (raw: string) => {
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  return /https?:\/\/[^\s"<]*\/reset-password\?token=[A-Za-z0-9_-]+/.exec(text)?.[0] ?? null;
};

describe('password recovery and global search', () => {
  it('forgot-password → mail → reset → login with the new password', async () => {
    const suffix = Date.now().toString(36);
    const user = await createReadyUser('Technicien', `Said Berrada ${suffix}`, `s_berrada_${suffix}`);
    const email = `s.berrada.${suffix}@example.ma`;
    const api = await adminApi();
    const list = await api('GET', `/users?search=${user.username}`);
    const found = (list.body as { data: { id: number; nom: string; role_id: number }[] }).data[0]!;
    const update = await api('PUT', `/users/${found.id}`, { nom: found.nom, email, role_id: found.role_id });
    expect(update.status).toBe(200);

    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Mot de passe oublié ?' }).click();
    await page.getByLabel("Nom d'utilisateur ou e-mail").fill(email);
    await page.getByRole('button', { name: 'Envoyer' }).click();
    await page.getByRole('status').getByText('Si un compte correspond').waitFor();

    // The server's job runner sends it within a few seconds; more on a loaded 2-core machine (over 15 s once beside
    // another browser file with Debian's Chromium).
    await expect.poll(() => inbox.filter((m) => m.to === email).length, { timeout: 40_000 }).toBe(1);
    const link = linkIn(inbox.find((m) => m.to === email)!.raw);
    expect(link).toBeTruthy();
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await page.getByLabel('Nouveau mot de passe').fill('RecupereParMail2026');
    await page.getByLabel('Confirmer le mot de passe').fill('RecupereParMail2026');
    await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
    await page.getByText('Mot de passe réinitialisé. Vous pouvez vous connecter.').waitFor();
    await page.getByRole('link', { name: 'Retour à la connexion' }).click();
    await loginThroughForm(page, user.username, 'RecupereParMail2026');
    await page.getByRole('heading', { name: 'Tableau de Bord', level: 1 }).waitFor();

    // The link worked once.
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await page.getByLabel('Nouveau mot de passe').fill('EncoreAutreChose2026');
    await page.getByLabel('Confirmer le mot de passe').fill('EncoreAutreChose2026');
    await page.getByRole('button', { name: 'Réinitialiser le mot de passe' }).click();
    await page.getByText('Ce lien est invalide ou a expiré. Demandez-en un nouveau.').waitFor();
    await context.close();
  });

  it('the global search finds an equipment by its brand, without accents, and opens it with the keyboard', async () => {
    const api = await adminApi();
    const client = await api('POST', '/clients', { nom_entreprise: unique('Sucrerie du Gharb'), ville: 'Kénitra' });
    const brand = `Électromécanique ${Date.now().toString(36)}`;
    const equipment = await api('POST', '/equipment', {
      nom: unique('Moteur asynchrone M3'),
      type_equipement: 'MOTEUR_ELECTRIQUE',
      marque: brand,
      proprietaire_id: (client.body as { data: { id: number } }).data.id,
    });
    expect(equipment.status).toBe(201);
    const id = (equipment.body as { data: { id: number } }).data.id;

    const { context, page } = await newPage(browser);
    await loginThroughForm(page);
    const search = page.getByRole('combobox', { name: 'Recherche globale' });
    await search.fill(brand.replace('É', 'e').toLowerCase());
    await page
      .getByRole('listbox')
      .getByRole('option', { name: new RegExp(brand) })
      .waitFor();
    await search.press('ArrowDown');
    await search.press('Enter');
    await page.waitForURL(`**/equipment/${id}`);
    await page.getByRole('dialog').waitFor();
    await context.close();
  });
});
