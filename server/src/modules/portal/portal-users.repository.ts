import type { PortalDroit } from '@gmao/domain/portal/portal-access';
import type { PortalUser } from '@gmao/domain/portal/portal-schemas';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';

type PortalUserRow = {
  id: number;
  nom: string;
  username: string;
  email: string | null;
  portail_droit: PortalDroit;
  portail_notifications: boolean;
  must_change_password: boolean;
  pending_invite: boolean;
  created_at: Date | string;
};

const SELECT = sql`SELECT u.id, u.nom, u.username, u.email, u.portail_droit, u.portail_notifications,
    u.must_change_password, u.created_at,
    EXISTS (SELECT 1 FROM password_reset_tokens t WHERE t.user_id = u.id AND t.used_at IS NULL AND t.expires_at > now())
      AND NOT EXISTS (SELECT 1 FROM refresh_tokens rt WHERE rt.user_id = u.id) AS pending_invite
  FROM users u`;

const toPortalUser = (r: PortalUserRow): PortalUser => ({
  id: r.id,
  nom: r.nom,
  username: r.username,
  email: r.email,
  droit: r.portail_droit,
  notifications: r.portail_notifications,
  en_attente: r.must_change_password || r.pending_invite,
  created_at: new Date(r.created_at).toISOString(),
});

/** The client's name, row-locked (a concurrent delete of the client waits for the new account), or null. */
export async function lockClient(db: DbOrTx, clientId: number): Promise<string | null> {
  const { rows } = await db.execute<{ nom: string }>(
    sql`SELECT nom_entreprise AS nom FROM clients WHERE id = ${clientId} FOR SHARE`,
  );
  return rows[0]?.nom ?? null;
}

export async function clientExists(db: DbOrTx, clientId: number): Promise<boolean> {
  const { rows } = await db.execute(sql`SELECT 1 FROM clients WHERE id = ${clientId}`);
  return rows.length > 0;
}

export async function listPortalUsers(db: DbOrTx, clientId: number): Promise<PortalUser[]> {
  const { rows } = await db.execute<PortalUserRow>(
    sql`${SELECT} WHERE u.client_id = ${clientId} AND u.deleted_at IS NULL ORDER BY lower(u.nom), u.id`,
  );
  return rows.map(toPortalUser);
}

export async function findPortalUser(db: DbOrTx, clientId: number, id: number): Promise<PortalUser | null> {
  const { rows } = await db.execute<PortalUserRow>(
    sql`${SELECT} WHERE u.id = ${id} AND u.client_id = ${clientId} AND u.deleted_at IS NULL`,
  );
  return rows[0] ? toPortalUser(rows[0]) : null;
}

export async function insertPortalUser(
  db: DbOrTx,
  row: {
    clientId: number;
    nom: string;
    username: string;
    email: string | null;
    passwordHash: string;
    droit: PortalDroit;
    notifications: boolean;
    mustChangePassword: boolean;
  },
): Promise<number> {
  const { rows } = await db.execute<{ id: number }>(sql`
    INSERT INTO users (nom, username, password_hash, email, enabled, activated_at, must_change_password,
                       client_id, portail_droit, portail_notifications)
    VALUES (${row.nom}, ${row.username}, ${row.passwordHash}, ${row.email}, true, now(), ${row.mustChangePassword},
            ${row.clientId}, ${row.droit}, ${row.notifications})
    RETURNING id`);
  return rows[0].id;
}

/**
 * Soft-deletes portal accounts (one, or all of a client): disabled, out of the client, username freed (suffix as for
 * staff deletion), e-mail cleared so it can be invited again. Returns the ids.
 */
export async function softDeletePortalUsers(db: DbOrTx, clientId: number, id?: number): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(sql`
    UPDATE users
    SET deleted_at = now(), enabled = false, client_id = NULL, email = NULL, updated_at = now(),
        username = left(username, 80) || '~supprime~' || id
    WHERE client_id = ${clientId} AND deleted_at IS NULL ${id === undefined ? sql`` : sql`AND id = ${id}`}
    RETURNING id`);
  return rows.map((r) => r.id);
}
