import type { SessionUser } from '@gmao/domain/auth/user';
import { makePagination } from '@gmao/domain/common/api';
import {
  EQUIPMENT_MESSAGES,
  type EquipmentDetail,
  type EquipmentInput,
  type EquipmentListQuery,
} from '@gmao/domain/equipment/equipment-schemas';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as repo from './equipment.repository.ts';
import { isForeignKeyViolation } from './search.ts';

const ownerMissing = () =>
  new AppError('BAD_REQUEST', EQUIPMENT_MESSAGES.proprietaireNotFound, [
    { field: 'proprietaire_id', msg: EQUIPMENT_MESSAGES.proprietaireNotFound },
  ]);

export async function list(db: Db, query: EquipmentListQuery) {
  if (query.updated_since || query.cursor) {
    // Changes since (issue 35): oldest change first, one page, resumed by `sync.cursor`
    const { rows, sync } = await repo.equipmentChangedSince(db, query);
    return { data: rows, pagination: makePagination(rows.length, 1, query.limit), sync };
  }
  const { rows, total } = await repo.listEquipment(db, query);
  return { data: rows, pagination: makePagination(total, query.page, query.limit) };
}

export async function get(db: DbOrTx, id: number): Promise<EquipmentDetail> {
  const item = await repo.findEquipment(db, id);
  if (!item) throw new AppError('NOT_FOUND', EQUIPMENT_MESSAGES.notFound);
  return { ...item, ...(await repo.maintenanceOf(db, id)) };
}

/** The owner is checked (and key-share locked) in the same transaction as the write. */
async function withOwner<T>(db: Db, ownerId: number, write: (tx: DbOrTx) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(async (tx) => {
      if (!(await repo.clientExists(tx, ownerId))) throw ownerMissing();
      return write(tx);
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw ownerMissing();
    throw err;
  }
}

export async function create(db: Db, user: SessionUser, input: EquipmentInput): Promise<EquipmentDetail> {
  const id = await withOwner(db, input.proprietaire_id, (tx) => repo.insertEquipment(tx, input, user.id));
  return get(db, id);
}

export async function update(db: Db, id: number, input: EquipmentInput): Promise<EquipmentDetail> {
  const found = await withOwner(db, input.proprietaire_id, (tx) => repo.updateEquipment(tx, id, input));
  if (!found) throw new AppError('NOT_FOUND', EQUIPMENT_MESSAGES.notFound);
  return get(db, id);
}

/** Refused (409) while interventions reference the equipment. */
export async function remove(db: Db, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const count = await repo.lockInterventionCount(tx, id);
      if (count === null) throw new AppError('NOT_FOUND', EQUIPMENT_MESSAGES.notFound);
      if (count > 0) throw new AppError('CONFLICT', EQUIPMENT_MESSAGES.hasInterventions(count));
      const deleted = await repo.deleteEquipment(tx, id);
      await recordAudit(tx, {
        action: 'equipment.delete',
        entityId: id,
        summary: `Équipement « ${deleted?.nom ?? id} » supprimé`,
        before: deleted,
      });
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new AppError('CONFLICT', EQUIPMENT_MESSAGES.hasInterventions(1));
    throw err;
  }
}
