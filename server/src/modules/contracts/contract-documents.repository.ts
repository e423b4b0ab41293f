import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';

/** A contract's documents (the signed PDF…; issue 31): SQL only. */

const iso = (d: Date | string) => new Date(d).toISOString();
const json = (v: unknown) => JSON.stringify(v);
/** A JSON array of ids as a set of integers (one parameter, whatever the count). */
const _idSet = (ids: readonly number[]) => sql`(SELECT jsonb_array_elements_text(${json(ids)}::jsonb)::int)`;

export type DocumentRow = {
  id: number;
  originalName: string;
  mimeType: string;
  sizeBytes: number;
  userId: number | null;
  createdAt: string;
  storageKey: string;
};

const SELECT_DOCUMENT = sql`SELECT id, original_name AS "originalName", mime_type AS "mimeType",
  size_bytes AS "sizeBytes", user_id AS "userId", created_at AS "createdAt", storage_key AS "storageKey"
  FROM contract_documents`;

const toDocument = (r: DocumentRow): DocumentRow => ({ ...r, createdAt: iso(r.createdAt) });

export async function listDocuments(db: DbOrTx, contractId: number): Promise<DocumentRow[]> {
  const { rows } = await db.execute<DocumentRow>(sql`${SELECT_DOCUMENT} WHERE contract_id = ${contractId} ORDER BY id`);
  return rows.map(toDocument);
}

export async function findDocument(db: DbOrTx, contractId: number, docId: number): Promise<DocumentRow | null> {
  const { rows } = await db.execute<DocumentRow>(
    sql`${SELECT_DOCUMENT} WHERE contract_id = ${contractId} AND id = ${docId}`,
  );
  return rows[0] ? toDocument(rows[0]) : null;
}

export async function countDocuments(db: DbOrTx, contractId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM contract_documents WHERE contract_id = ${contractId}`,
  );
  return rows[0]?.n ?? 0;
}

export async function insertDocument(
  db: DbOrTx,
  d: { contractId: number; filename: string; mimeType: string; sizeBytes: number; storageKey: string; userId: number },
): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`INSERT INTO contract_documents (contract_id, original_name,
      mime_type, size_bytes, storage_key, user_id)
    VALUES (${d.contractId}, ${d.filename}, ${d.mimeType}, ${d.sizeBytes}, ${d.storageKey}, ${d.userId}) RETURNING id`);
  return rows[0]!.id;
}

export async function deleteDocument(db: DbOrTx, contractId: number, docId: number): Promise<DocumentRow | null> {
  const { rows } = await db.execute<DocumentRow>(sql`DELETE FROM contract_documents
    WHERE contract_id = ${contractId} AND id = ${docId}
    RETURNING id, original_name AS "originalName", mime_type AS "mimeType", size_bytes AS "sizeBytes",
      user_id AS "userId", created_at AS "createdAt", storage_key AS "storageKey"`);
  return rows[0] ? toDocument(rows[0]) : null;
}
