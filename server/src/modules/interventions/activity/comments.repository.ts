import type { Comment } from '@gmao/domain/interventions/activity-schemas';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database.ts';
import { toIso } from '../interventions.repository.ts';

type Row = {
  id: number;
  comment: string;
  user_id: number | null;
  nom: string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

const SELECT = sql`SELECT c.id, c.comment, c.user_id, u.nom, c.created_at, c.updated_at
  FROM intervention_comments c LEFT JOIN users u ON u.id = c.user_id`;

const toComment = (r: Row): Comment => ({
  id: r.id,
  comment: r.comment,
  auteur: r.user_id !== null && r.nom !== null ? { id: r.user_id, nom: r.nom } : null,
  createdAt: toIso(r.created_at),
  updatedAt: toIso(r.updated_at),
  edited: new Date(r.updated_at).getTime() > new Date(r.created_at).getTime(),
});

/** One page, newest first, and the total counted in SQL. */
export async function listComments(db: DbOrTx, interventionId: number, page: number, limit: number) {
  const [rows, count] = await Promise.all([
    db.execute<Row>(
      sql`${SELECT} WHERE c.intervention_id = ${interventionId}
          ORDER BY c.created_at DESC, c.id DESC LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
    ),
    db.execute<{ total: number }>(
      sql`SELECT count(*)::int AS total FROM intervention_comments WHERE intervention_id = ${interventionId}`,
    ),
  ]);
  return { rows: rows.rows.map(toComment), total: count.rows[0].total };
}

export async function findComment(db: DbOrTx, interventionId: number, cid: number) {
  const { rows } = await db.execute<Row>(sql`${SELECT} WHERE c.intervention_id = ${interventionId} AND c.id = ${cid}`);
  return rows[0] ? toComment(rows[0]) : null;
}

/** The author of a comment of this intervention, locked for the edit; undefined when there is no such comment. */
export async function lockCommentAuthor(db: DbOrTx, interventionId: number, cid: number) {
  const { rows } = await db.execute<{ user_id: number | null }>(
    sql`SELECT user_id FROM intervention_comments WHERE intervention_id = ${interventionId} AND id = ${cid} FOR UPDATE`,
  );
  return rows.length === 0 ? undefined : rows[0].user_id;
}

export async function insertComment(db: DbOrTx, interventionId: number, userId: number, comment: string) {
  const { rows } = await db.execute<{ id: number }>(
    sql`INSERT INTO intervention_comments (intervention_id, user_id, comment)
        VALUES (${interventionId}, ${userId}, ${comment}) RETURNING id`,
  );
  return rows[0].id;
}

export async function updateComment(db: DbOrTx, cid: number, comment: string) {
  await db.execute(sql`UPDATE intervention_comments SET comment = ${comment}, updated_at = now() WHERE id = ${cid}`);
}

export async function deleteComment(db: DbOrTx, cid: number) {
  await db.execute(sql`DELETE FROM intervention_comments WHERE id = ${cid}`);
}
