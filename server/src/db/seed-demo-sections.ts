import { sql } from 'drizzle-orm';
import type { DbOrTx } from './database.ts';

/** The northern agency's towns (issue 33): its clients, and what its responsable sees. */
const NORTH = ['Tanger', 'Tétouan', 'Kénitra'];

/**
 * Issue 33: the northern agency (Tanger) serves the clients of Tanger, Tétouan and Kénitra; its responsable,
 * Karim Amrani (k.amrani), holds the role "Responsable d'agence", the Responsable's permissions "limité à ses
 * sections": he sees only those clients, their equipment and interventions. The other clients stay served from
 * Casablanca (no section: seen by the whole-company roles only).
 */
export async function seedDemoSections(db: DbOrTx, opts: { passwordHash: string }) {
  const { rows: section } = await db.execute<{ id: number }>(sql`
    INSERT INTO sections (nom, description) VALUES ('Agence Nord — Tanger', 'Clients de Tanger, Tétouan et Kénitra')
    ON CONFLICT (nom) DO UPDATE SET description = EXCLUDED.description RETURNING id`);
  const sectionId = section[0].id;
  await db.execute(sql`UPDATE clients SET section_id = ${sectionId}
    WHERE ville IN (${sql.join(
      NORTH.map((v) => sql`${v}`),
      sql`, `,
    )})`);
  const { rows: role } = await db.execute<{ id: number }>(sql`
    INSERT INTO roles (nom, description, limite_sections)
    VALUES ('Responsable d''agence', 'Responsable limité aux clients de sa section (agence)', true)
    ON CONFLICT (nom) DO UPDATE SET limite_sections = true RETURNING id`);
  await db.execute(sql`INSERT INTO role_permissions (role_id, permission_id)
    SELECT ${role[0].id}, rp.permission_id FROM role_permissions rp JOIN roles r ON r.id = rp.role_id
    WHERE r.nom = 'Responsable' ON CONFLICT DO NOTHING`);
  const { rows: user } = await db.execute<{ id: number }>(sql`
    INSERT INTO users (nom, username, password_hash, role_id, section_id, email, activated_at)
    VALUES ('Karim Amrani', 'k.amrani', ${opts.passwordHash}, ${role[0].id}, ${sectionId}, 'k.amrani@atlas-electro.ma', now())
    ON CONFLICT DO NOTHING RETURNING id`);
  if (user[0]) await db.execute(sql`UPDATE sections SET responsable_id = ${user[0].id} WHERE id = ${sectionId}`);
}
