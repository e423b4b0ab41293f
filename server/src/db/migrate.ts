import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';

/** Arbitrary constant: the advisory lock that serialises migrations across concurrently starting instances. */
export const MIGRATION_LOCK = 725_104_201;

export function migrationsDir(): string {
  // dist/main.js is bundled next to a copied migrations folder; in source the folder sits beside this file.
  const here = dirname(fileURLToPath(import.meta.url));
  return process.env.GMAO_MIGRATIONS_DIR ?? join(here, 'migrations');
}

export const SCHEMA_MIGRATIONS_DDL =
  'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())';

/** The migration files of this build, in the order they apply. */
export function migrationFiles(dir = migrationsDir()): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
}

/** Runs one migration's statements on `client` (inside the caller's transaction), without recording it. */
export async function runMigrationStatements(client: pg.ClientBase, file: string, dir = migrationsDir()) {
  const statements = readFileSync(join(dir, file), 'utf8')
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const statement of statements) await client.query(statement);
}

/**
 * Applies every committed SQL migration not yet recorded, in file-name order, each in its own transaction,
 * under an advisory lock so that concurrent starts are safe.
 */
export async function migrate(pool: pg.Pool, dir = migrationsDir()): Promise<string[]> {
  const client = await pool.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await client.query(SCHEMA_MIGRATIONS_DDL);
    const done = new Set(
      (await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
    );
    for (const file of migrationFiles(dir)) {
      if (done.has(file)) continue;
      await client.query('BEGIN');
      try {
        await runMigrationStatements(client, file, dir);
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [file]);
        await client.query('COMMIT');
        applied.push(file);
      } catch (err) {
        await client.query('ROLLBACK');
        throw new Error(`Migration ${file} failed: ${(err as Error).message}`);
      }
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
  return applied;
}
