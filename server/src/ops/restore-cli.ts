import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { embeddedServerInUse } from '../db/embedded.ts';
import { locateDatabase } from '../db/open.ts';
import { storageFromConfig } from '../storage/file-storage.ts';
import { BackupError } from './manifest.ts';
import { restoreBackup } from './restore.ts';

/** npm run restore -- file.tar.gz [--force] — into the empty DATA_DIR (embedded) or DATABASE_URL, server stopped. */
const { values, positionals } = parseArgs({
  options: { force: { type: 'boolean', default: false } },
  allowPositionals: true,
});
if (positionals.length !== 1) {
  console.error('Usage: npm run restore -- <archive.tar.gz> [--force]');
  process.exit(2);
}
const config = loadConfig();
const dataDir = resolve(config.DATA_DIR);
if (!config.DATABASE_URL && embeddedServerInUse(dataDir)) {
  console.error(`The server is running on ${dataDir}: stop it before restoring.`);
  process.exit(1);
}
const { url, embedded } = await locateDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
const database = openDatabase(url, { max: 2 });
try {
  const { manifest, appliedAfter } = await restoreBackup({
    pool: database.pool,
    storage: await storageFromConfig(config, dataDir),
    file: positionals[0],
    force: values.force,
    workDir: dataDir,
  });
  const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
  console.log(
    `Restored the backup of ${manifest.createdAt} (version ${manifest.appVersion}) into ${embedded ? dataDir : 'DATABASE_URL'}:`,
  );
  console.log(
    `  ${manifest.tables.length} tables, ${rows} rows and ${manifest.uploads.length} file(s), counts and checksums verified`,
  );
  if (appliedAfter.length > 0) console.log(`  newer migrations applied after loading: ${appliedAfter.join(', ')}`);
} catch (err) {
  console.error(err instanceof BackupError ? err.message : `Restore failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
  await embedded?.stop();
}
