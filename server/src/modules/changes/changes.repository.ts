import type { SyncInfo, SyncType } from '@gmao/domain/common/sync';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { syncInfo, syncWatermark } from '../../db/sync-sql.ts';

type DeletedRow = {
  type: SyncType;
  row_id: number;
  raison: 'SUPPRIMEE' | 'CORBEILLE' | 'ARCHIVEE';
  at: string;
  cursor: string;
};

/** Tombstones (migration 0061) of these types after `since` / the cursor, oldest first, up to the watermark. */
export async function deletedSince(
  db: DbOrTx,
  q: { since?: string; cursor?: string; types: readonly SyncType[]; limit: number },
): Promise<{ deleted: { type: SyncType; id: number; raison: DeletedRow['raison']; at: string }[]; sync: SyncInfo }> {
  const watermark = await syncWatermark(db);
  let from: SQL;
  if (q.cursor) {
    const [micros, id] = q.cursor.split('.');
    from = sql`(d.deleted_at, d.id) > (timestamptz 'epoch' + ${micros}::bigint * interval '1 microsecond', ${Number(id)}::bigint)`;
  } else {
    from = sql`d.deleted_at >= ${q.since ?? '1970-01-01T00:00:00Z'}::timestamptz`;
  }
  const { rows } = await db.execute<DeletedRow>(sql`
    SELECT d.type, d.row_id, d.raison,
           to_char(d.deleted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at,
           (extract(epoch FROM d.deleted_at) * 1000000)::bigint::text || '.' || d.id AS cursor
    FROM deleted_rows d
    WHERE ${from} AND d.deleted_at < ${watermark.iso}::timestamptz
      AND d.type IN (${sql.join(
        q.types.map((t) => sql`${t}`),
        sql`, `,
      )})
    ORDER BY d.deleted_at, d.id
    LIMIT ${q.limit + 1}`);
  const page = rows.slice(0, q.limit);
  return {
    deleted: page.map((r) => ({ type: r.type, id: r.row_id, raison: r.raison, at: r.at })),
    sync: syncInfo(page.at(-1)?.cursor, rows.length > q.limit, watermark, q.cursor),
  };
}
