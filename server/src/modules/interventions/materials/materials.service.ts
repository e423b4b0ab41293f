import type { SessionUser } from '@gmao/domain/auth/user';
import {
  MAX_MATERIAL_LINES,
  type MaterialInput,
  type MaterialUpdate,
} from '@gmao/domain/interventions/material-schemas';
import { MATERIAL_MESSAGES } from '@gmao/domain/interventions/messages';
import { REVIEW_MESSAGES } from '@gmao/domain/interventions/review-schemas';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { Db, DbOrTx } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import {
  lineQuantityChanged,
  lineStockOf,
  releaseLine,
  reserveForLine,
} from '../../stock/requests/part-requests.service.ts';
import { lockForAction, lockForItem, type VersionPrecondition } from '../access.ts';
import { findIntervention } from '../interventions.repository.ts';
import { sendBackToReviewOnChange } from '../review/review.service.ts';
import {
  countMaterials,
  deleteMaterial,
  findMaterial,
  insertMaterial,
  listMaterials,
  lockMaterialAuthor,
  updateMaterial,
} from './materials.repository.ts';

/** Refuses a cancelled intervention (locked by the caller, so the line count holds). */
function mustBeWritable(current: { statut: string }) {
  if (current.statut === 'ANNULEE') throw new AppError('BUSINESS_RULE', MATERIAL_MESSAGES.cancelled);
}

/**
 * Locks the intervention and the line, then checks the line is the user's (or that he holds interventions:assign):
 * a line is changed by its author, not by whoever holds the intervention.
 */
async function lockOwnLine(tx: DbOrTx, user: SessionUser, id: number, mid: number, precondition?: VersionPrecondition) {
  const item = { lockAuthor: (t: DbOrTx) => lockMaterialAuthor(t, id, mid), notFound: MATERIAL_MESSAGES.notFound };
  mustBeWritable(await lockForItem(tx, user, id, item, precondition));
}

export async function getMaterials(db: Db, id: number) {
  if (!(await findIntervention(db, id))) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  return listMaterials(db, id);
}

/** Issue 30: a change to the materials of a submitted or approved intervention sends it back to review. */
const backToReview = (tx: DbOrTx, user: SessionUser, id: number) =>
  sendBackToReviewOnChange(tx, user, id, REVIEW_MESSAGES.whatMaterials);

/** A new line in the caller's transaction (also a synchronised material); returns its id. */
export async function addMaterialInTx(
  tx: DbOrTx,
  user: SessionUser,
  id: number,
  input: MaterialInput,
  precondition?: VersionPrecondition,
) {
  mustBeWritable(await lockForAction(tx, user, id, 'materials', precondition));
  if ((await countMaterials(tx, id)) >= MAX_MATERIAL_LINES) {
    throw new AppError('BUSINESS_RULE', MATERIAL_MESSAGES.tooMany(MAX_MATERIAL_LINES));
  }
  const mid = await insertMaterial(tx, id, input, user.id);
  if (input.part_id) {
    await reserveForLine(
      tx,
      user,
      mid,
      { part_id: input.part_id, location_id: input.location_id ?? null },
      Number(input.quantite),
    );
  }
  return { mid, backToReview: await backToReview(tx, user, id) };
}

export async function addMaterial(
  db: Db,
  user: SessionUser,
  id: number,
  input: MaterialInput,
  precondition?: VersionPrecondition,
) {
  const { mid, backToReview: sentBack } = await db.transaction((tx) =>
    addMaterialInTx(tx, user, id, input, precondition),
  );
  return { data: (await findMaterial(db, id, mid))!, backToReview: sentBack };
}

export async function editMaterial(
  db: Db,
  user: SessionUser,
  id: number,
  mid: number,
  input: MaterialUpdate,
  precondition?: VersionPrecondition,
) {
  const sentBack = await db.transaction(async (tx) => {
    await lockOwnLine(tx, user, id, mid, precondition);
    const before = await lineStockOf(tx, mid);
    await updateMaterial(tx, id, mid, input);
    if (before) await lineQuantityChanged(tx, user, mid, before.quantite);
    return backToReview(tx, user, id);
  });
  return { data: (await findMaterial(db, id, mid))!, backToReview: sentBack };
}

export async function removeMaterial(
  db: Db,
  user: SessionUser,
  id: number,
  mid: number,
  precondition?: VersionPrecondition,
) {
  return db.transaction(async (tx) => {
    await lockOwnLine(tx, user, id, mid, precondition);
    await releaseLine(tx, user, await lineStockOf(tx, mid));
    await deleteMaterial(tx, id, mid);
    return { backToReview: await backToReview(tx, user, id) };
  });
}
