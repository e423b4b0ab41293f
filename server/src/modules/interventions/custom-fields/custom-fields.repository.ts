import type { CustomField, CustomFieldInput, CustomValues } from '@gmao/domain/custom-fields/custom-field-schemas';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database.ts';

type Row = Omit<CustomField, 'options'> & { options: string[] };

const COLUMNS = sql`id, cle, libelle, type, unite, options, obligatoire, type_equipement, position, actif`;

export async function listDefinitions(db: DbOrTx, f: { type_equipement?: string; actif: 'true' | 'all' }) {
  const active = f.actif === 'true' ? sql`actif` : sql`true`;
  const type = f.type_equipement ? sql`(type_equipement IS NULL OR type_equipement = ${f.type_equipement})` : sql`true`;
  const { rows } = await db.execute<Row>(
    sql`SELECT ${COLUMNS} FROM custom_field_definitions WHERE ${active} AND ${type} ORDER BY position, id`,
  );
  return rows as CustomField[];
}

export async function findDefinition(db: DbOrTx, id: number): Promise<CustomField | null> {
  const { rows } = await db.execute<Row>(sql`SELECT ${COLUMNS} FROM custom_field_definitions WHERE id = ${id}`);
  return (rows[0] as CustomField | undefined) ?? null;
}

export async function findDefinitionByKey(db: DbOrTx, cle: string): Promise<CustomField | null> {
  const { rows } = await db.execute<Row>(sql`SELECT ${COLUMNS} FROM custom_field_definitions WHERE cle = ${cle}`);
  return (rows[0] as CustomField | undefined) ?? null;
}

export async function keyTaken(db: DbOrTx, cle: string, exceptId: number | null) {
  const { rows } = await db.execute(
    sql`SELECT 1 FROM custom_field_definitions WHERE cle = ${cle} AND id IS DISTINCT FROM ${exceptId}`,
  );
  return rows.length > 0;
}

export async function insertDefinition(db: DbOrTx, d: CustomFieldInput): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO custom_field_definitions (cle, libelle, type, unite, options, obligatoire, type_equipement, position, actif)
    VALUES (${d.cle}, ${d.libelle}, ${d.type}, ${d.unite}, ${JSON.stringify(d.options)}::jsonb, ${d.obligatoire},
            ${d.type_equipement}, ${d.position}, ${d.actif})
    RETURNING id`);
  return rows[0]!.id;
}

/** The key and the type never change once values may exist under them (they are part of the stored data). */
export async function updateDefinition(db: DbOrTx, id: number, d: CustomFieldInput): Promise<boolean> {
  const res = await db.execute(sql`
    UPDATE custom_field_definitions SET libelle = ${d.libelle}, unite = ${d.unite},
      options = ${JSON.stringify(d.options)}::jsonb, obligatoire = ${d.obligatoire}, type_equipement = ${d.type_equipement},
      position = ${d.position}, actif = ${d.actif}, updated_at = now()
    WHERE id = ${id}`);
  return (res.rowCount ?? 0) > 0;
}

export async function deleteDefinition(db: DbOrTx, id: number): Promise<boolean> {
  const res = await db.execute(sql`DELETE FROM custom_field_definitions WHERE id = ${id}`);
  return (res.rowCount ?? 0) > 0;
}

/** How many interventions hold a value under this key (deleting the definition keeps them, hidden). */
export async function countValues(db: DbOrTx, cle: string): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM interventions WHERE custom_fields ? ${cle}`,
  );
  return rows[0]?.n ?? 0;
}

export async function interventionCustomState(db: DbOrTx, id: number) {
  const { rows } = await db.execute<{ type_equipement: string | null; custom_fields: CustomValues }>(sql`
    SELECT e.type_equipement, i.custom_fields FROM interventions i JOIN equipements e ON e.id = i.equipement_id
    WHERE i.id = ${id}`);
  return rows[0] ?? null;
}

export async function writeCustomValues(db: DbOrTx, id: number, values: CustomValues) {
  await db.execute(
    sql`UPDATE interventions SET custom_fields = ${JSON.stringify(values)}::jsonb, updated_at = now() WHERE id = ${id}`,
  );
}
