import type { Statut } from '@gmao/domain/interventions/status';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';

export type PortalRecipientRow = {
  id: number;
  email: string;
  client_id: number;
  portail_droit: 'LECTURE' | 'DEMANDEUR';
};

/** The intervention as its e-mail names it, with its client (and the client's section) for the visibility check. */
export async function interventionForPortal(db: DbOrTx, id: number) {
  const { rows } = await db.execute<{
    id: number;
    statut: Statut;
    date: string;
    equipement: string;
    client_id: number;
    section_id: number | null;
  }>(sql`SELECT i.id, i.statut, to_char(i.date, 'DD/MM/YYYY') AS date, e.nom AS equipement, i.client_id, c.section_id
    FROM interventions i JOIN equipements e ON e.id = i.equipement_id JOIN clients c ON c.id = i.client_id
    WHERE i.id = ${id} AND i.deleted_at IS NULL`);
  return rows[0] ?? null;
}

/** Live portal accounts of the client that opted in to e-mails and have an address. */
export async function optedInPortalUsers(db: DbOrTx, clientId: number): Promise<PortalRecipientRow[]> {
  const { rows } = await db.execute<PortalRecipientRow>(sql`SELECT u.id, u.email, u.client_id, u.portail_droit
    FROM users u
    WHERE u.client_id = ${clientId} AND u.portail_notifications AND u.email IS NOT NULL
      AND u.enabled AND u.deleted_at IS NULL`);
  return rows;
}
