import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from } from 'pg-copy-streams';
import {
  MIGRATION_LOCK,
  migrationFiles,
  migrationsDir,
  runMigrationStatements,
  SCHEMA_MIGRATIONS_DDL,
} from '../db/migrate.ts';
import type { FileStorage } from '../storage/file-storage.ts';
import { unpackAndVerify } from './archive.ts';
import { copyInSql, copyTableOut, listTables, pinCopySettings, quoteIdent } from './copy-data.ts';
import { BackupError, type Manifest } from './manifest.ts';
import { copyUploadsIn } from './uploads-archive.ts';

export interface RestoreOptions {
  pool: pg.Pool;
  storage: FileStorage;
  /** The .tar.gz written by a backup. */
  file: string;
  /** Replace a target that already holds tables or files (the public schema is dropped and recreated). */
  force?: boolean;
  /** Where the archive is unpacked while restoring (default: the system's temporary folder). */
  workDir?: string;
  migrationsDir?: string;
}

export interface RestoreResult {
  manifest: Manifest;
  /** Migrations of this build newer than the archive, applied after the data was loaded. */
  appliedAfter: string[];
}

/**
 * Restores an archive into an empty database and store, in one transaction for the database: the schema of the
 * archive's migration level, its rows (COPY FROM), sequences, a check of every count and checksum, then this
 * build's newer migrations; files are written before COMMIT and removed again if anything fails.
 */
export async function restoreBackup(opts: RestoreOptions): Promise<RestoreResult> {
  const dir = opts.migrationsDir ?? migrationsDir();
  const client = await opts.pool.connect();
  const staging = await mkdtemp(join(opts.workDir ?? tmpdir(), '.gmao-restore-'));
  const written: string[] = [];
  let failure: Error | undefined;
  try {
    await client.query('BEGIN');
    // A server starting meanwhile waits here before migrating the half-restored database.
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const target = await describeTarget(client, opts.storage);
    if ((target.relations > 0 || target.files.length > 0) && !opts.force) {
      throw new BackupError(
        'TARGET_NOT_EMPTY',
        `The target is not empty (${target.tables} tables, ${target.files.length} uploaded files): restore only into an empty DATA_DIR or database, or pass --force to replace it.`,
      );
    }
    const manifest = await unpackAndVerify(resolve(opts.file), staging);
    const known = migrationFiles(dir);
    const unknown = manifest.migrations.filter((m) => !known.includes(m));
    if (unknown.length > 0) {
      throw new BackupError(
        'UNKNOWN_MIGRATIONS',
        `The archive comes from a newer version (migrations unknown to this one: ${unknown.join(', ')}): restore it with that version or a later one.`,
      );
    }
    const listVersionBefore = await listCacheVersion(client);
    if (target.relations > 0) {
      await client.query('DROP SCHEMA public CASCADE');
      await client.query('CREATE SCHEMA public');
    }
    await pinCopySettings(client);
    await client.query(SCHEMA_MIGRATIONS_DDL);
    for (const m of known.filter((f) => manifest.migrations.includes(f))) await runMigrationStatements(client, m, dir);
    await loadTables(client, manifest, staging);
    await verifyTables(client, manifest);
    const appliedAfter = known.filter((f) => !manifest.migrations.includes(f));
    for (const m of appliedAfter) {
      await runMigrationStatements(client, m, dir);
      await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [m]);
    }
    // The archive's list-cache counters may sum to a version whose pages an instance still running kept (migration
    // 0036, modules/interventions/list-cache.ts): the restored version is put past the one before the restore.
    if (listVersionBefore !== null)
      await client.query('UPDATE list_cache_versions SET n = n + $1 WHERE shard = 0', [listVersionBefore + 1]);
    await copyUploadsIn(opts.storage, staging, manifest.uploads, written);
    await client.query('COMMIT');
    const kept = new Set(manifest.uploads.map((u) => u.key));
    await opts.storage.remove(target.files.filter((k) => !kept.has(k)));
    return { manifest, appliedAfter };
  } catch (err) {
    failure = err as Error;
    await client.query('ROLLBACK').catch(() => undefined);
    await opts.storage.remove(written).catch(() => undefined);
    throw err;
  } finally {
    client.release(failure && !(failure instanceof BackupError) ? failure : undefined);
    await rm(staging, { recursive: true, force: true });
  }
}

async function describeTarget(client: pg.ClientBase, storage: FileStorage) {
  const { rows } = await client.query<{ relations: number; tables: number }>(
    `SELECT count(*)::int AS relations, (count(*) FILTER (WHERE relkind IN ('r', 'p')))::int AS tables
     FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p', 'v', 'm', 'S')`,
  );
  return { ...rows[0], files: await storage.list() };
}

