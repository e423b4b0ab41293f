import { COMPANY_VISIBILITY, type Visibility } from '@gmao/domain/auth/visibility';
import type { SyncInfo } from '@gmao/domain/common/sync';
import type { Part, PartInput, PartListQuery, PartSupplier } from '@gmao/domain/stock/stock-schemas';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database.ts';
import { inOrder, syncPage } from '../../../db/sync-sql.ts';
import { locationVisible } from '../../../db/visibility.ts';
import { iso, num } from '../stock.repository.ts';

/** The parts catalogue and each part's photo. */

type PartRow = {
  id: number;
  reference: string;
  designation: string;
  famille: string | null;
  unite: string;
  prix_unitaire: string;
  seuil_reappro: string;
  quantite_reappro: string;
  fournisseurs: PartSupplier[];
  types_equipement: string[];
  on_hand: string;
  reserved: string;
  created_at: Date;
  updated_at: Date;
};

const SELECT_PART = sql`
  SELECT p.id, p.reference, p.designation, p.famille, p.unite, p.prix_unitaire::text, p.seuil_reappro::text,
         p.quantite_reappro::text, p.fournisseurs, p.types_equipement, p.created_at, p.updated_at,
         COALESCE(l.on_hand, 0)::text AS on_hand, COALESCE(l.reserved, 0)::text AS reserved
  FROM parts p
  LEFT JOIN LATERAL (SELECT sum(on_hand) AS on_hand, sum(reserved) AS reserved FROM stock_levels s
                     WHERE s.part_id = p.id) l ON true`;

