import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openMigratedDatabase } from './open.ts';
import { bootstrapAdmin } from './seed.ts';
import { DEMO_PASSWORD, seedDemo } from './seed-demo.ts';
import { progressBar, SCALES, seedScale } from './seed-scale.ts';

/**
 * npm run seed:demo — fills an empty database with demo clients, equipment and interventions.
 * npm run seed:demo -- --scale large — 2,000 clients, 50,000 equipment, 1,000,000 interventions over 5 years
 * (issue 16; bulk-loaded, deterministic, into the embedded database or DATABASE_URL). --scale small is the default.
 */
const scaleArg = process.argv.indexOf('--scale');
const scale = scaleArg >= 0 ? process.argv[scaleArg + 1] : 'small';
if (scale !== 'small' && scale !== 'large') {
  console.error('--scale small|large');
  process.exit(2);
}
const config = loadConfig();
const opened = await openMigratedDatabase({ databaseUrl: config.DATABASE_URL, dataDir: resolve(config.DATA_DIR) });
try {
  const admin = await bootstrapAdmin(opened.database.db, {
    username: config.ADMIN_USERNAME,
    password: config.ADMIN_PASSWORD,
  });
  if (admin.generatedPassword)
    console.log(`Administrator "${config.ADMIN_USERNAME}" created, password: ${admin.generatedPassword}`);
  const result = await seedDemo(opened.database.db);
  if (scale === 'large' && !result.skipped) {
    const { metricsToday } = await import('@gmao/domain/dashboard/metrics');
    const t0 = Date.now();
    await seedScale(opened.database.db, SCALES.large, { today: metricsToday(), progress: progressBar() });
    // A bulk load leaves the visibility map unset: until autovacuum comes by, the reports' index-only scans read the
    // heap (the 365-day report summary took 100–180 ms at 1 M rows, 55 ms after VACUUM ANALYZE; issue 29).
    await opened.database.db.execute(sql`VACUUM ANALYZE`);
    console.log(`Large data set added in ${Math.round((Date.now() - t0) / 1000)} s.`);
  }
  if (result.skipped) console.log('The database already holds clients: demo data not added.');
  else {
    console.log(
      `Demo data added: ${result.clients} clients, ${result.equipment} équipements, ${result.interventions} interventions.`,
    );
    console.log(
      `Demo accounts (password ${DEMO_PASSWORD}): n.elfassi (Responsable), k.amrani (Responsable d'agence, limité aux clients de Tanger, Tétouan et Kénitra), y.amrani, h.elidrissi, k.bennani, r.ouazzani (Technicien).`,
    );
    console.log(
      `Client portal (/portail, same password): ${result.portal.map((p) => `${p.username} (${p.client})`).join(', ')}.`,
    );
  }
} finally {
  await opened.shutdown();
}
