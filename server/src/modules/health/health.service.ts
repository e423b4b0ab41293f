import { readdirSync } from 'node:fs';
import type pg from 'pg';
import { migrationsDir } from '../../db/migrate.ts';
import { appliedMigrations, ping } from './health.repository.ts';

/** Liveness of the database: one round trip. */
export async function databaseReachable(pool: pg.Pool): Promise<boolean> {
  try {
    await ping(pool);
    return true;
  } catch {
    return false;
  }
}

/**
 * Readiness: the database answers and every migration this build ships is applied (an instance started by a newer
 * build elsewhere may have applied more; that is fine). Returns the missing migration names.
 */
export async function pendingMigrations(pool: pg.Pool, dir = migrationsDir()): Promise<string[]> {
  const shipped = readdirSync(dir).filter((f) => f.endsWith('.sql'));
  const applied = await appliedMigrations(pool);
  return shipped.filter((f) => !applied.has(f)).sort();
}
