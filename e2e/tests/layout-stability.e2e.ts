import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { headingJumps } from '../support/heading-order.ts';
import {
  type LayoutShiftReport,
  networkQuiet,
  observeLayoutShifts,
  throttledLoad,
  trackRequests,
} from '../support/layout-shift.ts';
import { E2E_ADMIN, REPO_ROOT, type RunningServer, startServer } from '../support/server.ts';

/**
 * Issue 14 item 6: every page holds still while it loads. On the demo data (`npm run seed:demo`: alerts on the
 * dashboard, full lists), each page is opened afresh at both sizes with the CPU slowed down 4× (Lighthouse's mobile
 * setting); a PerformanceObserver sums the layout shifts as Lighthouse does, and every page must stay under 0.05.
 * The run prints a table page by page and writes it, with a screenshot of each page, to e2e/screenshots/ (not
 * committed) for a reviewer. The same sweep checks that no page skips a heading level (item 9: "h1 → h3").
 */
const CLS_BUDGET = 0.05;
const SIZES = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1366, height: 800 } },
} as const;
type Size = keyof typeof SIZES;

/** Every page of the app an administrator reaches, including the items' own addresses (deep links). */
const ADMIN_PAGES = [
  '/',
  '/?tab=clients',
  '/?tab=equipment',
  '/?tab=interventions',
  '/interventions',
  '/interventions/1',
  '/interventions/templates',
  '/clients',
  '/clients/1',
  '/equipment',
  '/equipment/1',
  '/plans',
  '/planning',
  '/stock',
  '/contrats',
  '/contrats/calendriers',
  '/demandes',
  '/reports',
  '/analytics',
  '/notifications',
  '/profile',
  '/settings',
  '/users',
  '/roles',
  '/sections',
  '/admin/audit',
  '/admin/custom-fields',
  '/page-inconnue',
];
/** A technician's day: his own dashboard and list ('Mes interventions'). */
const TECHNICIAN_PAGES = ['/', '/interventions', '/planning', '/notifications', '/profile'];
/** Before signing in. */
const PUBLIC_PAGES = ['/login', '/register', '/forgot-password', '/terms', '/privacy'];

const SHOTS = join(REPO_ROOT, 'e2e', 'screenshots');
let server: RunningServer;
let browser: Browser;
const results: { size: Size; who: string; path: string; report: LayoutShiftReport }[] = [];

beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gmao-e2e-cls-'));
  // The README's demo data, loaded the README's way, before the server opens the same data directory.
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'server/src/db/seed-demo-cli.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
    },
  });
  server = await startServer({ dataDir });
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
  if (results.length === 0) return;
  results.sort((a, b) => `${a.size} ${a.who}`.localeCompare(`${b.size} ${b.who}`)); // sweeps end in any order
  const table = [
    '| taille | compte | page | CLS | décalages |',
    '| --- | --- | --- | --- | --- |',
    ...results.map(
      (r) =>
        `| ${r.size} | ${r.who} | ${r.path} | ${r.report.cls.toFixed(4)} | ${r.report.shifts
          .filter((s) => s.value >= 0.001)
          .map((s) => `${s.value.toFixed(3)} ${s.sources[0] ?? ''}`)
          .join('; ')} |`,
    ),
  ].join('\n');
  writeFileSync(join(SHOTS, 'layout-shift.md'), `${table}\n`);
  console.log(`Layout shift, 4× CPU slow-down (budget ${CLS_BUDGET}):\n${table}`);
});

/**
 * Issue 30: what sticks out sideways on a 390 px phone — the document wider than the screen, or an element past its
 * right edge outside a container that scrolls or clips sideways on purpose (a wide table in its scroller).
 */
async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const vw = document.documentElement.clientWidth;
    const out = [];
    if (document.documentElement.scrollWidth > vw + 1) out.push('document ' + document.documentElement.scrollWidth + ' px');
    const clipsX = (el) => { const o = getComputedStyle(el).overflowX; return o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip'; };
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.right <= vw + 1) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.position === 'fixed') continue;
      let p = el.parentElement, clipped = false;
      while (p && p !== document.body) { if (clipsX(p) && p.getBoundingClientRect().right <= vw + 1) { clipped = true; break; } p = p.parentElement; }
      if (clipped) continue;
      out.push(el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + ' "' + (el.textContent || '').trim().slice(0, 30) + '" right ' + Math.round(r.right) + ' px');
      if (out.length > 5) break;
    }
    return out;
  })()`) as Promise<string[]>;
}

/**
 * Issue 30 item 6: on the 1366 px office screen nothing scrolls sideways at all — not even a table in its scroller
 * (the interventions table was 1184 px in a 1060 px container, its actions behind a sideways scroll).
 */
async function sidewaysScrollers(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const out = [];
    for (const el of document.querySelectorAll('body *')) {
      const o = getComputedStyle(el).overflowX;
      if (o !== 'auto' && o !== 'scroll') continue;
      if (el.clientWidth === 0 || el.scrollWidth <= el.clientWidth + 1) continue;
      if (!el.checkVisibility()) continue; // inside a closed <details>: not on the screen
      out.push(el.tagName.toLowerCase() + ' "' + (el.textContent || '').trim().slice(0, 30) + '" scrolls ' + el.scrollWidth + ' px in ' + el.clientWidth + ' px');
      if (out.length > 5) break;
    }
    return out;
  })()`) as Promise<string[]>;
}

