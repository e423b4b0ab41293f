import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './database.ts';

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * `query` as a named prepared statement: each connection parses it once, and after five runs PostgreSQL keeps the
 * generic plan when it costs no more than the custom ones — no planning per request. Only for a query whose text
 * never changes (values are parameters) and whose plan does not depend on them; `name` must be unique to that text.
 * Same rows as db.execute (drizzle's own type parsers).
 */
export function executeNamed<R>(db: DbOrTx, name: string, query: SQL): Promise<{ rows: R[] }> {
  return db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false).execute() as Promise<{
    rows: R[];
  }>;
}
