import { randomBytes } from 'node:crypto';
import { ALL_PERMISSIONS, DEFAULT_ROLES, PERMISSION_DESCRIPTIONS } from '@gmao/domain/auth/permissions';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../lib/password.ts';
import type { Db } from './database.ts';
import { permissions, roles, sections, users } from './schema.ts';

export const DEFAULT_SECTIONS = [
  { nom: 'Maintenance Électrique', description: 'Transformateurs, tableaux, groupes électrogènes' },
  { nom: 'Maintenance Mécanique', description: 'Moteurs, compresseurs, pompes' },
  { nom: 'Administration', description: 'Direction et gestion' },
];

/**
 * Reference data every installation needs: permissions, the four roles, a few sections.
 * Idempotent: existing rows are kept (an admin may have edited a role), missing ones are added.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(permissions)
      .values(
        ALL_PERMISSIONS.map((p) => {
          const [module, action] = p.split(':');
          return { module, action, description: PERMISSION_DESCRIPTIONS[p] };
        }),
      )
      .onConflictDoNothing();
    const existingRoles = await tx.select({ id: roles.id }).from(roles).limit(1);
    const firstRun = existingRoles.length === 0;
    for (const [nom, def] of Object.entries(DEFAULT_ROLES)) {
      const inserted = await tx
        .insert(roles)
        .values({ nom, description: def.description })
        .onConflictDoNothing()
        .returning({ id: roles.id });
      const roleId = inserted[0]?.id;
      // Permissions of a seeded role are set when the role is created; the Administrateur role always holds all.
      if (roleId === undefined && nom !== 'Administrateur') continue;
      const id = roleId ?? (await tx.select({ id: roles.id }).from(roles).where(sql`${roles.nom} = ${nom}`))[0].id;
      await tx.execute(sql`
        INSERT INTO role_permissions (role_id, permission_id)
        SELECT ${id}, p.id FROM permissions p
        WHERE (p.module || ':' || p.action) IN (${sql.join(
          def.permissions.map((p) => sql`${p}`),
          sql`, `,
        )})
        ON CONFLICT DO NOTHING`);
    }
    if (firstRun) await tx.insert(sections).values(DEFAULT_SECTIONS).onConflictDoNothing();
  });
}

/**
 * Creates the first administrator when no user exists. Returns the generated password (to print once)
 * when none was configured. A configured ADMIN_PASSWORD passed the password policy in config.ts and is the
 * operator's choice; a generated one went through the console, so it must be changed at the first login.
 */
export async function bootstrapAdmin(
  db: Db,
  opts: { username: string; password?: string },
): Promise<{ created: boolean; generatedPassword?: string }> {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(users);
  if (count > 0) return { created: false };
  const generatedPassword = opts.password ? undefined : `${randomBytes(9).toString('base64url')}9a`;
  const password = opts.password ?? generatedPassword!;
  const [adminRole] = await db.select({ id: roles.id }).from(roles).where(sql`${roles.nom} = 'Administrateur'`);
  const [section] = await db.select({ id: sections.id }).from(sections).where(sql`${sections.nom} = 'Administration'`);
  // Two instances starting at once both see no user: the unique username lets one insert; the other reports
  // nothing (and must not print a password that was never stored).
  const inserted = await db
    .insert(users)
    .values({
      nom: 'Administrateur',
      username: opts.username,
      passwordHash: await hashPassword(password),
      roleId: adminRole.id,
      sectionId: section?.id ?? null,
      enabled: true,
      mustChangePassword: generatedPassword !== undefined,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (inserted.length === 0) return { created: false };
  return { created: true, generatedPassword };
}
