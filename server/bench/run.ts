// npm run bench — times the dashboard, analytics and reports figures and list-like queries on a throwaway embedded
// PostgreSQL holding BENCH_ROWS interventions (default 50,000). Not part of npm test.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { metricsToday, timeframeStart } from '@gmao/domain/dashboard/metrics';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/database.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedReferenceData } from '../src/db/seed.ts';
import { getAnalytics, getCompletionMetrics } from '../src/modules/analytics/analytics.service.ts';
import { getAlerts, getCharts, getRecent, getStats } from '../src/modules/dashboard/dashboard.service.ts';
import { getPerformance } from '../src/modules/dashboard/performance.service.ts';
import { csvStream } from '../src/modules/reports/csv-export.ts';
import { getSummary } from '../src/modules/reports/reports.service.ts';
import { seedBenchData } from './dataset.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 50_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 7);

const dataDir = mkdtempSync(join(tmpdir(), 'gmao-bench-'));
const pg = await startEmbeddedPostgres(dataDir);
const database = openDatabase(pg.url, { max: 4 });
const { db } = database;

async function time(label: string, fn: () => Promise<unknown>, results: string[][]) {
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
  const t0 = performance.now();
  await seedBenchData(db, ROWS);
  const { rows: counts } = await db.execute<{ i: number; h: number }>(
    sql`SELECT (SELECT count(*) FROM interventions)::int AS i, (SELECT count(*) FROM intervention_history)::int AS h`,
  );
  console.log(
    `Seeded ${counts[0].i} interventions and ${counts[0].h} history rows in ${((performance.now() - t0) / 1000).toFixed(1)} s (${RUNS} timed runs each, after one warm-up)\n`,
  );

  const today = metricsToday();
  const year = { dateFrom: timeframeStart(today, 365), dateTo: today };
  const results: string[][] = [];
  await time('dashboard stats (timeframe 30)', () => getStats(db, { timeframe: 30 }), results);
  await time('dashboard alerts', () => getAlerts(db), results);
  await time('dashboard recent interventions (10)', () => getRecent(db, 10), results);
  await time('dashboard charts (month, 12 buckets)', () => getCharts(db, { period: 'month' }), results);
  await time('performance (30 days)', () => getPerformance(db, { timeframe: 30 }), results);
  await time('performance (365 days)', () => getPerformance(db, { timeframe: 365 }), results);
  await time('analytics (30 days, per day)', () => getAnalytics(db, { timeframe: 30 }), results);
  await time('analytics (365 days, per month)', () => getAnalytics(db, { timeframe: 365 }), results);
  await time('completion metrics (90 days)', () => getCompletionMetrics(db, { timeframe: 90 }), results);
  await time('report summary (365 days)', () => getSummary(db, year), results);
  await time('report summary (365 days, one client)', () => getSummary(db, { ...year, clientId: 1 }), results);
  // List-like queries of the interventions screens: one page + its SQL count, with and without a status filter.
  const listPage = (where: ReturnType<typeof sql>) =>
    Promise.all([
      db.execute(sql`SELECT i.id, i.date, i.statut, e.nom, c.nom_entreprise FROM interventions i
        JOIN equipements e ON e.id = i.equipement_id JOIN clients c ON c.id = i.client_id
        WHERE i.deleted_at IS NULL AND i.archived_at IS NULL ${where}
        ORDER BY i.date DESC, i.id DESC LIMIT 10 OFFSET 100`),
      db.execute(
        sql`SELECT count(*) FROM interventions i WHERE i.deleted_at IS NULL AND i.archived_at IS NULL ${where}`,
      ),
    ]);
  await time('list page 11 + count (all)', () => listPage(sql``), results);
  await time('list page 11 + count (statut EN_COURS)', () => listPage(sql`AND i.statut = 'EN_COURS'`), results);
  await time('list page 11 + count (urgent only)', () => listPage(sql`AND i.urgence`), results);
  await time(
    'CSV export (365 days, all rows)',
    async () => {
      let bytes = 0;
      for await (const chunk of csvStream(db, year)) bytes += (chunk as Buffer).length;
      return bytes;
    },
    results,
  );

  const width = Math.max(...results.map((r) => r[0].length));
  console.log(`${'query'.padEnd(width)}  median ms      max ms`);
  for (const [label, median, max] of results)
    console.log(`${label.padEnd(width)}  ${median.padStart(9)}  ${max.padStart(10)}`);
} finally {
  await database.close();
  await pg.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