/**
 * Replaces whatever rows the migrations inserted with the archive's rows. Foreign keys are dropped for the load
 * and added back after it (which checks every reference), so table order and reference cycles do not matter and
 * no superuser setting is needed.
 */
async function loadTables(client: pg.ClientBase, manifest: Manifest, staging: string) {
  const present = new Set((await listTables(client)).map((t) => t.name));
  const archived = new Set(manifest.tables.map((t) => t.name));
  const differ = [...present].filter((t) => !archived.has(t)).concat([...archived].filter((t) => !present.has(t)));
  if (differ.length > 0) {
    throw new BackupError(
      'INVALID_ARCHIVE',
      `The archive's tables do not match the schema of its migrations (${differ.join(', ')}).`,
    );
  }
  // the roll-up triggers (migration 0022) stay quiet during the load; the roll-ups are rebuilt from the rows after it
  await client.query(`SELECT set_config('gmao.rollups_off', 'on', false)`);
  // and so do the list cache's (0036): its counters are loaded as archived (restoreBackup moves them on after)
  await client.query(`SELECT set_config('gmao.list_cache_off', 'on', false)`);
  await client.query(`TRUNCATE ${[...present].map(quoteIdent).join(', ')}`);
  const { rows: foreignKeys } = await client.query<{ tbl: string; name: string; def: string }>(
    `SELECT conrelid::regclass::text AS tbl, conname::text AS name, pg_get_constraintdef(oid) AS def
     FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace ORDER BY conrelid, conname`,
  );
  for (const fk of foreignKeys) await client.query(`ALTER TABLE ${fk.tbl} DROP CONSTRAINT ${quoteIdent(fk.name)}`);
  for (const table of manifest.tables) {
    const copy = client.query(from(copyInSql(table.name, table.columns)));
    await pipeline(createReadStream(join(staging, table.file)), copy);
    if (copy.rowCount !== table.rows) {
      throw new BackupError(
        'VERIFICATION_FAILED',
        `${table.name}: ${copy.rowCount} rows loaded, the manifest says ${table.rows}.`,
      );
    }
  }
  for (const fk of foreignKeys) {
    await client.query(`ALTER TABLE ${fk.tbl} ADD CONSTRAINT ${quoteIdent(fk.name)} ${fk.def}`);
  }
  await resetSequences(client);
  await client.query('SELECT rollup_rebuild()');
  await client.query(`SELECT set_config('gmao.rollups_off', '', false)`);
  await client.query(`SELECT set_config('gmao.list_cache_off', '', false)`);
}

/** The version of the interventions list's data (modules/interventions/list-cache.ts), when the schema has one. */
async function listCacheVersion(client: pg.ClientBase): Promise<number | null> {
  const { rows: exists } = await client.query(`SELECT to_regclass('list_cache_versions') IS NOT NULL AS e`);
  if (!exists[0].e) return null;
  const { rows } = await client.query<{ v: string }>('SELECT coalesce(sum(n), 0)::text AS v FROM list_cache_versions');
  return Number(rows[0].v);
}

/** Every sequence owned by a column (serial, identity) continues after the column's largest value. */
async function resetSequences(client: pg.ClientBase) {
  const { rows } = await client.query<{ seq: string; tbl: string; col: string }>(`
    SELECT s.oid::regclass::text AS seq, t.oid::regclass::text AS tbl, a.attname::text AS col
    FROM pg_class s
    JOIN pg_depend d ON d.objid = s.oid AND d.classid = 'pg_class'::regclass
      AND d.refclassid = 'pg_class'::regclass AND d.deptype IN ('a', 'i')
    JOIN pg_class t ON t.oid = d.refobjid
    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = d.refobjsubid
    WHERE s.relkind = 'S' AND s.relnamespace = 'public'::regnamespace`);
  for (const r of rows) {
    await client.query(
      `SELECT CASE WHEN m IS NULL THEN setval($1::regclass, 1, false) ELSE setval($1::regclass, m, true) END
       FROM (SELECT max(${quoteIdent(r.col)})::bigint AS m FROM ${r.tbl}) AS x`,
      [r.seq],
    );
  }
}

/** Reads every table back as a backup would and compares its row count and sha256 with the manifest. */
async function verifyTables(client: pg.ClientBase, manifest: Manifest) {
  const tables = new Map((await listTables(client)).map((t) => [t.name, t]));
  for (const expected of manifest.tables) {
    const table = tables.get(expected.name);
    if (!table) throw new BackupError('VERIFICATION_FAILED', `${expected.name}: missing after the load.`);
    const got = await copyTableOut(client, { ...table, columns: expected.columns });
    if (got.rows !== expected.rows || got.sha256 !== expected.sha256) {
      throw new BackupError(
        'VERIFICATION_FAILED',
        `${expected.name}: the restored rows differ from the archive (${got.rows} rows, ${expected.rows} expected).`,
      );
    }
  }
}
