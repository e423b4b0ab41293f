import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { E2E_ADMIN } from './server.ts';

export const baseURL = () => inject('baseURL');

export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL: baseURL(),
    locale: 'fr-FR',
    viewport: { width: 1366, height: 900 },
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/** Logs in through the form and waits for the dashboard (or the remembered page). */
export async function loginThroughForm(
  page: Page,
  username: string = E2E_ADMIN.username,
  password: string = E2E_ADMIN.password,
) {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel("Nom d'utilisateur ou email").fill(username);
  await page.getByLabel(/^Mot de passe/).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Calls the API directly (setup data) with the admin's token. */
export async function apiAs(username: string, password: string) {
  const res = await fetch(`${baseURL()}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { data: { token: string } };
  if (!res.ok) throw new Error(`login failed: ${JSON.stringify(body)}`);
  const token: string = body.data.token;
  return async (method: string, path: string, payload?: unknown) => {
    const r = await fetch(`${baseURL()}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
      body: payload ? JSON.stringify(payload) : undefined,
    });
    return { status: r.status, body: await r.json().catch(() => null) };
  };
}

export const adminApi = () => apiAs(E2E_ADMIN.username, E2E_ADMIN.password);

/** No critical or serious accessibility violation on the current page. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(serious).toEqual([]);
}

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
