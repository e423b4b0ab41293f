import { COMPTE_RENDU_LIMIT, type CompteRendu } from '@gmao/domain/interventions/compte-rendu-schemas';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database.ts';
import { toIso } from '../interventions.repository.ts';

type Row = {
  id: number;
  intervention_id: number;
  titre: string;
  contenu: string;
  user_id: number | null;
  user_nom: string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

const SELECT = sql`SELECT r.id, r.intervention_id, r.titre, r.contenu, r.user_id, u.nom AS user_nom,
    r.created_at, r.updated_at
  FROM intervention_reports r LEFT JOIN users u ON u.id = r.user_id`;

const toCompteRendu = (r: Row): CompteRendu => ({
  id: r.id,
  interventionId: r.intervention_id,
  titre: r.titre,
  contenu: r.contenu,
  auteur: r.user_id !== null && r.user_nom !== null ? { id: r.user_id, nom: r.user_nom } : null,
  createdAt: toIso(r.created_at),
  updatedAt: toIso(r.updated_at),
});

export async function listComptesRendus(db: DbOrTx, interventionId: number): Promise<CompteRendu[]> {
  const { rows } = await db.execute<Row>(
    sql`${SELECT} WHERE r.intervention_id = ${interventionId} ORDER BY r.created_at DESC, r.id DESC LIMIT ${COMPTE_RENDU_LIMIT}`,
  );
  return rows.map(toCompteRendu);
}

export async function findCompteRendu(db: DbOrTx, interventionId: number, id: number): Promise<CompteRendu | null> {
  const { rows } = await db.execute<Row>(sql`${SELECT} WHERE r.intervention_id = ${interventionId} AND r.id = ${id}`);
  return rows[0] ? toCompteRendu(rows[0]) : null;
}

export async function insertCompteRendu(
  db: DbOrTx,
  interventionId: number,
  userId: number,
  input: { titre: string; contenu: string },
) {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO intervention_reports (intervention_id, titre, contenu, user_id)
    VALUES (${interventionId}, ${input.titre}, ${input.contenu}, ${userId}) RETURNING id`);
  return rows[0].id;
}

/** undefined: no such report; null: author gone. Locks the row while the caller checks the author. */
export async function lockCompteRenduAuthor(db: DbOrTx, interventionId: number, id: number) {
  const { rows } = await db.execute<{ user_id: number | null }>(sql`
    SELECT user_id FROM intervention_reports WHERE intervention_id = ${interventionId} AND id = ${id} FOR UPDATE`);
  return rows.length ? rows[0].user_id : undefined;
}

export async function updateCompteRendu(db: DbOrTx, id: number, input: { titre: string; contenu: string }) {
  await db.execute(sql`UPDATE intervention_reports SET titre = ${input.titre}, contenu = ${input.contenu},
    updated_at = clock_timestamp() WHERE id = ${id}`);
}
