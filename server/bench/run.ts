// npm run bench — times the dashboard, analytics and reports figures and list-like queries on a throwaway embedded
// PostgreSQL holding BENCH_ROWS interventions (default 50,000), then the HTTP half (bench/http.ts: the built server,
// autocannon, the web's weight and LCP). `-- --no-http` skips the HTTP half; `-- --web-only` measures only the web
// (weight and LCP, same data set); `-- --http-only` runs only the API's autocannon part (same data set); `-- --check`
// exits 1 when a budget of issue 16 is missed. Not part of npm test.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { metricsToday, timeframeStart } from '@gmao/domain/dashboard/metrics';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/database.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';
import { bootstrapAdmin, seedReferenceData } from '../src/db/seed.ts';
import { getAnalytics, getCompletionMetrics } from '../src/modules/analytics/analytics.service.ts';
import { getAlerts, getCharts, getRecent, getSlaCard, getStats } from '../src/modules/dashboard/dashboard.service.ts';
import { getPerformance } from '../src/modules/dashboard/performance.service.ts';
import { type ListFilters, listInterventions, statusCounts } from '../src/modules/interventions/list.repository.ts';
import { csvStream } from '../src/modules/reports/report-export.service.ts';
import { getSummary } from '../src/modules/reports/reports.service.ts';
import { search } from '../src/modules/search/search.service.ts';
import { missedBudgets, writeResults } from './budgets.ts';
import { cpuMeter } from './cpu.ts';
import { seedBenchData } from './dataset.ts';
import { benchExports, benchLatency, type ExportResult, type LatencyResult } from './exports.ts';
import { ADMIN, benchHttp, login, startBuiltServer } from './http.ts';
import { benchWeb } from './web.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
const WEB_ONLY = process.argv.includes('--web-only');
const HTTP_ONLY = process.argv.includes('--http-only');
// --exports-only: the exports downloaded whole and the report's and charts' latency over HTTP (exports.ts), nothing else.
const EXPORTS_ONLY = process.argv.includes('--exports-only');
const RUNS = WEB_ONLY || HTTP_ONLY || EXPORTS_ONLY ? 0 : Number(process.env.BENCH_RUNS ?? 7);

// BENCH_DATA_DIR=<dir>: the database is kept there after the run and reused by the next (seeded once: a 1 M-row seed
// takes minutes, and A/B measures want the same data); without it, a throwaway directory.
const KEPT_DIR = process.env.BENCH_DATA_DIR;
if (KEPT_DIR) mkdirSync(KEPT_DIR, { recursive: true });
const dataDir = KEPT_DIR ?? mkdtempSync(join(tmpdir(), 'gmao-bench-'));
const pg = await startEmbeddedPostgres(dataDir);
// BENCH_DB_NAME=gmao with BENCH_DATA_DIR=<a DATA_DIR>: the app's database of that directory, e.g. the issue's data set
// loaded by `npm run seed:demo -- --scale large` (ADMIN_USERNAME=bench_admin ADMIN_PASSWORD=BenchGmao2024!).
const dbUrl = process.env.BENCH_DB_NAME ? pg.url.replace(/\/postgres$/, `/${process.env.BENCH_DB_NAME}`) : pg.url;
const database = openDatabase(dbUrl, { max: 4 });
const { db } = database;

async function time(label: string, fn: () => Promise<unknown>, results: string[][]) {
  if (WEB_ONLY || HTTP_ONLY || EXPORTS_ONLY) return;
  await fn(); // warm-up (plans, caches)
  const ms: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  ms.sort((a, b) => a - b);
  const median = ms[Math.floor(ms.length / 2)];
  results.push([label, median.toFixed(1), ms[ms.length - 1].toFixed(1)]);
}