function toPart(r: PartRow): Part {
  const onHand = num(r.on_hand);
  const reserved = num(r.reserved);
  const seuil = num(r.seuil_reappro);
  const available = onHand - reserved;
  return {
    id: r.id,
    reference: r.reference,
    designation: r.designation,
    famille: r.famille,
    unite: r.unite,
    prix_unitaire: num(r.prix_unitaire),
    seuil_reappro: seuil,
    quantite_reappro: num(r.quantite_reappro),
    fournisseurs: r.fournisseurs,
    types_equipement: r.types_equipement,
    on_hand: onHand,
    reserved,
    available,
    low_stock: seuil > 0 && available <= seuil,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

/** Same expression as parts_search_trgm_idx (migration 0024). */
const SEARCH_EXPR = sql`lower(p.reference || ' ' || p.designation || ' ' || coalesce(p.famille, ''))`;

function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function partWhereConditions(q: PartListQuery): SQL | null {
  const conditions: SQL[] = [];
  // Every word must appear (reference, designation or famille).
  for (const word of (q.search ?? '').split(/\s+/).filter(Boolean)) {
    conditions.push(sql`${SEARCH_EXPR} LIKE ${likePattern(word)}`);
  }
  if (q.famille) conditions.push(sql`p.famille = ${q.famille}`);
  return conditions.length > 0 ? sql.join(conditions, sql` AND `) : null;
}

function partWhere(q: PartListQuery): SQL {
  const conditions = partWhereConditions(q);
  return conditions ? sql`WHERE ${conditions}` : sql``;
}

/** Changes since (issue 35): the rows of the filter changed after `updated_since` / the cursor (db/sync-sql.ts). */
export async function partsChangedSince(db: DbOrTx, q: PartListQuery): Promise<{ rows: Part[]; sync: SyncInfo }> {
  const { ids, sync } = await syncPage(db, 'parts', 'p', partWhereConditions(q), q, q.limit);
  if (ids.length === 0) return { rows: [], sync };
  const { rows } = await db.execute<PartRow>(sql`${SELECT_PART} WHERE p.id = ANY(${sql.param(ids)}::int[])`);
  return { rows: inOrder(ids, rows).map(toPart), sync };
}

export async function listParts(db: DbOrTx, q: PartListQuery) {
  const where = partWhere(q);
  const [{ rows }, count] = await Promise.all([
    db.execute<PartRow>(sql`${SELECT_PART} ${where} ORDER BY p.reference, p.id
      LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`),
    db.execute<{ total: number }>(sql`SELECT count(*)::int AS total FROM parts p ${where}`),
  ]);
  return { rows: rows.map(toPart), total: count.rows[0]?.total ?? 0 };
}

export async function findPart(db: DbOrTx, id: number) {
  const { rows } = await db.execute<PartRow>(sql`${SELECT_PART} WHERE p.id = ${id}`);
  return rows[0] ? toPart(rows[0]) : null;
}

/** The part's levels in the locations `v` sees (a section-limited user: his section's, issue 33). */
export async function partStockByLocation(db: DbOrTx, partId: number, v: Visibility = COMPANY_VISIBILITY) {
  const { rows } = await db.execute<{
    location_id: number;
    location_nom: string;
    location_type: string;
    on_hand: string;
    reserved: string;
  }>(sql`SELECT s.location_id, l.nom AS location_nom, l.type AS location_type, s.on_hand::text, s.reserved::text
         FROM stock_levels s JOIN stock_locations l ON l.id = s.location_id
         WHERE s.part_id = ${partId} AND ${locationVisible(v)} ORDER BY l.nom, l.id`);
  return rows.map((r) => ({
    location_id: r.location_id,
    location_nom: r.location_nom,
    location_type: r.location_type,
    on_hand: num(r.on_hand),
    reserved: num(r.reserved),
    available: num(r.on_hand) - num(r.reserved),
  }));
}

const arr = (v: string[]) =>
  sql`ARRAY[${sql.join(
    v.map((x) => sql`${x}`),
    sql`, `,
  )}]::text[]`;
const textArray = (v: string[]) => (v.length === 0 ? sql`'{}'::text[]` : arr(v));

export async function insertPart(db: DbOrTx, p: PartInput) {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO parts (reference, designation, famille, unite, prix_unitaire, seuil_reappro, quantite_reappro,
                       fournisseurs, types_equipement)
    VALUES (${p.reference}, ${p.designation}, ${p.famille}, ${p.unite}, ${p.prix_unitaire}, ${p.seuil_reappro},
            ${p.quantite_reappro}, ${JSON.stringify(p.fournisseurs)}::jsonb, ${textArray(p.types_equipement)})
    RETURNING id`);
  return rows[0].id;
}

export async function updatePart(db: DbOrTx, id: number, p: PartInput) {
  const { rows } = await db.execute<{ id: number }>(sql`
    UPDATE parts SET reference = ${p.reference}, designation = ${p.designation}, famille = ${p.famille},
      unite = ${p.unite}, prix_unitaire = ${p.prix_unitaire}, seuil_reappro = ${p.seuil_reappro},
      quantite_reappro = ${p.quantite_reappro}, fournisseurs = ${JSON.stringify(p.fournisseurs)}::jsonb,
      types_equipement = ${textArray(p.types_equipement)}, updated_at = now()
    WHERE id = ${id} RETURNING id`);
  return rows.length > 0;
}

/** One page of the catalogue in reference order, after `after` (keyset on the unique reference: the CSV export). */
export async function partsPage(db: DbOrTx, after: string | undefined, limit: number) {
  const { rows } = await db.execute<PartRow>(sql`${SELECT_PART}
    ${after === undefined ? sql`` : sql`WHERE p.reference > ${after}`} ORDER BY p.reference LIMIT ${limit}`);
  return rows.map(toPart);
}

/**
 * Creates or updates the given parts, matched on their reference, in one statement (the import); the counts of
 * created and updated parts.
 */
export async function upsertParts(db: DbOrTx, parts: PartInput[]) {
  const { rows } = await db.execute<{ created: number; updated: number }>(sql`
    WITH up AS (
      INSERT INTO parts AS p (reference, designation, famille, unite, prix_unitaire, seuil_reappro, quantite_reappro,
                              fournisseurs, types_equipement)
      SELECT x.reference, x.designation, x.famille, x.unite, x.prix_unitaire, x.seuil_reappro, x.quantite_reappro,
             x.fournisseurs, x.types_equipement
      FROM jsonb_to_recordset(${JSON.stringify(parts)}::jsonb) AS x(
        reference varchar, designation varchar, famille varchar, unite varchar, prix_unitaire numeric,
        seuil_reappro numeric, quantite_reappro numeric, fournisseurs jsonb, types_equipement text[])
      ON CONFLICT (reference) DO UPDATE SET designation = excluded.designation, famille = excluded.famille,
        unite = excluded.unite, prix_unitaire = excluded.prix_unitaire, seuil_reappro = excluded.seuil_reappro,
        quantite_reappro = excluded.quantite_reappro, fournisseurs = excluded.fournisseurs,
        types_equipement = excluded.types_equipement, updated_at = now()
      RETURNING (xmax = 0) AS inserted
    )
    SELECT count(*) FILTER (WHERE inserted)::int AS created, count(*) FILTER (WHERE NOT inserted)::int AS updated
    FROM up`);
  return rows[0] ?? { created: 0, updated: 0 };
}

/** Deletes a part nothing refers to (no movement, level, request or material line); false otherwise. */
export async function deletePartIfUnused(db: DbOrTx, id: number) {
  const { rows } = await db.execute<{ id: number }>(sql`
    DELETE FROM parts p WHERE p.id = ${id}
      AND NOT EXISTS (SELECT 1 FROM stock_movements m WHERE m.part_id = p.id)
      AND NOT EXISTS (SELECT 1 FROM part_request_lines r WHERE r.part_id = p.id)
      AND NOT EXISTS (SELECT 1 FROM intervention_materials im WHERE im.part_id = p.id)
    RETURNING id`);
  if (rows.length > 0) await db.execute(sql`DELETE FROM stock_levels WHERE part_id = ${id}`);
  return rows.length > 0;
}

export async function lockPart(db: DbOrTx, id: number) {
  const { rows } = await db.execute<{ id: number; designation: string; seuil_reappro: string; reference: string }>(
    sql`SELECT id, designation, reference, seuil_reappro::text FROM parts WHERE id = ${id} FOR UPDATE`,
  );
  return rows[0] ? { ...rows[0], seuil_reappro: num(rows[0].seuil_reappro) } : null;
}

// The part's photo (migration 0028)

export async function partPhoto(db: DbOrTx, id: number) {
  const { rows } = await db.execute<{ photo_key: string | null; photo_type: string | null }>(
    sql`SELECT photo_key, photo_type FROM parts WHERE id = ${id}`,
  );
  return rows[0] ?? null;
}

/** Sets (or clears, with nulls) the part's photo under its row lock; the previous key, or undefined: no such part. */
export async function setPartPhoto(db: DbOrTx, id: number, key: string | null, type: string | null) {
  const { rows } = await db.execute<{ old_key: string | null }>(sql`
    WITH old AS (SELECT id, photo_key FROM parts WHERE id = ${id} FOR UPDATE)
    UPDATE parts p SET photo_key = ${key}, photo_type = ${type}, updated_at = now() FROM old WHERE p.id = old.id
    RETURNING old.photo_key AS old_key`);
  return rows.length === 0 ? undefined : rows[0].old_key;
}
