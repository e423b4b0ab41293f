import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type pg from 'pg';
import type { Manifest } from '../../src/ops/manifest.ts';

// What the backup tests compare between a source and a restored database, computed with plain SQL.

export interface Fingerprint {
  rows: number;
  md5: string;
}

/**
 * Computed with plain SQL, independently of the COPY code under test. The list cache's counters (migration 0036) are
 * compared by their rows only: every write moves them, the load's included, and a restore puts them past the version
 * before it (restore.ts).
 */
export async function fingerprint(pool: pg.Pool): Promise<Record<string, Fingerprint>> {
  const { rows: tables } = await pool.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
  );
  const result: Record<string, Fingerprint> = {};
  for (const { name } of tables) {
    const row = name === 'list_cache_versions' ? 'r.shard::text' : 'r::text';
    const { rows } = await pool.query<Fingerprint>(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(${row}, E'\\n' ORDER BY ${row} COLLATE "C"), '')) AS md5
       FROM "${name}" AS r`,
    );
    result[name] = rows[0];
  }
  return result;
}

/** Constraints and indexes, so that a restore that loses a foreign key or an index shows. */
export async function schemaOf(pool: pg.Pool): Promise<string[]> {
  const { rows } = await pool.query<{ def: string }>(
    `SELECT conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) AS def
     FROM pg_constraint WHERE connamespace = 'public'::regnamespace
     UNION ALL SELECT indexdef FROM pg_indexes WHERE schemaname = 'public'
     ORDER BY 1`,
  );
  return rows.map((r) => r.def);
}

export const tableCount = async (pool: pg.Pool) =>
  (await pool.query<{ n: number }>("SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'")).rows[0].n;

/** Rewrites an unpacked archive's manifest (the tampering tests). */
export async function editManifest(folder: string, edit: (m: Manifest) => void) {
  const path = join(folder, 'manifest.json');
  const m = JSON.parse(await readFile(path, 'utf8')) as Manifest;
  edit(m);
  await writeFile(path, JSON.stringify(m));
}
