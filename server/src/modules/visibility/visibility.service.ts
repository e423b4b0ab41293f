import type { SessionUser } from '@gmao/domain/auth/user';
import { type GuardedObject, VISIBILITY_MESSAGES, visibilityOf } from '@gmao/domain/auth/visibility';
import type { DbOrTx } from '../../db/database.ts';
import { seesObject } from '../../db/visibility.ts';
import { AppError } from '../../lib/app-error.ts';

/** Whether `user` sees the client, equipment or intervention `id` (and it exists): db/visibility.ts decides. */
export function userSees(db: DbOrTx, user: SessionUser, kind: GuardedObject, id: number): Promise<boolean> {
  return seesObject(db, visibilityOf(user), kind, id);
}

/**
 * A report or export whose figures would otherwise cover the whole company: a user who sees less must name one client
 * he sees (403 with the reason when he names none, 404 "introuvable" for a client out of his sight). Nothing for a
 * user who sees the whole company.
 */
export async function requireClientInScope(db: DbOrTx, user: SessionUser, clientId: number | undefined): Promise<void> {
  if (visibilityOf(user).kind === 'company') return;
  if (clientId === undefined) throw new AppError('FORBIDDEN', VISIBILITY_MESSAGES.clientRequired);
  if (!(await userSees(db, user, 'client', clientId)))
    throw new AppError('NOT_FOUND', VISIBILITY_MESSAGES.clientNotFound);
}

/**
 * A write that names its client or its equipment (a preventive plan's target): a user who sees less than the company
 * may only name one he sees (404 "introuvable" otherwise, as for a missing one).
 */
export async function requireTargetInScope(
  db: DbOrTx,
  user: SessionUser,
  target: { client_id?: number | null; equipement_id?: number | null },
): Promise<void> {
  if (visibilityOf(user).kind === 'company') return;
  if (target.equipement_id != null && !(await userSees(db, user, 'equipment', target.equipement_id))) {
    throw new AppError('NOT_FOUND', VISIBILITY_MESSAGES.equipmentNotFound);
  }
  if (target.client_id != null && !(await userSees(db, user, 'client', target.client_id))) {
    throw new AppError('NOT_FOUND', VISIBILITY_MESSAGES.clientNotFound);
  }
}
