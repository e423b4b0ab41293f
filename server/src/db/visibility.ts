import type { GuardedObject, Visibility } from '@gmao/domain/auth/visibility';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './database.ts';

/**
 * The ONE SQL form of a user's visibility (domain/src/auth/visibility.ts): true for a row whose client id (the
 * expression `clientId`, e.g. sql`i.client_id`) the user may see. Every repository that lists, counts, exports or
 * reads clients, equipment, interventions, plans or reports ANDs it into its WHERE; `company` is a literal TRUE, so
 * the whole-company plans are unchanged. A row without client (NULL) is visible to the company only.
 */
export function clientVisible(v: Visibility, clientId: SQL): SQL {
  if (v.kind === 'company') return sql`TRUE`;
  if (v.kind === 'client') return sql`(${clientId} = ${v.clientId})`;
  if (v.sectionIds.length === 0) return sql`FALSE`;
  return sql`(${clientId} IN (SELECT vc.id FROM clients vc WHERE vc.section_id = ANY(${sql.param([...v.sectionIds])}::int[])))`;
}

const OWNER_OF: Record<GuardedObject, { table: string; client: string }> = {
  client: { table: 'clients', client: 'o.id' },
  equipment: { table: 'equipements', client: 'o.proprietaire_id' },
  intervention: { table: 'interventions', client: 'o.client_id' },
};

/** Whether the object `id` exists and `v` sees it: one indexed lookup by primary key. */
export async function seesObject(db: DbOrTx, v: Visibility, kind: GuardedObject, id: number): Promise<boolean> {
  if (v.kind === 'company') return true;
  const { table, client } = OWNER_OF[kind];
  const { rows } = await db.execute(
    sql`SELECT 1 FROM ${sql.raw(table)} o WHERE o.id = ${id} AND ${clientVisible(v, sql.raw(client))}`,
  );
  return rows.length > 0;
}
