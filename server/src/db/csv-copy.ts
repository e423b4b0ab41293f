import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EQUIPMENT_TYPE_LABELS } from '@gmao/domain/equipment/equipment-types';
import { STATUT_LABELS } from '@gmao/domain/interventions/status';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { DbOrTx } from './database.ts';

/**
 * The one CSV streaming path of the product's exports (the period report's CSV, the interventions list's « Exporter »):
 * PostgreSQL writes the file itself, `COPY (SELECT …) TO STDOUT` in CSV format, every value already formatted in SQL
 * by the helpers below — French dates and decimals, labels, 'Oui'/'Non' — so Node only forwards the bytes COPY sends
 * in chunks (issue 16, issue 29: ≥ 100 k rows/s, memory flat). The files are those csv-stringify wrote before: UTF-8
 * BOM, ';', the French header, empty cells unquoted, a cell quoted only when it holds ';', '"' or a line break, and
 * every text cell neutralised against CSV injection as `neutraliseCsvCell` (domain/common/csv.ts) does.
 */

const dialect = new PgDialect({ casing: 'snake_case' });

/** neutraliseCsvCell in SQL: a text starting with = + - @ TAB or CR, unless a plain number, gets an apostrophe. */
const neutralised = (value: SQL): SQL =>
  sql`(CASE WHEN left(${value}, 1) IN ('=', '+', '-', '@', chr(9), chr(13))
             AND ${value} !~ '^[+-]?[0-9]+([.,][0-9]+)?$' THEN '''' || ${value} ELSE ${value} END)`;

/** A text cell: neutralised, and an empty text as NULL (COPY writes NULL as an empty unquoted cell, '' as ""). */
export const csvCell = (value: SQL): SQL => sql`NULLIF(${neutralised(value)}, '')`;

/** Number(v).toFixed(digits) with a comma (lib/csv.ts frDecimal). */
export const csvDecimal = (value: SQL, digits: number): SQL =>
  sql`replace(round((${value})::numeric, ${sql.raw(String(digits))})::text, '.', ',')`;

/** 'DD/MM/YYYY' of a DATE column (frDate). */
export const csvDate = (value: SQL): SQL => sql`to_char(${value}, 'DD/MM/YYYY')`;

/** 'DD/MM/YYYY HH:MM' in the server's time zone, as Intl fr-FR writes it (frDateTime). */
export const csvDateTime = (value: SQL, timeZone: string): SQL =>
  sql`to_char((${value}) AT TIME ZONE ${timeZone}, 'DD/MM/YYYY HH24:MI')`;

/** statutLabel(i.statut). */
export const csvStatutLabel = sql`CASE i.statut ${sql.join(
  Object.entries(STATUT_LABELS).map(([k, label]) => sql`WHEN ${k} THEN ${label}`),
  sql` `,
)} ELSE i.statut END`;

/** equipmentTypeLabel (domain/analytics): underscores as spaces, 'Non renseigné' when there is none. */
export const csvEquipmentType = (value: SQL): SQL =>
  sql`CASE ${value} ${sql.join(
    Object.entries(EQUIPMENT_TYPE_LABELS).map(([k, label]) => sql`WHEN ${k} THEN ${label}`),
    sql` `,
  )} ELSE COALESCE(replace(NULLIF(${value}, ''), '_', ' '), 'Non renseigné') END`;

/**
 * Intl.NumberFormat('fr-FR', { maximumFractionDigits: 3 }) of a decimal text: rounded half away from zero, groups of
 * three digits split by a narrow no-break space (U+202F), a comma, no trailing zeros, '-0' for a negative that rounds
 * to zero; 'NaN' for a text that is no number (Number('abc')).
 */
export const csvFrNumber = (text: SQL): SQL => sql`(SELECT CASE
    WHEN t !~ '^\\s*[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([eE][+-]?[0-9]+)?\\s*$' THEN 'NaN'
    ELSE (SELECT (CASE WHEN n < 0 OR (r = 0 AND t ~ '^\\s*-') THEN '-' ELSE '' END)
           || regexp_replace(trunc(abs(r))::text, '([0-9])(?=([0-9]{3})+$)', '\\1' || chr(8239), 'g')
           || COALESCE(',' || NULLIF(rtrim(split_part(abs(r)::text, '.', 2), '0'), ''), '')
          FROM (SELECT t::numeric AS n, round(t::numeric, 3) AS r) x)
    END FROM (SELECT ${text} AS t) v)`;

/** COPY takes no bind parameters: the (validated) filter values are written as literals, escaped by the driver. */
function inline(client: pg.PoolClient, query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)\b/g, (_m, n: string) => {
    const p = params[Number(n) - 1];
    if (typeof p === 'number' && Number.isFinite(p)) return String(p);
    if (typeof p === 'string') return client.escapeLiteral(p);
    if (typeof p === 'boolean') return p ? 'true' : 'false';
    // an id list (the visibility's sections, db/visibility.ts): an array literal of integers
    if (Array.isArray(p) && p.every((v) => Number.isSafeInteger(v))) return `'{${p.join(',')}}'`;
    throw new Error(`CSV export: cannot inline a parameter of type ${typeof p}`);
  });
}

function poolOf(db: DbOrTx): pg.Pool {
  const pool = (db as unknown as { $client?: pg.Pool }).$client;
  if (!pool || typeof pool.connect !== 'function')
    throw new Error('a CSV export needs the database, not a transaction');
  return pool;
}

/**
 * The sort of a year (or of the whole history) stays in memory instead of spilling to disk, in each parallel worker:
 * at 64 MB the leader and both workers spilled ~56 MB each for the list's 970,000 rows (1 M-row bench), and EXPLAIN
 * ANALYZE took 10.8–12.0 s against 8.5–9.5 s at 160 MB (same minutes, loaded machine). Walking the (date, id) index
 * instead of sorting took 17 s (a nested loop per row).
 */
const EXPORT_WORK_MEM = '160MB';

/**
 * `query`'s rows as a CSV byte stream (BOM, the `headers` line, then what COPY writes) on one dedicated connection,
 * in a read-only transaction. A client that goes away destroys the stream, which ends the COPY; the connection is
 * then discarded rather than returned mid-COPY to the pool.
 */
export function csvCopyStream(db: DbOrTx, headers: readonly string[], query: SQL): Readable {
  const out = new PassThrough();
  out.write(`\uFEFF${headers.join(';')}\n`);
  void (async () => {
    let client: pg.PoolClient | undefined;
    try {
      client = await poolOf(db).connect();
      // SET LOCAL: the pool's connection is left as it was found.
      await client.query('BEGIN READ ONLY');
      await client.query(`SET LOCAL work_mem = '${EXPORT_WORK_MEM}'`);
      const copy = client.query(copyTo(`COPY (${inline(client, query)}) TO STDOUT WITH (FORMAT csv, DELIMITER ';')`));
      await pipeline(copy, out);
      await client.query('COMMIT');
      client.release();
    } catch (err) {
      client?.release(err instanceof Error ? err : true);
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    }
  })();
  return out;
}

/** The server's time zone, in which both exports write their times (as Intl did in Node). */
export const serverTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
