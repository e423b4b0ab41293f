// `node --import tsx server/bench/profile-page.ts [--user admin|technician|none] [--wait ms] /path …` (issues 30, 32):
// where a page's main-thread time goes on a phone-class CPU. The built app (WEB_DIST for another build, e.g. one
// built with `vite build --minify false` to read function names) on seed:demo's small data, Chromium's CPU slowed
// down 4× as in Lighthouse's mobile preset, a V8 CPU profile from the navigation until `--wait` ms after the load
// event. Prints the long tasks (≥ 50 ms, as the page saw them), with `--requests` when each request started and
// ended, then the functions by self time and by script.
// A tool for finding the cause, not a measure of the score (that is `npm run bench:lighthouse`).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { openDatabase } from '../src/db/database.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';
import { bootstrapAdmin, seedReferenceData } from '../src/db/seed.ts';
import { DEMO_PASSWORD, seedDemo } from '../src/db/seed-demo.ts';
import { ADMIN, startBuiltServer } from './http.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(name);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const role = arg('--user', 'admin');
const waitMs = Number(arg('--wait', '6000'));
const paths = process.argv.slice(2).filter((a, i, all) => a.startsWith('/') && !all[i - 1]?.startsWith('--'));
const credentials = role === 'technician' ? { username: 'y.amrani', password: DEMO_PASSWORD } : ADMIN;

/** Self time per key (ms) from a V8 CPU profile's samples. */
function selfTimes(profile: Profile, keyOf: (node: ProfileNode) => string): [string, number][] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const totals = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    if (!node) return;
    const key = keyOf(node);
    totals.set(key, (totals.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...totals].sort((a, b) => b[1] - a[1]);
}

const short = (url: string) => url.replace(/^https?:\/\/[^/]+/, '') || '(native)';

const dataDir = mkdtempSync(join(tmpdir(), 'gmao-profile-'));
const pg = await startEmbeddedPostgres(dataDir);
const database = openDatabase(pg.url, { max: 2 });
try {
  await migrate(database.pool);
  await seedReferenceData(database.db);
  await bootstrapAdmin(database.db, ADMIN);
  await seedDemo(database.db);
  const server = await startBuiltServer(pg.url);
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    });
    const session = ((await login.json()) as { data: { token: string; refreshToken?: string; user: unknown } }).data;
    for (const path of paths.length ? paths : ['/']) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
      await page.goto(`${server.url}/api/health`);
      // `--user none`: signed out, as Lighthouse opens /login.
      if (role !== 'none')
        await page.evaluate(
          `localStorage.setItem('auth_token', ${JSON.stringify(session.token)});
         localStorage.setItem('refresh_token', ${JSON.stringify(session.refreshToken ?? '')});
         localStorage.setItem('user_data', ${JSON.stringify(JSON.stringify(session.user))});`,
        );
      await page.evaluateOnNewDocument(`
        window.__longTasks = [];
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
        }).observe({ type: 'longtask', buffered: true });`);
      const cdp = await page.createCDPSession();
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(`${server.url}${path}`, { waitUntil: 'load' });
      await new Promise((r) => setTimeout(r, waitMs));
      const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
      // `--save <prefix>`: the V8 profile as <prefix><path>.cpuprofile (Chromium's DevTools opens it).
      const save = arg('--save', '');
      if (save) writeFileSync(`${save}${path.replaceAll('/', '_') || '_'}.cpuprofile`, JSON.stringify(profile));
      const longTasks = (await page.evaluate('window.__longTasks')) as [number, number][];
      const blocking = longTasks.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
      console.log(`\n== ${path} as ${role}: ${longTasks.length} long tasks, ${blocking} ms blocking (4× CPU)`);
      console.log(`   ${longTasks.map(([s, d]) => `${s}+${d}`).join('  ')}`);
      if (process.argv.includes('--requests')) {
        // When each request started and ended, on the same clock as the long tasks: what waits for what.
        const requests = (await page.evaluate(
          `performance.getEntriesByType('resource').map((e) => [e.name.replace(location.origin, ''), Math.round(e.startTime), Math.round(e.responseEnd)])`,
        )) as [string, number, number][];
        for (const [name, start, end] of requests)
          console.log(`   ${String(start).padStart(5)}–${String(end).padEnd(5)} ${name}`);
      }
      console.log('-- self time by function (ms)');
      const byFunction = selfTimes(
        profile,
        (n) => `${n.callFrame.functionName || '(anonymous)'} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`,
      );
      for (const [key, ms] of byFunction.slice(0, 25)) console.log(`${ms.toFixed(0).padStart(7)}  ${key}`);
      console.log('-- self time by script (ms)');
      for (const [key, ms] of selfTimes(profile, (n) => short(n.callFrame.url)).slice(0, 12))
        console.log(`${ms.toFixed(0).padStart(7)}  ${key}`);
      await context.close();
    }
  } finally {
    await browser.close();
    server.child.kill('SIGTERM');
  }
} finally {
  await database.close();
  await pg.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
