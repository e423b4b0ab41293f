import { createHash } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './database.ts';

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * The statement texts given a name so far, at most MAX_NAMED: each connection keeps a parsed statement and its plan
 * per name, so a query built from many shapes must not name them all; past the cap a new text runs unnamed (planned
 * on each run, as db.execute does).
 */
const named = new Map<string, string>();
export const MAX_NAMED = 64;

/**
 * A row count written in a prepared statement's text (a LIMIT): part of the statement, so the planner plans for it.
 * Only for counts the code computes, never for a value from a request.
 */
export function literalCount(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`);
  return sql.raw(String(n));
}

/**
 * `query` as a named prepared statement, its name taken from its text: each connection parses it once, and after five
 * runs PostgreSQL keeps the generic plan when it costs no more than the custom ones — no planning per request. Only
 * for a text whose plan does not depend on its parameter values: a value the planner would estimate (a LIKE pattern,
 * an OFFSET) goes in a subquery, `(SELECT $n)`, which it does not read; a date range is not for here. Same rows as
 * db.execute (drizzle's own type parsers). The map of names is a cap, not shared state: every instance and every
 * connection prepares its own statements.
 */
export function executePrepared<R>(db: DbOrTx, query: SQL): Promise<{ rows: R[] }> {
  const compiled = dialect.sqlToQuery(query);
  let name = named.get(compiled.sql);
  if (!name && named.size < MAX_NAMED) {
    name = `q_${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 20)}`;
    named.set(compiled.sql, name);
  }
  return db._.session.prepareQuery(compiled, undefined, name, false).execute() as Promise<{ rows: R[] }>;
}
