import { createHash } from 'node:crypto';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { to } from 'pg-copy-streams';

/**
 * The table data of a backup: COPY text format (portable across PostgreSQL versions), rows in primary-key order,
 * so the same rows give the same bytes and so the same sha256 on any server, before and after a restore.
 */

export interface TableInfo {
  name: string;
  /** Stored columns in attribute order (generated columns are recomputed, never copied). */
  columns: string[];
  /**
   * The ORDER BY of its rows: the primary key (text compared byte-wise, so that two servers with other collations
   * agree), else the whole row as text.
   */
  orderBy: string;
}

/**
 * Output settings that change COPY text; pinned for the transaction (SET LOCAL) so a pool connection is left as
 * it was found.
 */
export async function pinCopySettings(client: pg.ClientBase) {
  for (const setting of [
    "SET LOCAL TimeZone = 'UTC'",
    "SET LOCAL DateStyle = 'ISO, YMD'",
    "SET LOCAL IntervalStyle = 'postgres'",
    'SET LOCAL extra_float_digits = 3',
    "SET LOCAL bytea_output = 'hex'",
  ]) {
    await client.query(setting);
  }
}

/** Ordinary tables of the public schema (schema_migrations included), by name. */
export async function listTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const { rows } = await client.query<{ name: string; columns: string[]; pk: string[] | null; collatable: boolean[] }>(`
    SELECT c.relname::text AS name,
      (SELECT array_agg(a.attname::text ORDER BY a.attnum) FROM pg_attribute a
        WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '') AS columns,
      pk.names AS pk, pk.collatable
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    LEFT JOIN LATERAL (
      SELECT array_agg(a.attname::text ORDER BY k.ord) AS names, array_agg(a.attcollation <> 0 ORDER BY k.ord) AS collatable
      FROM pg_index i
      CROSS JOIN LATERAL unnest(i.indkey::int2[]) WITH ORDINALITY AS k(attnum, ord)
      JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
      WHERE i.indrelid = c.oid AND i.indisprimary
    ) pk ON true
    WHERE n.nspname = 'public' AND c.relkind = 'r' AND NOT c.relispartition
    ORDER BY c.relname`);
  return rows.map((r) => ({
    name: r.name,
    columns: r.columns ?? [],
    orderBy: r.pk
      ? r.pk.map((col, i) => `${quoteIdent(col)}${r.collatable[i] ? ' COLLATE "C"' : ''}`).join(', ')
      : 'r::text COLLATE "C"',
  }));
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
const columnList = (columns: readonly string[]) => columns.map(quoteIdent).join(', ');

/** The COPY … TO STDOUT statement of a table's rows in their canonical order. */
export function copyOutSql(table: TableInfo): string {
  return `COPY (SELECT ${columnList(table.columns)} FROM ${quoteIdent(table.name)} AS r ORDER BY ${table.orderBy}) TO STDOUT`;
}

export function copyInSql(name: string, columns: readonly string[]): string {
  return `COPY ${quoteIdent(name)} (${columnList(columns)}) FROM STDIN`;
}

/** Passes bytes through while hashing them. */
export function hashingStream() {
  const hash = createHash('sha256');
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  return { stream, digest: () => hash.digest('hex') };
}

/** A sink that drops what it is given (to hash a stream without keeping it). */
export const discard = () =>
  new Writable({
    write(_chunk, _enc, done) {
      done();
    },
  });

/** Streams a table's COPY text into `sink` (discarded when omitted); returns its row count and sha256. */
export async function copyTableOut(
  client: pg.ClientBase,
  table: TableInfo,
  sink: Writable = discard(),
): Promise<{ rows: number; sha256: string }> {
  const source = client.query(to(copyOutSql(table)));
  const hashing = hashingStream();
  await pipeline(source, hashing.stream, sink);
  return { rows: source.rowCount, sha256: hashing.digest() };
}
