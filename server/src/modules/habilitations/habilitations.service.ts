import { hasPermission, PERMISSIONS } from '@gmao/domain/auth/permissions';
import type { SessionUser } from '@gmao/domain/auth/user';
import { SERVER_MESSAGES } from '@gmao/domain/common/messages';
import type { HabilitationInput, HabilitationListQuery } from '@gmao/domain/habilitations/habilitation-schemas';
import { HABILITATION_MESSAGES as M } from '@gmao/domain/habilitations/symbols';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as repo from './habilitations.repository.ts';

const label = (t: { symbole: string; attribut?: string | null }) =>
  t.attribut ? `${t.symbole} ${t.attribut}` : t.symbole;

/** A user's titles (history, newest first) and medical fitness: habilitations:manage, or the user himself. */
export async function getUserHabilitations(db: Db, user: SessionUser, userId: number) {
  const holder = await repo.userExists(db, userId);
  if (!holder) throw new AppError('NOT_FOUND', M.userNotFound);
  if (user.id !== userId && !hasPermission(user, PERMISSIONS.HABILITATIONS_MANAGE)) {
    throw new AppError('FORBIDDEN', SERVER_MESSAGES.forbidden);
  }
  return { aptitude_medicale_jusqu_au: holder.aptitude, titres: await repo.listUserTitles(db, userId) };
}

/** A new titre (also a renewal: the older row stays, the history is kept). */
export async function createTitle(db: Db, user: SessionUser, userId: number, input: HabilitationInput) {
  const id = await db.transaction(async (tx) => {
    const holder = await repo.userExists(tx, userId);
    if (!holder) throw new AppError('NOT_FOUND', M.userNotFound);
    const created = await repo.insertTitle(tx, userId, input, user.id);
    await recordAudit(tx, {
      action: 'habilitation.create',
      entityId: created,
      summary: `Habilitation ${label(input)} (${input.domaine}) de ${holder.nom}, valable du ${input.delivree_le} au ${input.valide_jusqu_au}`,
      after: { userId, ...input },
    });
    return created;
  });
  return (await repo.findTitle(db, id))!;
}

/** A correction of a titre as recorded (a renewal is a POST). */
export async function updateTitle(db: Db, id: number, input: HabilitationInput) {
  await db.transaction(async (tx) => {
    const before = await repo.findTitle(tx, id);
    if (!before) throw new AppError('NOT_FOUND', M.notFound);
    await repo.updateTitle(tx, id, input);
    await recordAudit(tx, {
      action: 'habilitation.update',
      entityId: id,
      summary: `Habilitation ${label(input)} de ${before.user_nom} modifiée`,
      before,
      after: input,
    });
  });
  return (await repo.findTitle(db, id))!;
}

/** Deletes a titre recorded by mistake; returns the key of its scanned document (the caller removes the file). */
export async function deleteTitle(db: Db, id: number) {
  return db.transaction(async (tx) => {
    const before = await repo.findTitle(tx, id);
    if (!before) throw new AppError('NOT_FOUND', M.notFound);
    const key = await repo.deleteTitle(tx, id);
    await recordAudit(tx, {
      action: 'habilitation.delete',
      entityId: id,
      summary: `Habilitation ${label(before)} de ${before.user_nom} supprimée`,
      before,
    });
    return key ?? null;
  });
}

export async function setMedicalFitness(db: Db, userId: number, day: string | null) {
  await db.transaction(async (tx) => {
    const holder = await repo.userExists(tx, userId);
    if (!holder) throw new AppError('NOT_FOUND', M.userNotFound);
    await repo.setMedicalFitness(tx, userId, day);
    await recordAudit(tx, {
      action: 'habilitation.aptitude',
      entityType: 'user',
      entityId: userId,
      summary: `Aptitude médicale de ${holder.nom} : ${day ?? 'non renseignée'}`,
      before: { aptitude_medicale_jusqu_au: holder.aptitude },
      after: { aptitude_medicale_jusqu_au: day },
    });
  });
}

export function listTitles(db: Db, q: HabilitationListQuery) {
  return repo.listTitles(db, { before: q.expire_avant, search: q.search }, q.page, q.limit);
}
