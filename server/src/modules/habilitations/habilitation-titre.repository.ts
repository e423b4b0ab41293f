import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';

/** The SQL of the scanned signed titre (issue 34): the document columns of a habilitations row (migration 0058). */

export type TitreDocumentRow = {
  id: number;
  user_id: number;
  user_nom: string;
  symbole: string;
  document_key: string | null;
  document_name: string | null;
};

const SELECT = sql`SELECT h.id, h.user_id, u.nom AS user_nom, h.symbole, h.document_key, h.document_name
  FROM habilitations h JOIN users u ON u.id = h.user_id`;

export async function findTitreDocument(db: DbOrTx, id: number): Promise<TitreDocumentRow | null> {
  const { rows } = await db.execute<TitreDocumentRow>(sql`${SELECT} WHERE h.id = ${id}`);
  return rows[0] ?? null;
}

/** The row under its lock (an upload replaces the document: two concurrent ones must not both keep their file). */
export async function lockTitreDocument(db: DbOrTx, id: number): Promise<TitreDocumentRow | null> {
  const { rows } = await db.execute<TitreDocumentRow>(sql`${SELECT} WHERE h.id = ${id} FOR UPDATE OF h`);
  return rows[0] ?? null;
}

export async function setTitreDocument(db: DbOrTx, id: number, key: string, name: string) {
  await db.execute(sql`UPDATE habilitations SET document_key = ${key}, document_name = ${name} WHERE id = ${id}`);
}
