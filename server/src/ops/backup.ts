import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type pg from 'pg';
import { create as createTar } from 'tar';
import type { FileStorage } from '../storage/file-storage.ts';
import { copyTableOut, listTables, pinCopySettings } from './copy-data.ts';
import { appVersion, BACKUP_FORMAT, BackupError, MANIFEST_FILE, type Manifest, tableMember } from './manifest.ts';
import { copyUploadsOut } from './uploads-archive.ts';

export interface BackupOptions {
  pool: pg.Pool;
  storage: FileStorage;
  /** Path of the .tar.gz to write (written under a temporary name, then renamed: never half an archive). */
  out: string;
  source: Manifest['source'];
}

/**
 * Writes one archive: every public table as COPY text read in a single REPEATABLE READ snapshot, then the
 * uploads (files are written once under a new uuid key and never changed, so copying them after the snapshot
 * only risks including a file whose row came later, or missing one deleted meanwhile: reported in the manifest).
 */
export async function createBackup(opts: BackupOptions): Promise<{ file: string; manifest: Manifest }> {
  const out = resolve(opts.out);
  await mkdir(dirname(out), { recursive: true });
  const staging = await mkdtemp(join(dirname(out), '.gmao-backup-'));
  const partial = `${out}.partial`;
  try {
    const db = await exportDatabase(opts.pool, staging);
    await mkdir(join(staging, 'uploads'), { recursive: true });
    const { uploads, missing } = await copyUploadsOut(opts.storage, staging);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: 1,
      appVersion: appVersion(),
      createdAt: new Date().toISOString(),
      source: opts.source,
      serverVersion: db.serverVersion,
      migrations: db.migrations,
      copyFormat: 'text',
      tables: db.tables,
      uploads,
      missingUploads: missing,
    };
    await writeFile(join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await createTar({ gzip: true, file: partial, cwd: staging, portable: true }, [MANIFEST_FILE, 'db', 'uploads']);
    await rename(partial, out);
    return { file: out, manifest };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

async function exportDatabase(pool: pg.Pool, staging: string) {
  await mkdir(join(staging, 'db'));
  const client = await pool.connect();
  let failure: Error | undefined;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    try {
      await pinCopySettings(client);
      const level = await client.query<{ present: boolean }>(
        "SELECT to_regclass('public.schema_migrations') IS NOT NULL AS present",
      );
      if (!level.rows[0]?.present) {
        throw new BackupError(
          'NOT_A_GMAO_DATABASE',
          'Nothing to back up: the database has no schema_migrations table.',
        );
      }
      const migrations = (
        await client.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')
      ).rows.map((r) => r.name);
      const serverVersion = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]
        .server_version;
      const tables: Manifest['tables'] = [];
      for (const table of await listTables(client)) {
        const file = tableMember(table.name);
        const { rows, sha256 } = await copyTableOut(client, table, createWriteStream(join(staging, file)));
        tables.push({ name: table.name, file, columns: table.columns, rows, sha256 });
      }
      await client.query('COMMIT');
      return { migrations, serverVersion, tables };
    } catch (err) {
      failure = err as Error;
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    }
  } finally {
    // A connection that failed mid-COPY is not returned to the pool.
    client.release(failure && !(failure instanceof BackupError) ? failure : undefined);
  }
}
