import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/database.ts';
import { clients, equipements, interventions, roles, users } from '../../src/db/schema.ts';
import { hashPassword } from '../../src/lib/password.ts';

let counter = 0;
const unique = (prefix: string) => `${prefix}_${process.pid}_${Date.now().toString(36)}_${++counter}`;

export const DEFAULT_PASSWORD = 'Passw0rd!2024';

/**
 * The argon2id hash of a password, computed once per worker (issue 36): each hash costs ~17 ms of CPU and the files
 * create hundreds of users with the same few passwords. Each row still holds a real hash that login verifies.
 */
const hashes = new Map<string, Promise<string>>();
function hashOnce(password: string): Promise<string> {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    hashes.set(password, hashed);
  }
  return hashed;
}

/** Inserts a user with the given role name (default Technicien); returns the row and its password. */
export async function createUser(
  db: Db,
  overrides: {
    nom?: string;
    username?: string;
    password?: string;
    role?: string | null;
    enabled?: boolean;
    sectionId?: number | null;
  } = {},
) {
  const password = overrides.password ?? DEFAULT_PASSWORD;
  const roleName = overrides.role === undefined ? 'Technicien' : overrides.role;
  const [role] = roleName ? await db.select({ id: roles.id }).from(roles).where(eq(roles.nom, roleName)) : [];
  if (roleName && !role) throw new Error(`unknown role ${roleName}`);
  const [user] = await db
    .insert(users)
    .values({
      nom: overrides.nom ?? 'Youssef Benali',
      username: overrides.username ?? unique('user'),
      passwordHash: await hashOnce(password),
      roleId: role?.id ?? null,
      sectionId: overrides.sectionId ?? null,
      enabled: overrides.enabled ?? true,
    })
    .returning();
  return { ...user, password };
}

/** A client portal user (issue 33) of `clientId` (a new client when omitted), LECTURE unless told. */
export async function createPortalUser(
  db: Db,
  overrides: { clientId?: number; droit?: 'LECTURE' | 'DEMANDEUR'; nom?: string; email?: string | null } = {},
) {
  const clientId = overrides.clientId ?? (await createClient(db)).id;
  const [user] = await db
    .insert(users)
    .values({
      nom: overrides.nom ?? 'Karim Client',
      username: unique('portail'),
      passwordHash: await hashOnce(DEFAULT_PASSWORD),
      email: overrides.email ?? null,
      clientId,
      portailDroit: overrides.droit ?? 'LECTURE',
      portailNotifications: overrides.email != null,
    })
    .returning();
  return { ...user, password: DEFAULT_PASSWORD, clientId };
}

/** Creates a role holding exactly the given permission strings. */
export async function createRole(db: Db, nom: string, permissionList: string[]) {
  const [role] = await db.insert(roles).values({ nom }).returning();
  for (const p of permissionList) {
    const [module, action] = p.split(':');
    await db.execute(
      sql`INSERT INTO role_permissions (role_id, permission_id)
          SELECT ${role.id}, id FROM permissions WHERE module = ${module} AND action = ${action}`,
    );
  }
  return role;
}

/** A client company; overrides win. */
export async function createClient(db: Db, overrides: Partial<typeof clients.$inferInsert> = {}) {
  const [row] = await db
    .insert(clients)
    .values({
      nomEntreprise: overrides.nomEntreprise ?? unique('Société Test'),
      secteurActivite: 'Industrie Manufacturière',
      ville: 'Casablanca',
      contactPrincipal: 'Nadia Berrada',
      telephoneContact: '+212612345678',
      ...overrides,
    })
    .returning();
  return row;
}

/** An equipment owned by `proprietaireId` (a new client when omitted). */
export async function createEquipment(db: Db, overrides: Partial<typeof equipements.$inferInsert> = {}) {
  const proprietaireId = overrides.proprietaireId ?? (await createClient(db)).id;
  const [row] = await db
    .insert(equipements)
    .values({
      nom: unique('Transformateur'),
      marque: 'Schneider Electric',
      modele: 'Trihal 630 kVA',
      typeEquipement: 'TRANSFORMATEUR',
      ...overrides,
      proprietaireId,
    })
    .returning();
  return row;
}

/** An intervention on `equipementId` (a new equipment when omitted); client_id follows the owner. */
export async function createIntervention(db: Db, overrides: Partial<typeof interventions.$inferInsert> = {}) {
  const equipementId = overrides.equipementId ?? (await createEquipment(db)).id;
  const [eq0] = await db
    .select({ owner: equipements.proprietaireId })
    .from(equipements)
    .where(eq(equipements.id, equipementId));
  const [row] = await db
    .insert(interventions)
    .values({
      date: new Date().toISOString().slice(0, 10),
      description: 'Maintenance préventive annuelle',
      statut: 'PLANIFIEE',
      urgence: false,
      ...overrides,
      equipementId,
      clientId: eq0.owner,
    })
    .returning();
  return row;
}

/** An open part request on the intervention (issue 18: EN_ATTENTE_PDR requires one), with a new part. */
export async function createOpenPartRequest(db: Db, interventionId: number) {
  const reference = unique('PDR');
  await db.execute(sql`
    WITH p AS (INSERT INTO parts (reference, designation, unite) VALUES (${reference}, 'Pièce de test', 'u') RETURNING id),
         r AS (INSERT INTO part_requests (intervention_id, fournisseur, date_commande)
               VALUES (${interventionId}, 'Fournisseur test', CURRENT_DATE) RETURNING id)
    INSERT INTO part_request_lines (request_id, part_id, quantite) SELECT r.id, p.id, 1 FROM r, p`);
}
