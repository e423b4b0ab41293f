import type { SyncChangeType } from '@gmao/domain/interventions/sync-schemas';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database.ts';

export type SyncOutcome = { clientId: string; applied: boolean; reason: string | null };

/** The outcomes already recorded for these clientIds of the intervention (an earlier sending of the same changes). */
export async function findSyncOutcomes(db: DbOrTx, interventionId: number, clientIds: readonly string[]) {
  if (clientIds.length === 0) return new Map<string, SyncOutcome>();
  const list = sql.join(
    clientIds.map((c) => sql`${c}`),
    sql`, `,
  );
  const { rows } = await db.execute<{ client_id: string; applied: boolean; reason: string | null }>(
    sql`SELECT client_id, applied, reason FROM intervention_sync_log
        WHERE intervention_id = ${interventionId} AND client_id IN (${list})`,
  );
  return new Map(rows.map((r) => [r.client_id, { clientId: r.client_id, applied: r.applied, reason: r.reason }]));
}

export async function insertSyncOutcome(
  db: DbOrTx,
  row: {
    interventionId: number;
    clientId: string;
    type: SyncChangeType;
    applied: boolean;
    reason: string | null;
    recordedAt: string;
    userId: number;
  },
) {
  await db.execute(
    sql`INSERT INTO intervention_sync_log (intervention_id, client_id, change_type, applied, reason, recorded_at, user_id)
        VALUES (${row.interventionId}, ${row.clientId}, ${row.type}, ${row.applied}, ${row.reason},
                ${row.recordedAt}::timestamptz, ${row.userId})`,
  );
}
