import type pg from 'pg';

/** One round trip to the database (throws when it does not answer). */
export async function ping(pool: pg.Pool): Promise<void> {
  await pool.query('SELECT 1');
}

/** Names of the migrations recorded as applied. */
export async function appliedMigrations(pool: pg.Pool): Promise<Set<string>> {
  const { rows } = await pool.query<{ name: string }>('SELECT name FROM schema_migrations');
  return new Set(rows.map((r) => r.name));
}
