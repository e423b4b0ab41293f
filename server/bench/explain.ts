// Dev aid: `node --import tsx server/bench/explain.ts` seeds the bench dataset and prints EXPLAIN ANALYZE of the
// heaviest figures (to choose indexes and query shapes).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { metricsToday, timeframeStart } from '@gmao/domain/dashboard/metrics';
import { type SQL, sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/database.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { repairHours, startHours, timingJoin, wasInterrupted } from '../src/db/metrics-sql.ts';
import { migrate } from '../src/db/migrate.ts';
import { inPeriod, isCompleted, isOpen, visible } from '../src/db/predicates.ts';
import { seedReferenceData } from '../src/db/seed.ts';
import { reportWhere } from '../src/modules/reports/reports.repository.ts';
import { seedBenchData } from './dataset.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'gmao-explain-'));
const pg = await startEmbeddedPostgres(dataDir);
const database = openDatabase(pg.url, { max: 2 });
const { db } = database;
try {
  await migrate(database.pool);
  await seedReferenceData(db);
  await seedBenchData(db, Number(process.env.BENCH_ROWS ?? 50_000));
  const today = metricsToday();
  const from = timeframeStart(today, 365);
  const explain = async (label: string, q: SQL) => {
    const { rows } = await db.execute<{ 'QUERY PLAN': string }>(sql`EXPLAIN (ANALYZE, COSTS OFF) ${q}`);
    console.log(`\n=== ${label}\n${rows.map((r) => r['QUERY PLAN']).join('\n')}`);
  };
  await explain(
    'period performance 365',
    sql`SELECT count(*), avg(${startHours()}), avg(${repairHours()}), count(*) FILTER (WHERE ${isCompleted()} AND NOT ${wasInterrupted()})
        FROM interventions i ${timingJoin()} WHERE ${visible()} AND ${inPeriod(from, today)}`,
  );
  await explain(
    'per technician 30',
    sql`SELECT i.technician_id, count(*) FILTER (WHERE ${isOpen()}), avg(${repairHours()})
        FROM interventions i ${timingJoin()} WHERE ${visible()} AND (${inPeriod(timeframeStart(today, 30), today)} OR ${isOpen()})
        GROUP BY 1`,
  );
  await explain(
    'report rows page',
    sql`SELECT i.id, ${repairHours()} FROM interventions i JOIN equipements e ON e.id = i.equipement_id ${timingJoin()}
        WHERE ${reportWhere({ dateFrom: from, dateTo: today })} AND (i.date, i.id) > (${from}::date, 0)
        ORDER BY i.date, i.id LIMIT 2000`,
  );
  await explain(
    'status series month',
    sql`SELECT date_trunc('month', i.date)::date, i.statut, count(*) FROM interventions i
        WHERE ${visible()} AND ${inPeriod(from, today)} GROUP BY 1, 2`,
  );
} finally {
  await database.close();
  await pg.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
