// The HTTP half of `npm run bench` (issue 16): the built server (server/dist/main.js) on the bench's database,
// autocannon at 32 connections per route, each route's req/s set against the ceiling (an authenticated route that
// only returns the session); the web's weight and LCP are measured by web.ts, the budgets checked by budgets.ts.
// Not part of npm test.
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { listCursor } from '@gmao/domain/interventions/list-cursor';
import autocannon from 'autocannon';
import { type CpuMeter, type CpuSplit, noTicks, perRequest, type Ticks } from './cpu.ts';

export const REPO = resolve(import.meta.dirname, '..', '..');
export const ADMIN = { username: 'bench_admin', password: 'BenchGmao2024!' };

export interface HttpResult {
  route: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  ratio: number;
  /** The ceiling: its req/s at each measure, first and between the turns of each list (reqPerSec is their mean). */
  runs?: number[];
  /** A list: the mean of the ceiling's measures between its turns (SLICE_SECONDS each), its ratio's denominator. */
  ceiling?: number;
  /** A list: its latency at one connection, one request at a time (a user's wait; the p99 budget). */
  single?: { p50: number; p99: number };
  /** CPU per request (µs) of the server, PostgreSQL and autocannon while the route was measured (bench/cpu.ts). */
  cpu?: CpuSplit;
}

