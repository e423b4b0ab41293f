import type { SessionUser } from '@gmao/domain/auth/user';
import {
  MAX_MATERIAL_LINES,
  type MaterialInput,
  type MaterialUpdate,
} from '@gmao/domain/interventions/material-schemas';
import { MATERIAL_MESSAGES } from '@gmao/domain/interventions/messages';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { findIntervention, lockIntervention } from './interventions.repository.ts';
import {
  countMaterials,
  deleteMaterial,
  findMaterial,
  insertMaterial,
  listMaterials,
  updateMaterial,
} from './materials.repository.ts';

/** Locks the intervention (so the line count holds) and refuses a cancelled one. */
async function lockWritable(tx: DbOrTx, id: number) {
  const current = await lockIntervention(tx, id);
  if (!current) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  if (current.statut === 'ANNULEE') throw new AppError('BUSINESS_RULE', MATERIAL_MESSAGES.cancelled);
}

export async function getMaterials(db: Db, id: number) {
  if (!(await findIntervention(db, id))) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  return listMaterials(db, id);
}

export async function addMaterial(db: Db, user: SessionUser, id: number, input: MaterialInput) {
  const mid = await db.transaction(async (tx) => {
    await lockWritable(tx, id);
    if ((await countMaterials(tx, id)) >= MAX_MATERIAL_LINES) {
      throw new AppError('BUSINESS_RULE', MATERIAL_MESSAGES.tooMany(MAX_MATERIAL_LINES));
    }
    return insertMaterial(tx, id, input, user.id);
  });
  return (await findMaterial(db, id, mid))!;
}

export async function editMaterial(db: Db, id: number, mid: number, input: MaterialUpdate) {
  await db.transaction(async (tx) => {
    await lockWritable(tx, id);
    if (!(await updateMaterial(tx, id, mid, input))) throw new AppError('NOT_FOUND', MATERIAL_MESSAGES.notFound);
  });
  return (await findMaterial(db, id, mid))!;
}

export async function removeMaterial(db: Db, id: number, mid: number) {
  await db.transaction(async (tx) => {
    await lockWritable(tx, id);
    if (!(await deleteMaterial(tx, id, mid))) throw new AppError('NOT_FOUND', MATERIAL_MESSAGES.notFound);
  });
}
