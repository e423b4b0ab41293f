import type { SessionUser } from '@gmao/domain/auth/user';
import { CHECKLIST_MAX_ITEMS, CHECKLIST_MESSAGES as M } from '@gmao/domain/interventions/checklist-schemas';
import { REVIEW_MESSAGES } from '@gmao/domain/interventions/review-schemas';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { Db, DbOrTx } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import { lockForAction, type VersionPrecondition } from '../access.ts';
import { findIntervention } from '../interventions.repository.ts';
import { sendBackToReviewOnChange } from '../review/review.service.ts';
import { insertHistory } from '../workflow/history.repository.ts';
import { addItem, countItems, deleteItem, listChecklist, setChecked } from './checklist.repository.ts';

const mustLock = (tx: DbOrTx, user: SessionUser, id: number, precondition?: VersionPrecondition) =>
  lockForAction(tx, user, id, 'checklist', precondition);

/** Issue 30: a change to the checklist of a submitted or approved intervention sends it back to review. */
const backToReview = (tx: DbOrTx, user: SessionUser, id: number) =>
  sendBackToReviewOnChange(tx, user, id, REVIEW_MESSAGES.whatChecklist);

export async function getChecklist(db: Db, id: number) {
  if (!(await findIntervention(db, id))) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  return listChecklist(db, id);
}

/** Checks or unchecks an item (who and when are kept on the item), in the caller's transaction (also a sync tick). */
export async function checkItemInTx(
  tx: DbOrTx,
  user: SessionUser,
  id: number,
  itemId: number,
  checked: boolean,
  precondition?: VersionPrecondition,
) {
  await mustLock(tx, user, id, precondition);
  if (!(await setChecked(tx, id, itemId, checked, user.id))) throw new AppError('NOT_FOUND', M.itemNotFound);
  return backToReview(tx, user, id);
}

export async function checkItem(
  db: Db,
  user: SessionUser,
  id: number,
  itemId: number,
  checked: boolean,
  precondition?: VersionPrecondition,
) {
  const sentBack = await db.transaction((tx) => checkItemInTx(tx, user, id, itemId, checked, precondition));
  return { data: await listChecklist(db, id), backToReview: sentBack };
}

export async function addChecklistItem(
  db: Db,
  user: SessionUser,
  id: number,
  label: string,
  precondition?: VersionPrecondition,
) {
  const sentBack = await db.transaction(async (tx) => {
    await mustLock(tx, user, id, precondition);
    if ((await countItems(tx, id)) >= CHECKLIST_MAX_ITEMS) throw new AppError('BUSINESS_RULE', M.maxItems);
    await addItem(tx, id, label);
    await insertHistory(tx, { interventionId: id, from: null, to: null, note: M.historyAdded(label), userId: user.id });
    return backToReview(tx, user, id);
  });
  return { data: await listChecklist(db, id), backToReview: sentBack };
}

export async function removeChecklistItem(
  db: Db,
  user: SessionUser,
  id: number,
  itemId: number,
  precondition?: VersionPrecondition,
) {
  const sentBack = await db.transaction(async (tx) => {
    await mustLock(tx, user, id, precondition);
    const label = await deleteItem(tx, id, itemId);
    if (label === null) throw new AppError('NOT_FOUND', M.itemNotFound);
    await insertHistory(tx, {
      interventionId: id,
      from: null,
      to: null,
      note: M.historyDeleted(label),
      userId: user.id,
    });
    return backToReview(tx, user, id);
  });
  return { data: await listChecklist(db, id), backToReview: sentBack };
}