function freePort(): Promise<number> {
  return new Promise((ok, ko) => {
    const s = createServer();
    s.once('error', ko);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => ok(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** Starts the built server on `databaseUrl` and waits for its health check. */
export async function startBuiltServer(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // BENCH_SERVER=<main.js>: another build of the server on the same database (A/B: the code before a change).
  const main = process.env.BENCH_SERVER ?? join(REPO, 'server', 'dist', 'main.js');
  const child = spawn(process.execPath, [...prof, main], {
    cwd: REPO,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 240; i++) {
    const ok = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return { url, child };
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error('the built server did not become healthy (run npm run build first)');
}

export async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  if (!body.data?.token) throw new Error(`bench login failed: ${res.status}`);
  return body.data.token;
}

function cannon(opts: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((ok, ko) => {
    autocannon(opts, (err, result) => (err ? ko(err) : ok(result)));
  });
}

/** A list and the ceiling take turns of this many seconds (benchHttp). */
const SLICE_SECONDS = 2;

/** autocannon on each route, 32 connections, `seconds` each; the first route is the ceiling. */
export async function benchHttp(
  url: string,
  seconds: number,
  interventionIds: number[],
  meter: CpuMeter | null = null,
): Promise<HttpResult[]> {
  /** autocannon run under the CPU meter (when there is one), its ticks added to `into`. */
  const metered = (into: Ticks, opts: autocannon.Options) =>
    meter ? meter.around(into, () => cannon(opts)) : cannon(opts);
  /** The route's CPU per request, when it was metered. */
  const cpuOf = (ticks: Ticks, requests: number) => (meter ? { cpu: perRequest(ticks, requests) } : {});
  const token = await login(url);
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' };
  const today = new Date().toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
  // Page 500 as the web asks for it when the user moves on from page 499 ('Page suivante': the cursor of page 499's
  // last row, domain/interventions/list-cursor.ts), and as a typed page number, which walks the 9,980 rows before it.
  const before = await fetch(`${url}/api/interventions?page=499&limit=20`, { headers });
  const last = ((await before.json()) as { data: { date: string; id: number }[] }).data.at(-1);
  if (!last) throw new Error('the bench data set has fewer than 500 pages of interventions');
  // A list page the server has kept is served again while its data is unchanged (list-cache.ts): the lists below are
  // measured as a user who opens them again gets them; the same page read anew (the client's Cache-Control: no-cache)
  // is what the first request after a change costs.
  const routes: [string, string, Record<string, string>?][] = [
    ['ceiling: GET /api/auth/profile (the session only)', '/api/auth/profile'],
    ['list page 1', '/api/interventions?page=1&limit=20'],
    [
      'list page 1 read anew (no-cache, not budgeted)',
      '/api/interventions?page=1&limit=20',
      { 'cache-control': 'no-cache' },
    ],
    ['list page 500 (after page 499: cursor)', `/api/interventions?page=500&limit=20&after=${listCursor(last)}`],
    ['page 500 typed (OFFSET, not budgeted)', '/api/interventions?page=500&limit=20'],
    ['list page 1, statut EN_COURS', '/api/interventions?page=1&limit=20&statut=EN_COURS'],
    ['list page 1, search "n° 4242"', `/api/interventions?page=1&limit=20&search=${encodeURIComponent('n° 4242')}`],
    // Issue 31: the SLA filters the dashboard card links to.
    ['list page 1, sla A_RISQUE', '/api/interventions?page=1&limit=20&sla=A_RISQUE'],
    ['list page 1, sla DEPASSE open', '/api/interventions?page=1&limit=20&sla=DEPASSE&open=true'],
    ['dashboard stats', '/api/dashboard/stats'],
    ['dashboard SLA card', '/api/dashboard/sla'],
    ['dashboard alerts', '/api/dashboard/alerts'],
    ['dashboard charts (month)', '/api/dashboard/charts?period=month'],
    ['analytics 365 days', '/api/interventions/analytics?timeframe=365'],
    ['report summary 365 days', `/api/reports/summary?dateFrom=${yearAgo}&dateTo=${today}`],
    ['global search "maintenance"', '/api/search?q=maintenance'],
    ['global search "n° 4242"', `/api/search?q=${encodeURIComponent('n° 4242')}`],
  ];
  // Warm-up, not recorded: measured cold (JIT, the pool's connections), the ceiling came out at half its speed.
  await cannon({ url: `${url}${routes[0][1]}`, connections: 32, duration: Math.min(3, seconds), headers });
  const results: HttpResult[] = [];
  // BENCH_ROUTES=list: only the routes whose label contains it, after the ceiling (to profile one route).
  const only = process.env.BENCH_ROUTES;
  const measured = routes.filter(([label], i) => i === 0 || !only || label.includes(only));
  const ceilings: number[] = [];
  for (const [route, path, extra] of measured) {
    const routeHeaders = { ...headers, ...extra };
    // Each route warmed up too, unrecorded: its first requests compile its code and prepare its statements on each of
    // the pool's connections (five planned runs each before PostgreSQL keeps a generic plan); measured cold, the first
    // list of the run came out at 0.37 of the ceiling and the same list warm at 0.45.
    if (path !== routes[0][1])
      await cannon({ url: `${url}${path}`, connections: 32, duration: 2, headers: routeHeaders });
    if (route.startsWith('list')) {
      results.push(await interleaved(route, path, routeHeaders));
      continue;
    }
    const ticks = noTicks();
    const r = await metered(ticks, { url: `${url}${path}`, connections: 32, duration: seconds, headers: routeHeaders });
    results.push({
      route,
      reqPerSec: Math.round(r.requests.average),
      p50: r.latency.p50,
      p99: r.latency.p99,
      non2xx: r.non2xx,
      ratio: 0,
      ...cpuOf(ticks, r.requests.total),
    });
    if (ceilings.length === 0) ceilings.push(results[0].reqPerSec);
  }

  /**
   * A list against the ceiling. The machine's speed drifts by tens of per cent within seconds (other tenants: the
   * ceiling measured 1,236–1,863 req/s within one run), so the two are measured in turns of SLICE_SECONDS — ceiling,
   * list, ceiling, list… ceiling — and the list's ratio is its requests over the mean of the ceiling's around them.
   */
  async function interleaved(route: string, path: string, routeHeaders: Record<string, string>): Promise<HttpResult> {
    const slices = Math.max(1, Math.round(seconds / SLICE_SECONDS));
    const slice = (p: string, h: Record<string, string> = headers): autocannon.Options => ({
      url: `${url}${p}`,
      connections: 32,
      duration: SLICE_SECONDS,
      headers: h,
    });
    const run = (p: string) => cannon(slice(p));
    const around: number[] = [];
    const runs: autocannon.Result[] = [];
    const ticks = noTicks();
    for (let i = 0; i < slices; i++) {
      around.push((await run(routes[0][1])).requests.total / SLICE_SECONDS);
      runs.push(await metered(ticks, slice(path, routeHeaders)));
    }
    around.push((await run(routes[0][1])).requests.total / SLICE_SECONDS);
    const ceiling = Math.round(around.reduce((a, b) => a + b, 0) / around.length);
    ceilings.push(ceiling);
    // The latency budget (p99 < 25 ms): at 32 connections a route's latency is mostly its queue — 32 ÷ req/s on
    // average, 25 ms or more even for the ceiling on two cores — so it is taken one request at a time.
    const one = await cannon({
      url: `${url}${path}`,
      connections: 1,
      duration: Math.min(3, seconds),
      headers: routeHeaders,
    });
    const p50s = runs.map((r) => r.latency.p50).sort((a, b) => a - b);
    return {
      route,
      reqPerSec: Math.round(runs.reduce((a, r) => a + r.requests.total, 0) / (slices * SLICE_SECONDS)),
      p50: p50s[Math.floor(p50s.length / 2)],
      p99: Math.max(...runs.map((r) => r.latency.p99)),
      non2xx: runs.reduce((a, r) => a + r.non2xx, 0),
      ratio: 0,
      ceiling,
      single: { p50: one.latency.p50, p99: one.latency.p99 },
      ...cpuOf(
        ticks,
        runs.reduce((a, r) => a + r.requests.total, 0),
      ),
    };
  }
  if (ceilings.length > 1) {
    const mean = Math.round(ceilings.reduce((a, b) => a + b, 0) / ceilings.length);
    results[0] = { ...results[0], runs: ceilings, reqPerSec: mean };
  }
  if (only && !'status change'.includes(only)) return withRatios(results);
  // A status change: EN_COURS ↔ EN_PAUSE on a thousand interventions, each connection on its own.
  let n = 0;
  const statusTicks = noTicks();
  const status = await metered(statusTicks, {
    url,
    connections: 32,
    duration: seconds,
    requests: [
      {
        setupRequest: (req) => {
          const id = interventionIds[n % interventionIds.length];
          const statut = Math.floor(n / interventionIds.length) % 2 === 0 ? 'EN_PAUSE' : 'EN_COURS';
          n++;
          return {
            ...req,
            method: 'PUT',
            path: `/api/interventions/${id}/status`,
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ statut }),
          };
        },
      },
    ],
  });
  results.push({
    route: 'status change (PUT /:id/status)',
    reqPerSec: Math.round(status.requests.average),
    p50: status.latency.p50,
    p99: status.latency.p99,
    non2xx: status.non2xx,
    ratio: 0,
    ...cpuOf(statusTicks, status.requests.total),
  });
  return withRatios(results);
}

function withRatios(results: HttpResult[]): HttpResult[] {
  const ceiling = results[0]?.reqPerSec || 1;
  for (const r of results) r.ratio = Math.round((r.reqPerSec / (r.ceiling ?? ceiling)) * 100) / 100;
  return results;
}
