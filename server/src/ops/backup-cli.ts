import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { backupDir, loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { locateDatabase } from '../db/open.ts';
import { storageFromConfig } from '../storage/file-storage.ts';
import { createBackup } from './backup.ts';
import { BackupError } from './manifest.ts';
import { backupFileName } from './nightly.ts';

/** npm run backup [-- --out file.tar.gz] — works while the server runs (embedded or DATABASE_URL). */
const { values } = parseArgs({ options: { out: { type: 'string', short: 'o' } } });
const config = loadConfig();
const dataDir = resolve(config.DATA_DIR);
if (!config.DATABASE_URL && !existsSync(join(dataDir, 'pg', 'PG_VERSION'))) {
  console.error(`No database to back up: ${dataDir} holds no embedded PostgreSQL (set DATA_DIR or DATABASE_URL).`);
  process.exit(1);
}
const { url, embedded } = await locateDatabase({ databaseUrl: config.DATABASE_URL, dataDir });
const database = openDatabase(url, { max: 2 });
try {
  const { file, manifest } = await createBackup({
    pool: database.pool,
    storage: await storageFromConfig(config, dataDir),
    out: values.out ?? join(backupDir(config), backupFileName(new Date())),
    source: embedded ? 'embedded' : 'external',
  });
  const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
  console.log(`Backup written: ${file}`);
  console.log(
    `  ${manifest.tables.length} tables, ${rows} rows, ${manifest.uploads.length} uploaded file(s), migration level ${manifest.migrations.at(-1) ?? 'none'}`,
  );
  if (manifest.missingUploads.length > 0) {
    console.log(`  files deleted while the backup ran (not in it): ${manifest.missingUploads.join(', ')}`);
  }
} catch (err) {
  console.error(err instanceof BackupError ? err.message : `Backup failed: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
  await embedded?.stop();
}
