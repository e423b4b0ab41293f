import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { EQUIPMENT_TYPE_LABELS } from '@gmao/domain/equipment/equipment-types';
import { STATUT_LABELS } from '@gmao/domain/interventions/status';
import { REPORT_CSV_COLUMNS, type ReportFilter } from '@gmao/domain/reports/report-schemas';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { DbOrTx } from '../../db/database.ts';
import { waitSecondsOf } from '../../db/rollups-sql.ts';
import { reportWhere } from './reports.repository.ts';

/**
 * The period CSV written by PostgreSQL itself (issue 16: ≥ 100 k rows/s): `COPY (SELECT …) TO STDOUT` in CSV format
 * with every value already formatted in SQL — French dates and decimals, status and type labels, 'Oui'/'Non' — so
 * Node only forwards bytes. The file is the one the csv-stringify export wrote: UTF-8 BOM, ';', the French header,
 * empty cells unquoted, and every text cell neutralised against CSV injection the way `neutraliseCsvCell`
 * (domain/common/csv.ts) does. The start, finish, repair and wait times come from the intervention's facts row
 * (migrations 0022, 0026, 0033: kept by triggers in the writing transaction), not from an aggregate of the status
 * history: at five years of history that aggregate was most of the export's time.
 */

const dialect = new PgDialect({ casing: 'snake_case' });

/** neutraliseCsvCell in SQL: a text starting with = + - @ TAB or CR, unless a plain number, gets an apostrophe. */
const neutralised = (value: SQL): SQL =>
  sql`(CASE WHEN left(${value}, 1) IN ('=', '+', '-', '@', chr(9), chr(13))
             AND ${value} !~ '^[+-]?[0-9]+([.,][0-9]+)?$' THEN '''' || ${value} ELSE ${value} END)`;

/** An empty text as NULL: COPY writes NULL as an empty unquoted cell (an empty string would be written ""). */
const cell = (value: SQL): SQL => sql`NULLIF(${neutralised(value)}, '')`;

/** Number(v).toFixed(digits) with a comma (frDecimal). */
const frDecimal = (value: SQL, digits: number): SQL =>
  sql`replace(round((${value})::numeric, ${sql.raw(String(digits))})::text, '.', ',')`;

/** 'DD/MM/YYYY HH:MM' in the server's time zone, as Intl fr-FR writes it (frDateTime). */
const frDateTime = (value: SQL, timeZone: string): SQL =>
  sql`to_char((${value}) AT TIME ZONE ${timeZone}, 'DD/MM/YYYY HH24:MI')`;

const statutLabel = sql`CASE i.statut ${sql.join(
  Object.entries(STATUT_LABELS).map(([k, label]) => sql`WHEN ${k} THEN ${label}`),
  sql` `,
)} ELSE i.statut END`;

/** equipmentTypeLabel in SQL: the French label of a known code, an unknown one with spaces, 'Non renseigné'. */
const typeLabel = sql`CASE e.type_equipement ${sql.join(
  Object.entries(EQUIPMENT_TYPE_LABELS).map(([k, label]) => sql`WHEN ${k} THEN ${label}`),
  sql` `,
)} ELSE COALESCE(replace(NULLIF(e.type_equipement, ''), '_', ' '), 'Non renseigné') END`;

export function reportCsvQuery(f: ReportFilter, timeZone: string): SQL {
  return sql`
    SELECT i.id, to_char(i.date, 'DD/MM/YYYY'), ${cell(sql`c.nom_entreprise`)}, ${cell(sql`e.nom`)},
           ${cell(typeLabel)},
           ${cell(statutLabel)}, CASE WHEN i.urgence THEN 'Oui' ELSE 'Non' END,
           ${cell(sql`u.nom`)}, ${cell(sql`i.description`)},
           ${frDateTime(sql`fx.started_at`, timeZone)}, ${frDateTime(sql`fx.finished_at`, timeZone)},
           ${frDecimal(sql`fx.repair_s / 3600`, 1)},
           ${frDecimal(sql`NULLIF(${waitSecondsOf('fx')}, 0) / 3600`, 1)},
           ${frDecimal(sql`e.cout`, 2)}
    FROM interventions i
    JOIN equipements e ON e.id = i.equipement_id
    JOIN clients c ON c.id = i.client_id
    LEFT JOIN users u ON u.id = i.technician_id
    LEFT JOIN intervention_facts fx ON fx.intervention_id = i.id
    WHERE ${reportWhere(f)}
    ORDER BY i.date, i.id`;
}

/** COPY takes no bind parameters: the (validated) filter values are written as literals, escaped by the driver. */
function inline(client: pg.PoolClient, query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)\b/g, (_m, n: string) => {
    const p = params[Number(n) - 1];
    if (typeof p === 'number' && Number.isFinite(p)) return String(p);
    if (typeof p === 'string') return client.escapeLiteral(p);
    throw new Error(`report CSV: cannot inline a parameter of type ${typeof p}`);
  });
}

function poolOf(db: DbOrTx): pg.Pool {
  const pool = (db as unknown as { $client?: pg.Pool }).$client;
  if (!pool || typeof pool.connect !== 'function')
    throw new Error('the report CSV needs the database, not a transaction');
  return pool;
}

const EXPORT_WORK_MEM = '64MB';
const HEADER = `\uFEFF${REPORT_CSV_COLUMNS.map(([, h]) => h).join(';')}\n`;

/**
 * The report as a CSV byte stream on one dedicated connection. A client that goes away destroys the stream, which
 * ends the COPY; the connection is then discarded rather than returned mid-COPY to the pool.
 */
export function reportCsvStream(db: DbOrTx, f: ReportFilter): Readable {
  const out = new PassThrough();
  out.write(HEADER);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  void (async () => {
    let client: pg.PoolClient | undefined;
    try {
      client = await poolOf(db).connect();
      // The year's sort and the history aggregate fit in memory instead of spilling to disk (SET LOCAL: the pool's
      // connection is left as it was found).
      await client.query('BEGIN READ ONLY');
      await client.query(`SET LOCAL work_mem = '${EXPORT_WORK_MEM}'`);
      const copy = client.query(
        copyTo(`COPY (${inline(client, reportCsvQuery(f, timeZone))}) TO STDOUT WITH (FORMAT csv, DELIMITER ';')`),
      );
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
