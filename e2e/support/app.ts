import { readFile } from 'node:fs/promises';
import axe from 'axe-core';
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

/**
 * Signs the page in without the form and opens `path` (issue 36): the session the form would store (spec §3 "Locally
 * stored": token, refresh token, user), from POST /api/auth/login, written on a same-origin page that runs no app
 * (the health check), then one load of the wanted page. For the tests of something else than signing in: the form's
 * own behaviour is tested by auth.e2e.ts and the files that use loginThroughForm. Saves a full load of the app and
 * the dashboard's render per sign-in.
 */
export async function signIn(page: Page, path = '/', who: { username: string; password: string } = E2E_ADMIN) {
  const res = await page.request.post('/api/auth/login', {
    data: { username: who.username, password: who.password },
  });
  const body = (await res.json()) as { data: { token: string; refreshToken?: string; user: unknown } };
  if (!res.ok()) throw new Error(`login ${who.username} failed: ${res.status()} ${JSON.stringify(body)}`);
  await page.goto('/api/health');
  await page.evaluate((session) => {
    const storage = (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage;
    storage.setItem('auth_token', session.token);
    if (session.refreshToken) storage.setItem('refresh_token', session.refreshToken);
    storage.setItem('user_data', JSON.stringify(session.user));
  }, body.data);
  await page.goto(path);
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

/**
 * An enabled account with the named role, ready to use: created by the administrator, whose chosen password must be
 * changed at first login, so the account changes it at once (through the API) and the returned password is the new one.
 */
export async function createReadyUser(roleName: string, nom: string, username: string) {
  const api = await adminApi();
  const roles = await api('GET', '/roles');
  const role = (roles.body as { data: { id: number; nom: string }[] }).data.find((r) => r.nom === roleName);
  const first = 'Provisoire-2026';
  const created = await api('POST', '/users', { nom, username, password: first, role_id: role?.id, enabled: true });
  if (created.status !== 201) throw new Error(`user creation failed: ${JSON.stringify(created.body)}`);
  const password = 'Definitif-2026';
  const own = await apiAs(username, first);
  const changed = await own('PUT', '/auth/profile', { currentPassword: first, newPassword: password });
  if (changed.status !== 200) throw new Error(`password change failed: ${JSON.stringify(changed.body)}`);
  return { username, password };
}

/** No critical or serious accessibility violation on the current page. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // A toast can appear after the waits below and be measured half faded in: when the only findings are the contrast
  // of toasts, the page had not settled yet — wait again and look again (three looks at most).
  for (let look = 1; ; look++) {
    await settled(page);
    const found = await seriousViolations(page);
    const toastsOnly =
      found.length > 0 &&
      found.every((v) => v.id === 'color-contrast' && v.nodes.every((n) => n.html.includes('role="status"')));
    if (toastsOnly && look < 3) continue;
    const serious = found.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`);
    expect(serious).toEqual([]);
    return;
  }
}

type Violation = { id: string; help: string; nodes: { target: string; html: string }[] };

/**
 * axe-core's critical and serious violations on the page, every rule axe runs by default (the app has no frames).
 * Issue 36: axe-core is put in the page once per document and run there; @axe-core/playwright's `analyze()` injected
 * it again at each scan, opened a blank page to merge the results and carried every passing node back — 0.9–1.9 s a
 * scan against 0.1–0.35 s, measured on the dashboard, the interventions list and the clients list.
 */
async function seriousViolations(page: Page): Promise<Violation[]> {
  type Axe = { run(context: unknown, options: unknown): Promise<{ violations: (Violation & { impact?: string })[] }> };
  const present = () => typeof (globalThis as unknown as { axe?: Axe }).axe === 'object';
  if (!(await page.evaluate(present))) await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const { violations } = await (globalThis as unknown as { axe: Axe }).axe.run(
      (globalThis as unknown as { document: unknown }).document,
      { resultTypes: ['violations'] },
    );
    return violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => ({
        id: v.id,
        help: v.help,
        nodes: v.nodes.map((n) => {
          const node = n as unknown as { target: string[]; html: string };
          return { target: node.target.join(' '), html: node.html };
        }),
      }));
  });
}

/** Every finite animation over and every toast fully shown. */
async function settled(page: Page) {
  // A toast fading in or out is half-transparent: axe would measure its text mid-animation. Wait until every
  // finite animation (toasts, dialogs) has settled; spinners and skeleton pulses loop forever and are left alone.
  type Running = { playState: string; effect: { getTiming(): { iterations?: number } } | null };
  await page.waitForFunction(() =>
    (globalThis as unknown as { document: { getAnimations(): Running[] } }).document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
  );
  // A dismissed toast stays in the page at opacity 0 until the library removes it (~1 s): axe would measure its
  // invisible text. Wait until every toast left is fully opaque.
  type El = { parentElement: El | null };
  type Page$ = {
    document: { querySelectorAll(s: string): ArrayLike<El> };
    getComputedStyle(e: El): { opacity: string };
  };
  await page.waitForFunction(
    () => {
      const g = globalThis as unknown as Page$;
      return Array.from(g.document.querySelectorAll('.app-toaster [role="status"]')).every((toast) => {
        let opacity = 1;
        for (let e: El | null = toast; e; e = e.parentElement) opacity *= Number(g.getComputedStyle(e).opacity);
        return opacity === 1;
      });
    },
    undefined,
    { timeout: 10_000 },
  );
}

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

/**
 * The file a click downloads: its suggested name and its text. Bounded: Playwright waits for a download's end without
 * a timeout, so a download that never ends failed only as "Test timed out"; it fails here, naming the file.
 */
export async function download(page: Page, click: () => Promise<unknown>, timeoutMs = 30_000) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const name = file.suggestedFilename();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, ko) => {
    timer = setTimeout(() => ko(new Error(`download ${name}: not finished after ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    const path = await Promise.race([file.path(), late]);
    return { name, text: await readFile(path, 'utf8') };
  } finally {
    clearTimeout(timer);
  }
}
