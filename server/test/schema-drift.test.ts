import { getTableName, is, Table } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

/**
 * The SQL migrations are the source of the schema; db/schema.ts is the typed mirror drizzle queries use. This test
 * compares the two on the migrated test database, both ways: every table and column (name, type, nullability) of
 * schema.ts must exist in information_schema exactly so, and every table and column there must be in schema.ts.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Column = { type: string; nullable: boolean };
type Tables = Record<string, Record<string, Column>>;

/** drizzle's SQL type in information_schema's words: serial → integer, varchar(n) → character varying(n)… */
export function normaliseType(sqlType: string): string {
  const t = sqlType.toLowerCase().replace(/\s*,\s*/g, ',');
  if (t === 'serial') return 'integer';
  if (t === 'bigserial') return 'bigint';
  const varchar = t.match(/^varchar\((\d+)\)$/);
  if (varchar) return `character varying(${varchar[1]})`;
  if (t === 'timestamp') return 'timestamp without time zone';
  return t;
}

function fromSchema(): Tables {
  const tables: Tables = {};
  for (const value of Object.values(schema)) {
    if (!is(value, Table)) continue;
    const config = getTableConfig(value as PgTable);
    tables[getTableName(value)] = Object.fromEntries(
      config.columns.map((c) => [c.name, { type: normaliseType(c.getSQLType()), nullable: !c.notNull }]),
    );
  }
  return tables;
}

async function fromDatabase(): Promise<Tables> {
  const { rows } = await t.database.pool.query<{
    table_name: string;
    column_name: string;
    data_type: string;
    character_maximum_length: number | null;
    numeric_precision: number | null;
    numeric_scale: number | null;
    is_nullable: 'YES' | 'NO';
    udt_name: string;
  }>(`SELECT c.table_name, c.column_name, c.data_type, c.character_maximum_length, c.numeric_precision,
             c.numeric_scale, c.is_nullable, c.udt_name
      FROM information_schema.columns c
      JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
      WHERE c.table_schema = 'public' AND tb.table_type = 'BASE TABLE'
      ORDER BY c.table_name, c.ordinal_position`);
  const tables: Tables = {};
  for (const r of rows) {
    let type = r.data_type;
    // Arrays (parts.fournisseurs, migration 0024): information_schema says ARRAY, the element type is udt_name '_text'.
    if (type === 'ARRAY') type = `${r.udt_name.replace(/^_/, '')}[]`;
    if (type === 'character varying' && r.character_maximum_length !== null) type += `(${r.character_maximum_length})`;
    if (type === 'numeric' && r.numeric_precision !== null) type += `(${r.numeric_precision},${r.numeric_scale})`;
    tables[r.table_name] ??= {};
    tables[r.table_name][r.column_name] = { type, nullable: r.is_nullable === 'YES' };
  }
  return tables;
}

/** Every difference as one readable line. */
export function drift(declared: Tables, actual: Tables): string[] {
  const lines: string[] = [];
  for (const table of new Set([...Object.keys(declared), ...Object.keys(actual)])) {
    const d = declared[table];
    const a = actual[table];
    if (!a) lines.push(`${table}: in schema.ts, not in the database`);
    else if (!d) lines.push(`${table}: in the database, not in schema.ts`);
    else
      for (const column of new Set([...Object.keys(d), ...Object.keys(a)])) {
        const dc = d[column];
        const ac = a[column];
        if (!ac) lines.push(`${table}.${column}: in schema.ts, not in the database`);
        else if (!dc) lines.push(`${table}.${column}: in the database, not in schema.ts`);
        else if (dc.type !== ac.type) lines.push(`${table}.${column}: schema.ts ${dc.type}, database ${ac.type}`);
        else if (dc.nullable !== ac.nullable)
          lines.push(
            `${table}.${column}: schema.ts ${dc.nullable ? 'NULL' : 'NOT NULL'}, database ${ac.nullable ? 'NULL' : 'NOT NULL'}`,
          );
      }
  }
  return lines;
}

describe('db/schema.ts mirrors the migrated database', () => {
  it('has every table and column, with its type and nullability, and nothing more', async () => {
    const lines = drift(fromSchema(), await fromDatabase());
    expect(lines, `schema drift:\n  ${lines.join('\n  ')}`).toEqual([]);
  });

  it('reports a missing table, a missing column, a type and a nullability difference (planted)', async () => {
    const actual = await fromDatabase();
    const declared = structuredClone(fromSchema());
    declared.ghost = { id: { type: 'integer', nullable: false } };
    declared.clients.fantome = { type: 'text', nullable: true };
    declared.clients.ville = { type: 'text', nullable: true };
    declared.interventions.statut = { ...declared.interventions.statut, nullable: true };
    delete declared.roles;
    delete declared.users.nom;
    expect(drift(declared, actual).sort()).toEqual(
      [
        'clients.fantome: in schema.ts, not in the database',
        'clients.ville: schema.ts text, database character varying(100)',
        'ghost: in schema.ts, not in the database',
        'interventions.statut: schema.ts NULL, database NOT NULL',
        'roles: in the database, not in schema.ts',
        'users.nom: in the database, not in schema.ts',
      ].sort(),
    );
  });
});
