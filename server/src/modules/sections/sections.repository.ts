import type { Section } from '@gmao/domain/sections/section-schemas';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/database.ts';
import { sections } from '../../db/schema.ts';

type SectionRow = {
  id: number;
  nom: string;
  description: string | null;
  responsable_id: number | null;
  responsable_nom: string | null;
  responsable_username: string | null;
  member_count: number;
};

const SELECT_SECTION = sql`
  SELECT s.id, s.nom, s.description, s.responsable_id,
         ru.nom AS responsable_nom, ru.username AS responsable_username,
         (SELECT count(*)::int FROM users u WHERE u.section_id = s.id AND u.deleted_at IS NULL) AS member_count
  FROM sections s
  LEFT JOIN users ru ON ru.id = s.responsable_id AND ru.deleted_at IS NULL`;

function toSection(row: SectionRow): Section {
  return {
    id: row.id,
    nom: row.nom,
    description: row.description,
    responsable_id: row.responsable_nom === null ? null : row.responsable_id,
    responsable:
      row.responsable_id !== null && row.responsable_nom !== null && row.responsable_username !== null
        ? { id: row.responsable_id, nom: row.responsable_nom, username: row.responsable_username }
        : null,
    memberCount: row.member_count,
  };
}

/** Every section (a handful per company), by name. */
export async function listSections(db: DbOrTx): Promise<Section[]> {
  const { rows } = await db.execute<SectionRow>(sql`${SELECT_SECTION} ORDER BY s.nom`);
  return rows.map(toSection);
}

export async function findSection(db: DbOrTx, id: number): Promise<Section | null> {
  const { rows } = await db.execute<SectionRow>(sql`${SELECT_SECTION} WHERE s.id = ${id}`);
  return rows[0] ? toSection(rows[0]) : null;
}

export async function lockSection(db: DbOrTx, id: number) {
  const { rows } = await db.execute<{
    id: number;
    nom: string;
    description: string | null;
    responsable_id: number | null;
  }>(sql`SELECT id, nom, description, responsable_id FROM sections WHERE id = ${id} FOR UPDATE`);
  return rows[0] ?? null;
}

export async function sectionExists(db: DbOrTx, id: number): Promise<boolean> {
  const { rows } = await db.execute(sql`SELECT 1 FROM sections WHERE id = ${id}`);
  return rows.length > 0;
}

export async function sectionNameTaken(db: DbOrTx, nom: string, exceptId: number | null): Promise<boolean> {
  const { rows } = await db.execute(
    sql`SELECT 1 FROM sections WHERE lower(nom) = lower(${nom}) AND (${exceptId}::int IS NULL OR id <> ${exceptId}::int)`,
  );
  return rows.length > 0;
}

export async function liveUserExists(db: DbOrTx, id: number): Promise<boolean> {
  const { rows } = await db.execute(sql`SELECT 1 FROM users WHERE id = ${id} AND deleted_at IS NULL FOR UPDATE`);
  return rows.length > 0;
}

/** The responsible person belongs to the section they lead, and leads no other one. */
export async function makeResponsible(db: DbOrTx, sectionId: number, userId: number) {
  await db.execute(sql`
    UPDATE sections SET responsable_id = NULL, updated_at = now()
    WHERE responsable_id = ${userId} AND id <> ${sectionId}`);
  await db.execute(sql`UPDATE users SET section_id = ${sectionId}, updated_at = now() WHERE id = ${userId}`);
}

export async function countMembers(db: DbOrTx, sectionId: number): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM users WHERE section_id = ${sectionId} AND deleted_at IS NULL`,
  );
  return rows[0]?.n ?? 0;
}

type SectionWrite = { nom: string; description: string | null; responsableId: number | null };

export async function insertSection(db: DbOrTx, row: SectionWrite) {
  const [created] = await db.insert(sections).values(row).returning({ id: sections.id });
  return created;
}

export async function updateSectionRow(db: DbOrTx, id: number, row: SectionWrite) {
  await db
    .update(sections)
    .set({ ...row, updatedAt: sql`now()` })
    .where(eq(sections.id, id));
}

export async function deleteSectionRow(db: DbOrTx, id: number) {
  await db.delete(sections).where(eq(sections.id, id));
}
