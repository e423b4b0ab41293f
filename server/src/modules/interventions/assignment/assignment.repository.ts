import type { TechnicianOption } from '@gmao/domain/interventions/assignment-schemas';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database.ts';

/** Users who may be assigned: enabled and not deleted, by name. */
export async function listTechnicians(db: DbOrTx): Promise<TechnicianOption[]> {
  const { rows } = await db.execute<TechnicianOption>(
    sql`SELECT u.id, u.nom, u.username, r.nom AS role
        FROM users u LEFT JOIN roles r ON r.id = u.role_id
        WHERE u.enabled AND u.deleted_at IS NULL
        ORDER BY u.nom, u.id`,
  );
  return rows;
}

/** The technician if assignable; FOR SHARE so a concurrent disable/delete waits for the assignment. */
export async function findAssignableUser(db: DbOrTx, userId: number) {
  const { rows } = await db.execute<{ id: number; nom: string }>(
    sql`SELECT id, nom FROM users WHERE id = ${userId} AND enabled AND deleted_at IS NULL FOR SHARE`,
  );
  return rows[0] ?? null;
}

export async function userName(db: DbOrTx, userId: number | null) {
  if (userId === null) return null;
  const { rows } = await db.execute<{ nom: string }>(sql`SELECT nom FROM users WHERE id = ${userId}`);
  return rows[0]?.nom ?? null;
}

export async function setTechnician(db: DbOrTx, ids: number[], technicianId: number | null) {
  const list = sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  );
  await db.execute(
    sql`UPDATE interventions SET technician_id = ${technicianId}, updated_at = clock_timestamp() WHERE id IN (${list})`,
  );
}
