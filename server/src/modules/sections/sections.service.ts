import { SECTION_MESSAGES as M, type sectionInputSchema } from '@gmao/domain/sections/section-schemas';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { pgErrorCode } from '../../lib/pg-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
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
  if (pgErrorCode(err) === '23505') throw new AppError('CONFLICT', M.nameTaken, [{ field: 'nom', msg: M.nameTaken }]);
  throw err;
}

export async function createSection(db: Db, input: SectionInput) {
  const id = await db
    .transaction(async (tx) => {
      await validate(tx, input, null);
      const row = await repo.insertSection(tx, {
        nom: input.nom,
        description: input.description,
        responsableId: input.responsable_id ?? null,
      });
      if (input.responsable_id != null) await repo.makeResponsible(tx, row.id, input.responsable_id);
      await recordAudit(tx, {
        action: 'section.create',
        entityId: row.id,
        summary: `Section « ${input.nom} » créée`,
        after: input,
      });
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
      await repo.updateSectionRow(tx, id, { nom: input.nom, description: input.description, responsableId });
      if (responsableId !== null && responsableId !== current.responsable_id) {
        await repo.makeResponsible(tx, id, responsableId);
      }
      await recordAudit(tx, {
        action: 'section.update',
        entityId: id,
        summary: `Section « ${input.nom} » modifiée`,
        before: current,
        after: { ...input, responsable_id: responsableId },
      });
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
    await repo.deleteSectionRow(tx, id);
    await recordAudit(tx, {
      action: 'section.delete',
      entityId: id,
      summary: `Section « ${current.nom} » supprimée`,
      before: current,
    });
  });
}

/** Every section (GET /sections, any authenticated user). */
export const listSections = (db: Db) => repo.listSections(db);

/** Whether the section exists (a client placed in it, clients.service). */
export function sectionExists(db: DbOrTx, id: number): Promise<boolean> {
  return repo.sectionExists(db, id);
}
