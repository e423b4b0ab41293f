import { SECTION_MESSAGES as M, type sectionInputSchema } from '@gmao/domain/sections/section-schemas';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import { sections } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './sections.repository.ts';

type SectionInput = z.output<typeof sectionInputSchema>;

export async function getSection(db: DbOrTx, id: number) {
  const section = await repo.findSection(db, id);
  if (!section) throw new AppError('NOT_FOUND', M.notFound);
  return section;
}

async function validate(db: DbOrTx, input: SectionInput, exceptId: number | null) {
  if (await repo.sectionNameTaken(db, input.nom, exceptId)) {
    throw new AppError('CONFLICT', M.nameTaken, [{ field: 'nom', msg: M.nameTaken }]);
  }
  if (input.responsable_id != null && !(await repo.liveUserExists(db, input.responsable_id))) {
    throw new AppError('BAD_REQUEST', M.unknownResponsible, [{ field: 'responsable_id', msg: M.unknownResponsible }]);
  }
}

/** The unique index on the name decides between two concurrent writes of the same name. */
function rethrowNameConflict(err: unknown): never {
  const code = (err as { cause?: { code?: string } })?.cause?.code ?? (err as { code?: string })?.code;
  if (code === '23505') throw new AppError('CONFLICT', M.nameTaken, [{ field: 'nom', msg: M.nameTaken }]);
  throw err;
}

export async function createSection(db: Db, input: SectionInput) {
  const id = await db
    .transaction(async (tx) => {
      await validate(tx, input, null);
      const [row] = await tx
        .insert(sections)
        .values({ nom: input.nom, description: input.description, responsableId: input.responsable_id ?? null })
        .returning({ id: sections.id });
      if (input.responsable_id != null) await repo.makeResponsible(tx, row.id, input.responsable_id);
      return row.id;
    })
    .catch(rethrowNameConflict);
  return getSection(db, id);
}

/** A new responsible person joins the section; the previous one stays a member. */
export async function updateSection(db: Db, id: number, input: SectionInput) {
  await db
    .transaction(async (tx) => {
      const current = await repo.lockSection(tx, id);
      if (!current) throw new AppError('NOT_FOUND', M.notFound);
      await validate(tx, input, id);
      const responsableId = input.responsable_id === undefined ? current.responsable_id : input.responsable_id;
      await tx
        .update(sections)
        .set({ nom: input.nom, description: input.description, responsableId, updatedAt: sql`now()` })
        .where(eq(sections.id, id));
      if (responsableId !== null && responsableId !== current.responsable_id) {
        await repo.makeResponsible(tx, id, responsableId);
      }
    })
    .catch(rethrowNameConflict);
  return getSection(db, id);
}

/** A section that still has members cannot be deleted (409). */
export async function deleteSection(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const current = await repo.lockSection(tx, id);
    if (!current) throw new AppError('NOT_FOUND', M.notFound);
    const members = await repo.countMembers(tx, id);
    if (members > 0) throw new AppError('CONFLICT', M.hasMembers(members));
    await tx.delete(sections).where(eq(sections.id, id));
  });
}
