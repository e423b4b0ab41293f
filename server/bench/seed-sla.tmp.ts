import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/database.ts';
import { startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';
import { seedSlaClocks } from '../src/db/seed-demo-contracts.ts';
const pg = await startEmbeddedPostgres('/work/benchdata');
const database = openDatabase(pg.url.replace(/\/postgres$/, '/gmao'), { max: 1 });
try {
  await migrate(database.pool);
  const t = performance.now();
  const { rows } = await database.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM intervention_sla`);
  if (rows[0]!.n === 0) await seedSlaClocks(database.db);
  const after = await database.db.execute<{ n: number; h: number }>(sql`SELECT (SELECT count(*) FROM intervention_sla)::int AS n, (SELECT count(*) FROM interventions WHERE hors_contrat)::int AS h`);
  console.log('clocks', after.rows[0], 'in', ((performance.now() - t) / 1000).toFixed(1), 's');
  await database.db.execute(sql`VACUUM ANALYZE`);
} finally { await database.close(); await pg.stop(); }