/**
 * Opens each page afresh (a full load, as a link from outside does) with the CPU slowed down 4×, lets it settle and
 * records its CLS; the checks and the screenshot that follow run at full speed (issue 36: a throttled page keeps a core
 * busy even while idle — the sweep's renderers took 180 CPU-seconds throttled throughout).
 */
async function sweep(page: Page, size: Size, who: string, pagePaths: string[]) {
  const measured: typeof results = [];
  const skipped: string[] = [];
  const overflowing: string[] = [];
  for (const path of pagePaths) {
    const report = await throttledLoad(page, path);
    skipped.push(...(await headingJumps(page)).map((jump) => `${path}: ${jump}`));
    overflowing.push(...(await horizontalOverflow(page)).map((o) => `${path}: ${o}`));
    if (size === 'desktop') overflowing.push(...(await sidewaysScrollers(page)).map((o) => `${path}: ${o}`));
    await page.screenshot({ path: join(SHOTS, `cls-${size}-${who}-${path.replace(/[^a-z0-9]+/gi, '_')}.png`) });
    measured.push({ size, who, path, report });
  }
  results.push(...measured);
  const over = measured
    .filter((r) => r.report.cls >= CLS_BUDGET)
    .map((r) => `${r.path}: ${r.report.cls} ← ${r.report.shifts.flatMap((s) => s.sources).join(' | ')}`);
  expect(over).toEqual([]);
  expect(skipped).toEqual([]);
  expect(overflowing).toEqual([]);
}

async function openPage(size: Size) {
  const context = await browser.newContext({ baseURL: server.baseURL, locale: 'fr-FR', ...SIZES[size] });
  await observeLayoutShifts(context);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  trackRequests(page);
  return { context, page };
}

async function signIn(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel("Nom d'utilisateur ou email").fill(username);
  await page.getByLabel(/^Mot de passe/).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  // The sign-in of six throttled sweeps at once: over 20 s once with Debian's Chromium (issue 36).
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
}

// The sweeps run side by side, each in its own browser context: a throttled page spends most of its time waiting, so
// six at once take about as long as the longest (the file took ~110 s one after another on a quiet machine). Beside
// another e2e file (two at a time) the administrator's sweep took ~77 s on an idle machine; its deadline leaves room
// for a machine 3× slower (a passing sweep does not wait longer).
describe.concurrent.each(Object.keys(SIZES) as Size[])(
  'every page holds still on the %s (CLS < 0.05, CPU 4× slower) and skips no heading level',
  (size) => {
    it('the pages before signing in', async () => {
      const { context, page } = await openPage(size);
      await sweep(page, size, 'public', PUBLIC_PAGES);
      await context.close();
    }, 120_000);

    it("every page of the administrator's app, the items' own pages included", async () => {
      const { context, page } = await openPage(size);
      await signIn(page, E2E_ADMIN.username, E2E_ADMIN.password);
      await sweep(page, size, 'admin', ADMIN_PAGES);
      await context.close();
    }, 300_000);

    it("a technician's dashboard and list (his own work)", async () => {
      const { context, page } = await openPage(size);
      // His day is fetched ahead once his first page is up (issue 32: ~270 requests on the demo data), then not again
      // on a reload within 15 min — the app notes the time in localStorage. The sweep measures his pages as he sees
      // them after that first time: the note is in place before the app starts. (Waiting for the fetch-ahead to end
      // instead took over 120 s beside five other sweeps with Debian's Chromium, issue 36.)
      const login = await fetch(`${server.baseURL}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'y.amrani', password: 'DemoGmao2024' }),
      });
      const { id } = ((await login.json()) as { data: { user: { id: number } } }).data.user;
      await context.addInitScript(`localStorage.setItem('gmao.prefetch.${id}', '${Date.now()}');`);
      await signIn(page, 'y.amrani', 'DemoGmao2024');
      await networkQuiet(page);
      await sweep(page, size, 'technicien', TECHNICIAN_PAGES);
      await context.close();
    }, 180_000);
  },
);

/**
 * Issue 30: Lighthouse's phone (a Moto G Power: 412×823, 1.75 px per CSS px) found what 390 px did not — the
 * dashboard's "… intervention(s) active(s) · Dernière mise à jour : …" line fitted on one line with its dashes and
 * wrapped once the figures came, pushing the whole page down 20 px (CLS 0.295 for an administrator and a technician).
 */
describe('the dashboard holds still on Lighthouse’s phone (412 px, CPU 4× slower)', () => {
  it.each([
    ['admin', E2E_ADMIN.username, E2E_ADMIN.password],
    ['technicien', 'y.amrani', 'DemoGmao2024'],
  ])(
    'for the %s',
    async (who, username, password) => {
      const context = await browser.newContext({
        baseURL: server.baseURL,
        locale: 'fr-FR',
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      await observeLayoutShifts(context);
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      trackRequests(page);
      await signIn(page, username, password);
      const report = await throttledLoad(page, '/');
      await context.close();
      expect(report.cls, `${who}: ${report.shifts.flatMap((s) => s.sources).join(' | ')}`).toBeLessThan(CLS_BUDGET);
    },
    120_000,
  );
});
