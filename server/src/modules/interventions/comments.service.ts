import { isAdmin } from '@gmao/domain/auth/permissions';
import type { SessionUser } from '@gmao/domain/auth/user';
import { ACTIVITY_MESSAGES } from '@gmao/domain/interventions/messages';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  deleteComment,
  findComment,
  insertComment,
  listComments,
  lockCommentAuthor,
  updateComment,
} from './comments.repository.ts';
import { findIntervention } from './interventions.repository.ts';

async function mustExist(db: DbOrTx, id: number) {
  if (!(await findIntervention(db, id))) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
}

export async function getComments(db: Db, id: number, page: number, limit: number) {
  await mustExist(db, id);
  return listComments(db, id, page, limit);
}

export async function addComment(db: Db, user: SessionUser, id: number, comment: string) {
  await mustExist(db, id);
  const cid = await insertComment(db, id, user.id, comment);
  return (await findComment(db, id, cid))!;
}

/** Only the author or an administrator may change a comment; the author row is locked while checking. */
async function withOwnComment(db: Db, user: SessionUser, id: number, cid: number, fn: (tx: DbOrTx) => Promise<void>) {
  await db.transaction(async (tx) => {
    const author = await lockCommentAuthor(tx, id, cid);
    if (author === undefined) throw new AppError('NOT_FOUND', ACTIVITY_MESSAGES.commentNotFound);
    if (author !== user.id && !isAdmin(user)) throw new AppError('FORBIDDEN', ACTIVITY_MESSAGES.commentForbidden);
    await fn(tx);
  });
}

export async function editComment(db: Db, user: SessionUser, id: number, cid: number, comment: string) {
  await withOwnComment(db, user, id, cid, (tx) => updateComment(tx, cid, comment));
  return (await findComment(db, id, cid))!;
}

export async function removeComment(db: Db, user: SessionUser, id: number, cid: number) {
  await withOwnComment(db, user, id, cid, (tx) => deleteComment(tx, cid));
}
