import type { Attachment } from '@gmao/domain/interventions/attachment-schemas';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database.ts';
import { toIso } from '../interventions.repository.ts';

type Row = {
  id: number;
  original_name: string;
  mime_type: string;
  size_bytes: number;
  storage_key: string;
  user_id: number | null;
  nom: string | null;
  created_at: Date | string;
};

const SELECT = sql`SELECT a.id, a.original_name, a.mime_type, a.size_bytes, a.storage_key, a.user_id, u.nom, a.created_at
  FROM intervention_attachments a LEFT JOIN users u ON u.id = a.user_id`;

const toAttachment = (r: Row): Attachment & { storageKey: string } => ({
  id: r.id,
  filename: r.original_name,
  mimeType: r.mime_type,
  sizeBytes: r.size_bytes,
  auteur: r.user_id !== null && r.nom !== null ? { id: r.user_id, nom: r.nom } : null,
  createdAt: toIso(r.created_at),
  storageKey: r.storage_key,
});

export async function listAttachments(db: DbOrTx, interventionId: number) {
  const { rows } = await db.execute<Row>(sql`${SELECT} WHERE a.intervention_id = ${interventionId} ORDER BY a.id DESC`);
  return rows.map(toAttachment);
}

export async function findAttachment(db: DbOrTx, interventionId: number, attId: number) {
  const { rows } = await db.execute<Row>(
    sql`${SELECT} WHERE a.intervention_id = ${interventionId} AND a.id = ${attId}`,
  );
  return rows[0] ? toAttachment(rows[0]) : null;
}

export async function countAttachments(db: DbOrTx, interventionId: number) {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM intervention_attachments WHERE intervention_id = ${interventionId}`,
  );
  return rows[0].n;
}

export async function insertAttachment(
  db: DbOrTx,
  row: {
    interventionId: number;
    filename: string;
    mimeType: string;
    sizeBytes: number;
    storageKey: string;
    userId: number;
    /** The offline phone's change id (issue 32): a second row with it is not inserted (answers null). */
    changeId?: string | null;
  },
): Promise<number | null> {
  const { rows } = await db.execute<{ id: number }>(
    sql`INSERT INTO intervention_attachments (intervention_id, original_name, mime_type, size_bytes, storage_key, user_id, change_id)
        VALUES (${row.interventionId}, ${row.filename}, ${row.mimeType}, ${row.sizeBytes}, ${row.storageKey}, ${row.userId},
                ${row.changeId ?? null})
        ON CONFLICT (intervention_id, user_id, change_id) WHERE change_id IS NOT NULL DO NOTHING
        RETURNING id`,
  );
  return rows[0]?.id ?? null;
}

/** The attachment an earlier sending of this user's change id stored (issue 32's offline photos). */
export async function findAttachmentByChange(db: DbOrTx, interventionId: number, userId: number, changeId: string) {
  const { rows } = await db.execute<Row>(
    sql`${SELECT} WHERE a.intervention_id = ${interventionId} AND a.user_id = ${userId} AND a.change_id = ${changeId}`,
  );
  return rows[0] ? toAttachment(rows[0]) : null;
}

/** The author of an attachment of this intervention, locked for the change; undefined when there is none. */
export async function lockAttachmentAuthor(db: DbOrTx, interventionId: number, attId: number) {
  const { rows } = await db.execute<{ user_id: number | null }>(
    sql`SELECT user_id FROM intervention_attachments WHERE intervention_id = ${interventionId} AND id = ${attId} FOR UPDATE`,
  );
  return rows.length === 0 ? undefined : rows[0].user_id;
}

/** Returns the deleted row's storage key, or null. */
export async function deleteAttachment(db: DbOrTx, interventionId: number, attId: number) {
  const { rows } = await db.execute<{ storage_key: string }>(
    sql`DELETE FROM intervention_attachments WHERE intervention_id = ${interventionId} AND id = ${attId}
        RETURNING storage_key`,
  );
  return rows[0]?.storage_key ?? null;
}

/**
 * Storage keys of an intervention's files — its attachments and its signatures' images (issue 32) — read before
 * deleting the intervention, whose rows cascade.
 */
export async function attachmentKeys(db: DbOrTx, interventionId: number) {
  const { rows } = await db.execute<{ storage_key: string }>(
    sql`SELECT storage_key FROM intervention_attachments WHERE intervention_id = ${interventionId}
        UNION ALL SELECT storage_key FROM intervention_signatures WHERE intervention_id = ${interventionId}`,
  );
  return rows.map((r) => r.storage_key);
}
