import { resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { openMigratedDatabase } from './open.ts';
import { bootstrapAdmin } from './seed.ts';
import { DEMO_PASSWORD, seedDemo } from './seed-demo.ts';

/** npm run seed:demo — fills an empty database with demo clients, equipment and interventions. */
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
  if (result.skipped) console.log('The database already holds clients: demo data not added.');
  else {
    console.log(
      `Demo data added: ${result.clients} clients, ${result.equipment} équipements, ${result.interventions} interventions.`,
    );
    console.log(
      `Demo accounts (password ${DEMO_PASSWORD}): n.elfassi (Responsable), y.amrani, h.elidrissi, k.bennani, r.ouazzani (Technicien).`,
    );
  }
} finally {
  await opened.shutdown();
}
