import type { Material, MaterialInput, MaterialUpdate } from '@gmao/domain/interventions/material-schemas';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database.ts';
import { toIso } from '../interventions.repository.ts';

type Row = {
  id: number;
  designation: string;
  reference: string | null;
  quantite: string;
  prix_unitaire: string;
  total: string;
  user_id: number | null;
  nom: string | null;
  part_id: number | null;
  location_id: number | null;
  stock_state: string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

// Money stays NUMERIC in SQL: the line total is rounded to the centime there.
const SELECT = sql`SELECT m.id, m.designation, m.reference, trim_scale(m.quantite)::text AS quantite,
    m.prix_unitaire::text AS prix_unitaire, round(m.quantite * m.prix_unitaire, 2)::text AS total,
    m.user_id, u.nom, m.part_id, m.location_id, m.stock_state, m.created_at, m.updated_at
  FROM intervention_materials m LEFT JOIN users u ON u.id = m.user_id`;

const toMaterial = (r: Row): Material => ({
  id: r.id,
  designation: r.designation,
  reference: r.reference,
  quantite: r.quantite,
  prixUnitaire: r.prix_unitaire,
  total: r.total,
  auteur: r.user_id !== null && r.nom !== null ? { id: r.user_id, nom: r.nom } : null,
  part_id: r.part_id,
  location_id: r.location_id,
  stock_state: r.stock_state,
  createdAt: toIso(r.created_at),
  updatedAt: toIso(r.updated_at),
});

export async function listMaterials(db: DbOrTx, interventionId: number) {
  const [items, total] = await Promise.all([
    db.execute<Row>(sql`${SELECT} WHERE m.intervention_id = ${interventionId} ORDER BY m.id`),
    db.execute<{ total: string }>(
      // Unbounded NUMERIC: 200 lines of up to ~1e21 MAD each (quantity × unit price at their columns' bounds) add up
      // exactly; a NUMERIC(16,2) cast overflowed from 1e14 MAD (a 500).
      sql`SELECT round(COALESCE(sum(round(quantite * prix_unitaire, 2)), 0), 2)::text AS total
          FROM intervention_materials WHERE intervention_id = ${interventionId}`,
    ),
  ]);
  return { items: items.rows.map(toMaterial), total: total.rows[0].total };
}

export async function findMaterial(db: DbOrTx, interventionId: number, mid: number) {
  const { rows } = await db.execute<Row>(sql`${SELECT} WHERE m.intervention_id = ${interventionId} AND m.id = ${mid}`);
  return rows[0] ? toMaterial(rows[0]) : null;
}

/** The author of a line of this intervention, locked for the change; undefined when there is no such line. */
export async function lockMaterialAuthor(db: DbOrTx, interventionId: number, mid: number) {
  const { rows } = await db.execute<{ user_id: number | null }>(
    sql`SELECT user_id FROM intervention_materials WHERE intervention_id = ${interventionId} AND id = ${mid} FOR UPDATE`,
  );
  return rows.length === 0 ? undefined : rows[0].user_id;
}

export async function countMaterials(db: DbOrTx, interventionId: number) {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM intervention_materials WHERE intervention_id = ${interventionId}`,
  );
  return rows[0].n;
}

export async function insertMaterial(db: DbOrTx, interventionId: number, input: MaterialInput, userId: number | null) {
  const { rows } = await db.execute<{ id: number }>(
    sql`INSERT INTO intervention_materials (intervention_id, designation, reference, quantite, prix_unitaire, user_id)
        VALUES (${interventionId}, ${input.designation}, ${input.reference}, ${input.quantite}::numeric,
                ${input.prixUnitaire}::numeric, ${userId})
        RETURNING id`,
  );
  return rows[0].id;
}

/** Returns whether the line exists on this intervention. */
export async function updateMaterial(db: DbOrTx, interventionId: number, mid: number, input: MaterialUpdate) {
  const { rows } = await db.execute<{ id: number }>(sql`UPDATE intervention_materials SET
      designation = COALESCE(${input.designation ?? null}, designation),
      reference = CASE WHEN ${input.reference !== undefined} THEN ${input.reference ?? null} ELSE reference END,
      quantite = COALESCE(${input.quantite ?? null}::numeric, quantite),
      prix_unitaire = COALESCE(${input.prixUnitaire ?? null}::numeric, prix_unitaire),
      updated_at = now()
    WHERE intervention_id = ${interventionId} AND id = ${mid}
    RETURNING id`);
  return rows.length > 0;
}

export async function deleteMaterial(db: DbOrTx, interventionId: number, mid: number) {
  const { rows } = await db.execute<{ id: number }>(
    sql`DELETE FROM intervention_materials WHERE intervention_id = ${interventionId} AND id = ${mid} RETURNING id`,
  );
  return rows.length > 0;
}
