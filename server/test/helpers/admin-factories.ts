import { eq } from 'drizzle-orm';
import type { Db } from '../../src/db/database.ts';
import { roles, sections } from '../../src/db/schema.ts';

let counter = 0;
export const uniqueName = (prefix: string) => `${prefix}_${Date.now().toString(36)}_${++counter}`;

export async function roleId(db: Db, nom: string): Promise<number> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.nom, nom));
  if (!row) throw new Error(`unknown role ${nom}`);
  return row.id;
}

/** A section row; overrides win. */
export async function createSection(db: Db, overrides: Partial<typeof sections.$inferInsert> = {}) {
  const [row] = await db
    .insert(sections)
    .values({ nom: uniqueName('Section'), description: 'Section de test', ...overrides })
    .returning();
  return row;
}
