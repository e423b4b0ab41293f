import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';

/**
 * Idempotency keys of POST /interventions (migration 0055, issue 32's offline drafts). `claimCreationKey` inserts the
 * key ON CONFLICT DO NOTHING: true when this request owns it (it then creates and records the intervention); false
 * when an earlier sending did — a concurrent one still running makes this insert wait for it to end.
 */
export async function claimCreationKey(db: DbOrTx, userId: number, key: string): Promise<boolean> {
  const { rows } = await db.execute<{ key: string }>(
    sql`INSERT INTO intervention_creation_keys (user_id, key) VALUES (${userId}, ${key})
        ON CONFLICT (user_id, key) DO NOTHING RETURNING key`,
  );
  return rows.length > 0;
}

/** The intervention an earlier sending with this key created (null: none, or deleted since). */
export async function creationKeyIntervention(db: DbOrTx, userId: number, key: string): Promise<number | null> {
  const { rows } = await db.execute<{ intervention_id: number | null }>(
    sql`SELECT intervention_id FROM intervention_creation_keys WHERE user_id = ${userId} AND key = ${key}`,
  );
  return rows[0]?.intervention_id ?? null;
}

export async function recordCreationKey(db: DbOrTx, userId: number, key: string, interventionId: number) {
  await db.execute(
    sql`UPDATE intervention_creation_keys SET intervention_id = ${interventionId}
        WHERE user_id = ${userId} AND key = ${key}`,
  );
}
