import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema.ts';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle has the same query API as the database. */
export type DbOrTx = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

// NUMERIC stays a string (exact decimals); BIGINT counts become numbers (they stay far below 2^53 here).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
// DATE columns stay 'YYYY-MM-DD' strings, never shifted by the server's time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export interface Database {
  pool: pg.Pool;
  db: Db;
  close(): Promise<void>;
}

export function openDatabase(url: string, opts: { max?: number; onError?: (err: Error) => void } = {}): Database {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10, connectionTimeoutMillis: 10_000 });
  // An idle client losing its connection (database restart, shutdown) must not crash the process.
  pool.on('error', (err) => opts.onError?.(err));
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { pool, db, close: () => pool.end() };
}