try {
  await migrate(database.pool);
  await seedReferenceData(db);
  await bootstrapAdmin(db, ADMIN); // the HTTP half signs in with it
  const t0 = performance.now();
  const { rows: seeded } = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM interventions`);
  if (seeded[0].n === 0) await seedBenchData(db, ROWS);
  else console.log(`Reusing the ${seeded[0].n} interventions kept in ${dataDir} (BENCH_DATA_DIR)`);
  const { rows: counts } = await db.execute<{ i: number; h: number }>(
    sql`SELECT (SELECT count(*) FROM interventions)::int AS i, (SELECT count(*) FROM intervention_history)::int AS h`,
  );
  console.log(
    `${seeded[0].n === 0 ? 'Seeded' : 'Holding'} ${counts[0].i} interventions and ${counts[0].h} history rows in ${((performance.now() - t0) / 1000).toFixed(1)} s (${RUNS} timed runs each, after one warm-up)\n`,
  );

  const today = metricsToday();
  const year = { dateFrom: timeframeStart(today, 365), dateTo: today };
  const results: string[][] = [];
  await time('dashboard stats (timeframe 30)', () => getStats(db, { timeframe: 30 }, () => true), results);
  await time('dashboard alerts', () => getAlerts(db), results);
  await time('dashboard recent interventions (10)', () => getRecent(db, 10), results);
  await time('dashboard charts (month, 12 buckets)', () => getCharts(db, { period: 'month' }), results);
  // Issue 31: the card "Délais garantis" (at risk, breached now, the month's GTI / GTR compliance).
  await time('dashboard SLA card', () => getSlaCard(db), results);
  await time('performance (30 days)', () => getPerformance(db, { timeframe: 30 }), results);
  await time('performance (365 days)', () => getPerformance(db, { timeframe: 365 }), results);
  await time('analytics (30 days, per day)', () => getAnalytics(db, { timeframe: 30 }), results);
  await time('analytics (365 days, per month)', () => getAnalytics(db, { timeframe: 365 }), results);
  await time('completion metrics (90 days)', () => getCompletionMetrics(db, { timeframe: 90 }), results);
  await time('report summary (365 days)', () => getSummary(db, year), results);
  // The report for a calendar year (issue 29: 249 ms median, up to 506 at p95, over HTTP before).
  const calendarYear = { dateFrom: `${today.slice(0, 4)}-01-01`, dateTo: `${today.slice(0, 4)}-12-31` };
  await time('report summary (calendar year)', () => getSummary(db, calendarYear), results);
  await time('report summary (365 days, one client)', () => getSummary(db, { ...year, clientId: 1 }), results);
  // The interventions list as the API runs it: one page + its bounded count (COUNT_BOUND), default order and filters.
  const list = (filters: Partial<ListFilters>, page: number) =>
    listInterventions(db, { scope: 'active', days: 30, ...filters } as ListFilters, page, 20);
  await time('list page 1 + bounded count (all)', () => list({}, 1), results);
  await time('list page 500 + bounded count (all)', () => list({}, 500), results);
  await time('list page 1 (statut EN_COURS)', () => list({ statut: 'EN_COURS' }, 1), results);
  await time('list page 1 (urgent only)', () => list({ urgence: true }, 1), results);
  await time('list page 1 (search "n° 4242")', () => list({ search: 'n° 4242' }, 1), results);
  // Issue 31: the SLA filters, as the dashboard card's links open them.
  await time('list page 1 + bounded count (sla A_RISQUE)', () => list({ sla: 'A_RISQUE' }, 1), results);
  await time('list page 1 + bounded count (sla DEPASSE, open)', () => list({ sla: 'DEPASSE', open: true }, 1), results);
  // GET /interventions/status-counts: from the daily roll-up without a filter it lacks, else counted on the rows.
  await time('status counts (all)', () => statusCounts(db, { days: 30 }), results);
  await time('status counts (overdue)', () => statusCounts(db, { days: 30, overdue: true }), results);
  // One of the bench's technicians (user 1 is the bench's administrator, with no intervention).
  const { rows: tech } = await db.execute<{ id: number }>(
    sql`SELECT technician_id AS id FROM interventions WHERE technician_id IS NOT NULL LIMIT 1`,
  );
  await time(
    'status counts (one technician: rows, not budgeted)',
    () => statusCounts(db, { days: 30, technician_id: tech[0]?.id ?? 0 }),
    results,
  );
  // Frequent words: walked in list order rather than scanned (db/text-search.ts searchHits; 9 s and 1.5 s at 1 M rows
  // before).
  await time('list page 1 (search "maintenance": every row)', () => list({ search: 'maintenance' }, 1), results);
  await time('list page 1 (search "Casablanca": a sixth)', () => list({ search: 'Casablanca' }, 1), results);
  // The top bar's global search (issue 15: ≤ 50 ms at 1 M rows), as an administrator (all three groups).
  const admin = {
    id: 0,
    nom: 'Bench',
    username: 'bench',
    section: null,
    role: 'Administrateur',
    roleId: null,
    permissions: [],
  };
  await time('global search "n° 4242" (rare words)', () => search(db, admin, 'n° 4242'), results);
  await time('global search "maintenance" (every row matches)', () => search(db, admin, 'maintenance'), results);
  await time('global search "#4242" (a number)', () => search(db, admin, '#4242'), results);
  let exported = 0;
  let rssGrowth = 0;
  await time(
    'CSV export (365 days, all rows)',
    async () => {
      const rss0 = process.memoryUsage().rss;
      let lines = 0;
      for await (const chunk of csvStream(db, year)) {
        for (const b of chunk as Buffer) if (b === 10) lines++;
        rssGrowth = Math.max(rssGrowth, process.memoryUsage().rss - rss0);
      }
      exported = lines - 1;
    },
    results,
  );
  const csvRun = results[results.length - 1];
  const csv = csvRun
    ? {
        rows: exported,
        rowsPerSec: Math.round(exported / (Number(csvRun[1]) / 1000)),
        rssGrowthMb: Math.round(rssGrowth / 1e6),
      }
    : null;
  if (csv)
    console.log(
      `CSV export: ${csv.rows} rows, ${csv.rowsPerSec} rows/s (median), RSS growth up to ${csv.rssGrowthMb} MB\n`,
    );

  const width = Math.max(...results.map((r) => r[0].length));
  if (results.length) console.log(`${'query'.padEnd(width)}  median ms      max ms`);
  for (const [label, median, max] of results)
    console.log(`${label.padEnd(width)}  ${median.padStart(9)}  ${max.padStart(10)}`);

  const service = results.map(([label, median, max]) => ({ label, median: Number(median), max: Number(max) }));
  let http: Awaited<ReturnType<typeof benchHttp>> = [];
  let web: Awaited<ReturnType<typeof benchWeb>> | null = null;
  let exportsHttp: ExportResult[] = [];
  let latency: LatencyResult[] = [];
  if (!process.argv.includes('--no-http')) {
    const server = await startBuiltServer(dbUrl);
    try {
      const { rows: open } = await db.execute<{ id: number }>(
        sql`SELECT id FROM interventions WHERE statut = 'EN_COURS' AND deleted_at IS NULL AND archived_at IS NULL LIMIT 1000`,
      );
      if (!WEB_ONLY && !EXPORTS_ONLY)
        http = await benchHttp(
          server.url,
          Number(process.env.BENCH_HTTP_SECONDS ?? 5),
          open.map((r) => r.id),
          server.child.pid ? cpuMeter(server.child.pid, join(dataDir, 'pg')) : null,
        );
      if (http.length)
        console.log(`\nHTTP, 32 connections, ${process.env.BENCH_HTTP_SECONDS ?? 5} s per route (the ceiling first)`);
      const w = Math.max(...http.map((h) => h.route.length));
      if (http.length)
        console.log(`${'route'.padEnd(w)}  req/s   p50 ms  p99 ms  non-2xx  ÷ ceiling  1 connection: p50 p99 ms`);
      for (const h of http)
        console.log(
          `${h.route.padEnd(w)}  ${String(h.reqPerSec).padStart(5)}  ${String(h.p50).padStart(7)}  ${String(h.p99).padStart(6)}  ${String(h.non2xx).padStart(7)}  ${h.ratio.toFixed(2).padStart(9)}${h.single ? `  ${String(h.single.p50).padStart(17)} ${String(h.single.p99).padStart(3)}` : ''}${h.ceiling ? `  (÷ ${Math.round(h.ceiling)}, the ceiling between its turns)` : ''}${h.runs ? `  (mean of ${h.runs.join(', ')}: first, then around each list)` : ''}`,
        );
      if (http.some((h) => h.cpu)) {
        console.log('\nCPU per request while measured (µs): the server, PostgreSQL, autocannon (bench/cpu.ts)');
        for (const h of http.filter((r) => r.cpu))
          console.log(
            `${h.route.padEnd(w)}  server ${String(h.cpu?.server).padStart(5)}  PostgreSQL ${String(h.cpu?.postgres).padStart(5)}  autocannon ${String(h.cpu?.client).padStart(4)}`,
          );
      }
      if (!WEB_ONLY) {
        const token = await login(server.url);
        const year = today.slice(0, 4);
        latency = await benchLatency(server.url, token, [
          ['report summary (calendar year)', `/api/reports/summary?dateFrom=${year}-01-01&dateTo=${year}-12-31`],
          ['report summary (365 days)', `/api/reports/summary?dateFrom=${timeframeStart(today, 365)}&dateTo=${today}`],
          [
            'report parts downtime (calendar year)',
            `/api/reports/parts-downtime?dateFrom=${year}-01-01&dateTo=${year}-12-31`,
          ],
          ['dashboard charts (month)', '/api/dashboard/charts?period=month'],
          // Changes since (issue 35): an integrator's page of 100 from a year ago and from yesterday
          [
            'interventions changed since (365 days, 100)',
            `/api/interventions?updated_since=${timeframeStart(today, 365)}T00:00:00Z&limit=100`,
          ],
          ['interventions changed since (1 day, 100)', `/api/interventions?updated_since=${today}T00:00:00Z&limit=100`],
          [
            'equipment changed since (365 days, 100)',
            `/api/equipment?updated_since=${timeframeStart(today, 365)}T00:00:00Z&limit=100`,
          ],
        ]);
        console.log('\nOne request at a time over HTTP (ms; after 3 unrecorded)');
        for (const l of latency)
          console.log(
            `${l.route.padEnd(40)}  p50 ${String(l.p50).padStart(6)}  p95 ${String(l.p95).padStart(6)}  max ${l.max}`,
          );
        exportsHttp = await benchExports(server.url, token, server.child.pid, today, timeframeStart(today, 365));
        console.log('\nExports over HTTP, each downloaded whole (rows/s from the request to the last byte)');
        for (const e of exportsHttp)
          console.log(
            `${e.route.padEnd(46)}  ${String(e.status)}  ${String(e.rows).padStart(8)} rows  ${String(Math.round(e.bytes / 1e3)).padStart(8)} kB  ${String(e.ms).padStart(7)} ms  ${String(e.rowsPerSec).padStart(7)} rows/s  RSS +${e.rssGrowthMb} MB`,
          );
      }
      if (!HTTP_ONLY && !EXPORTS_ONLY) web = await benchWeb(server.url);
      if (web)
        console.log(
          `\nWeb: /login loads ${web.loginJsKb} KB of JS+CSS, / ${web.dashboardJsKb} KB (as transferred: ${web.encodings.join(', ')}); LCP /login ${web.loginLcpMobileMs} ms and / ${web.dashboardLcpMobileMs} ms on a phone (4× CPU, 10 Mbit/s), / ${web.dashboardLcpDesktopMs} ms on a desktop\nLCP elements: ${JSON.stringify(web.lcpElements)}`,
        );
    } finally {
      server.child.kill('SIGTERM');
      await new Promise((r) => server.child.once('exit', r));
    }
  }
  const missed = missedBudgets(service, http, web, csv, exportsHttp, latency);
  console.log(
    `\nResults written to ${writeResults({ rows: ROWS, runs: RUNS, service, csv, http, exports: exportsHttp, latency, web, missed })}`,
  );
  if (missed.length) console.log(`Budgets missed:\n- ${missed.join('\n- ')}`);
  if (process.argv.includes('--check') && missed.length) process.exitCode = 1;
} finally {
  await database.close();
  await pg.stop();
  if (!KEPT_DIR) rmSync(dataDir, { recursive: true, force: true });
}
