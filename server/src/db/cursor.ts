import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { DbOrTx } from './database.ts';

const dialect = new PgDialect({ casing: 'snake_case' });

/** The pool behind a drizzle database (node-postgres driver). */
function poolOf(db: DbOrTx): pg.Pool {
  const pool = (db as unknown as { $client?: pg.Pool }).$client;
  if (!pool || typeof pool.connect !== 'function') throw new Error('cursorRows needs the database, not a transaction');
  return pool;
}

/**
 * Every row of `query` through ONE server-side cursor (issue 16: exports stream instead of running page queries):
 * a dedicated connection, a read-only transaction, DECLARE … NO SCROLL CURSOR, then FETCH `batch` rows at a time as
 * the consumer asks for them — memory holds one batch, the query is planned and run once. Closing the iterator early
 * (a client that goes away) rolls the transaction back and releases the connection.
 */
export async function* cursorRows<R>(db: DbOrTx, query: SQL, batch = 5000): AsyncGenerator<R> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  const client = await poolOf(db).connect();
  let open = false;
  try {
    await client.query('BEGIN READ ONLY');
    open = true;
    await client.query(`DECLARE rows_cursor NO SCROLL CURSOR FOR ${text}`, params);
    for (;;) {
      const { rows } = await client.query(`FETCH ${batch} FROM rows_cursor`);
      yield* rows as R[];
      if (rows.length < batch) break;
    }
    await client.query('COMMIT');
    open = false;
  } finally {
    if (open) await client.query('ROLLBACK').catch(() => undefined);
    client.release();
  }
}
