import type { SessionUser } from '@gmao/domain/auth/user';
import { COMPANY_VISIBILITY, visibilityOf } from '@gmao/domain/auth/visibility';
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

export async function list(db: Db, user: SessionUser, query: EquipmentListQuery) {
  const visibility = visibilityOf(user);
  if (query.updated_since || query.cursor) {
    // Changes since (issue 35): oldest change first, one page, resumed by `sync.cursor`
    const { rows, sync } = await repo.equipmentChangedSince(db, { ...query, visibility });
    return { data: rows, pagination: makePagination(rows.length, 1, query.limit), sync };
  }
  const { rows, total } = await repo.listEquipment(db, { ...query, visibility });
  return { data: rows, pagination: makePagination(total, query.page, query.limit) };
}

/** The equipment as `user` may see it (another section's is "introuvable"), with its maintenance history. */
export async function get(db: DbOrTx, user: SessionUser | null, id: number): Promise<EquipmentDetail> {
  const item = await repo.findEquipment(db, id, user ? visibilityOf(user) : COMPANY_VISIBILITY);
  if (!item) throw new AppError('NOT_FOUND', EQUIPMENT_MESSAGES.notFound);
  return { ...item, ...(await repo.maintenanceOf(db, id)) };
}

/**
 * The owner is checked (and key-share locked) in the same transaction as the write, and so is the equipment's
 * current owner on an update: a section-limited user neither reaches another section's equipment nor gives his
 * equipment to a client he cannot see.
 */
async function withOwner<T>(
  db: Db,
  user: SessionUser,
  ownerId: number,
  write: (tx: DbOrTx) => Promise<T>,
  currentId?: number,
): Promise<T> {
  const v = visibilityOf(user);
  try {
    return await db.transaction(async (tx) => {
      if (currentId !== undefined && !(await repo.findEquipment(tx, currentId, v))) {
        throw new AppError('NOT_FOUND', EQUIPMENT_MESSAGES.notFound);
      }
      if (!(await repo.clientExists(tx, ownerId, v))) throw ownerMissing();
      return write(tx);
    });
  } catch (err) {
    if (isForeignKeyViolation(err)) throw ownerMissing();
    throw err;
  }
}

export async function create(db: Db, user: SessionUser, input: EquipmentInput): Promise<EquipmentDetail> {
  const id = await withOwner(db, user, input.proprietaire_id, (tx) => repo.insertEquipment(tx, input, user.id));
  return get(db, user, id);
}

export async function update(db: Db, user: SessionUser, id: number, input: EquipmentInput): Promise<EquipmentDetail> {
  const found = await withOwner(db, user, input.proprietaire_id, (tx) => repo.updateEquipment(tx, id, input), id);
  if (!found) throw new AppError('NOT_FOUND', EQUIPMENT_MESSAGES.notFound);
  return get(db, user, id);
}

/** Refused (409) while interventions reference the equipment. */
export async function remove(db: Db, user: SessionUser, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      if (!(await repo.findEquipment(tx, id, visibilityOf(user)))) {
        throw new AppError('NOT_FOUND', EQUIPMENT_MESSAGES.notFound);
      }
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
