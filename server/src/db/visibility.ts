import type { GuardedObject, Visibility } from '@gmao/domain/auth/visibility';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from './database.ts';
import { ADMIN_ROLE_NAMES_SQL } from './user-sql.ts';

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
  contract: { table: 'contracts', client: 'o.client_id' },
  plan: {
    table: 'plans',
    client: 'COALESCE(o.client_id, (SELECT pe.proprietaire_id FROM equipements pe WHERE pe.id = o.equipement_id))',
  },
  request: {
    table: 'intervention_requests',
    client: '(SELECT re.proprietaire_id FROM equipements re WHERE re.id = o.equipement_id)',
  },
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

/**
 * Among `userIds`, those who see the intervention `interventionId` (the recipients of a notification about it): a
 * user of a role "limité à ses sections" (not an administrator) only when the intervention's client is in his section.
 * The SQL twin of visibilityOf + seesClient, for many users at once.
 */
export function usersSeeingIntervention(
  db: DbOrTx,
  userIds: readonly number[],
  interventionId: number,
): Promise<number[]> {
  return usersSeeingClient(db, userIds, sql`(SELECT i.client_id FROM interventions i WHERE i.id = ${interventionId})`);
}

/** The same for a client (the SQL expression `clientId`): among `userIds`, those who see it. */
export async function usersSeeingClient(db: DbOrTx, userIds: readonly number[], clientId: SQL): Promise<number[]> {
  if (userIds.length === 0) return [];
  const { rows } = await db.execute<{ id: number }>(sql`
    SELECT u.id FROM users u
    LEFT JOIN roles r ON r.id = u.role_id
    WHERE u.id = ANY(${sql.param([...userIds])}::int[])
      AND (u.client_id IS NULL OR u.client_id = ${clientId})
      AND (u.client_id IS NOT NULL OR NOT coalesce(r.limite_sections, false) OR r.nom IN (${ADMIN_ROLE_NAMES_SQL})
           OR EXISTS (SELECT 1 FROM clients c WHERE c.id = ${clientId} AND c.section_id = u.section_id))`);
  const seeing = new Set(rows.map((r) => r.id));
  return userIds.filter((id) => seeing.has(id));
}

/** Among `userIds`, those who see the owner of the equipment `equipementId`. */
export function usersSeeingEquipment(db: DbOrTx, userIds: readonly number[], equipementId: number) {
  return usersSeeingClient(db, userIds, ownerOf(equipementId));
}

const ownerOf = (equipementId: number) =>
  sql`(SELECT e.proprietaire_id FROM equipements e WHERE e.id = ${equipementId})`;

/** The responsable of the section of the equipment's owner (sections.responsable_id), when it has one. */
export function equipmentSectionResponsable(db: DbOrTx, equipementId: number): Promise<number[]> {
  return clientSectionResponsable(db, ownerOf(equipementId));
}

async function clientSectionResponsable(db: DbOrTx, clientId: SQL): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(sql`
    SELECT s.responsable_id AS id FROM clients c JOIN sections s ON s.id = c.section_id
    WHERE c.id = ${clientId} AND s.responsable_id IS NOT NULL`);
  return rows.map((r) => r.id);
}

/**
 * A stock location the visibility `v` sees (alias `l` of stock_locations): its section — named, else its technician's
 * (a van), else its client's (a site store) — among the user's sections. The company sees every location.
 */
export function locationVisible(v: Visibility, l = 'l'): SQL {
  if (v.kind === 'company') return sql`TRUE`;
  if (v.kind === 'client' || v.sectionIds.length === 0) return sql`FALSE`;
  const a = sql.raw(l);
  return sql`(COALESCE(${a}.section_id, (SELECT lu.section_id FROM users lu WHERE lu.id = ${a}.technicien_id),
    (SELECT lc.section_id FROM clients lc WHERE lc.id = ${a}.client_id)) = ANY(${sql.param([...v.sectionIds])}::int[]))`;
}
