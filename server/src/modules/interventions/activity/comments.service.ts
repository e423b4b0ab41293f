import type { SessionUser } from '@gmao/domain/auth/user';
import { ACTIVITY_MESSAGES } from '@gmao/domain/interventions/messages';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { Db, DbOrTx } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import { lockForAction, lockForItem, type VersionPrecondition } from '../access.ts';
import { findIntervention } from '../interventions.repository.ts';
import {
  deleteComment,
  findComment,
  insertComment,
  listComments,
  lockCommentAuthor,
  updateComment,
} from './comments.repository.ts';

async function mustExist(db: DbOrTx, id: number) {
  if (!(await findIntervention(db, id))) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
}

export async function getComments(db: Db, id: number, page: number, limit: number) {
  await mustExist(db, id);
  return listComments(db, id, page, limit);
}

/** Any holder of interventions:update may comment, whoever holds the intervention. */
export async function addComment(
  db: Db,
  user: SessionUser,
  id: number,
  comment: string,
  precondition?: VersionPrecondition,
) {
  const cid = await db.transaction(async (tx) => {
    await lockForAction(tx, user, id, 'comment', precondition);
    return insertComment(tx, id, user.id, comment);
  });
  return (await findComment(db, id, cid))!;
}

/** Only the author or a holder of interventions:assign may change a comment; the row is locked while checking. */
async function withOwnComment(
  db: Db,
  user: SessionUser,
  ids: { id: number; cid: number },
  precondition: VersionPrecondition | undefined,
  fn: (tx: DbOrTx) => Promise<void>,
) {
  await db.transaction(async (tx) => {
    const item = {
      lockAuthor: (t: DbOrTx) => lockCommentAuthor(t, ids.id, ids.cid),
      notFound: ACTIVITY_MESSAGES.commentNotFound,
    };
    await lockForItem(tx, user, ids.id, item, precondition);
    await fn(tx);
  });
}

export async function editComment(
  db: Db,
  user: SessionUser,
  id: number,
  cid: number,
  comment: string,
  precondition?: VersionPrecondition,
) {
  await withOwnComment(db, user, { id, cid }, precondition, (tx) => updateComment(tx, cid, comment));
  return (await findComment(db, id, cid))!;
}

export async function removeComment(
  db: Db,
  user: SessionUser,
  id: number,
  cid: number,
  precondition?: VersionPrecondition,
) {
  await withOwnComment(db, user, { id, cid }, precondition, (tx) => deleteComment(tx, cid));
}
