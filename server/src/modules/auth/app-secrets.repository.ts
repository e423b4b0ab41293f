import type pg from 'pg';

/** Stores `value` under `name` unless a value is already there (the first instance to insert wins). */
export async function insertSecretIfAbsent(pool: pg.Pool, name: string, value: string): Promise<void> {
  await pool.query('INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [
    name,
    value,
  ]);
}

export async function readSecret(pool: pg.Pool, name: string): Promise<string | null> {
  const { rows } = await pool.query<{ value: string }>('SELECT value FROM app_secrets WHERE name = $1', [name]);
  return rows[0]?.value ?? null;
}
