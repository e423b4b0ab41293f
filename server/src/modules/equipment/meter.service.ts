import type { SessionUser } from '@gmao/domain/auth/user';
import { EQUIPMENT_MESSAGES } from '@gmao/domain/equipment/equipment-schemas';
import { METER_MESSAGES as M, type MeterReading, type MeterReadingInput } from '@gmao/domain/equipment/meter-schemas';
import { planningToday } from '@gmao/domain/interventions/schedule-schemas';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as repo from './meter.repository.ts';

/** Running-hours readings of an equipment (meter trigger of preventive plans, issue 17). */
export async function listReadings(db: Db, equipementId: number, limit = 20): Promise<MeterReading[]> {
  if (!(await repo.equipmentExists(db, equipementId))) throw new AppError('NOT_FOUND', EQUIPMENT_MESSAGES.notFound);
  return repo.listReadings(db, equipementId, limit);
}

/**
 * A reading lower than an earlier one (or higher than a later one) is refused (422, French message): a running-hours
 * meter only goes up. The equipment row is locked so two readings of one equipment are checked one after the other.
 */
export async function addReading(
  db: Db,
  user: SessionUser,
  equipementId: number,
  input: MeterReadingInput,
): Promise<MeterReading> {
  // The reading's day is Casablanca's, as the completion day it is compared with (plans.repository.ts atBaseline).
  if (input.date > planningToday()) {
    throw new AppError('BAD_REQUEST', M.dateFuture, [{ field: 'date', msg: M.dateFuture }]);
  }
  const id = await db.transaction(async (tx) => {
    if (!(await repo.lockEquipment(tx, equipementId))) throw new AppError('NOT_FOUND', EQUIPMENT_MESSAGES.notFound);
    const { before, after } = await repo.neighbours(tx, equipementId, input.date);
    if (before && input.valeur < before.valeur) {
      const msg = M.lowerThanPrevious(before.valeur, before.date);
      throw new AppError('BUSINESS_RULE', msg, [{ field: 'valeur', msg }]);
    }
    if (after && input.valeur > after.valeur) {
      const msg = M.higherThanNext(after.valeur, after.date);
      throw new AppError('BUSINESS_RULE', msg, [{ field: 'valeur', msg }]);
    }
    const readingId = await repo.insertReading(tx, { equipementId, ...input, userId: user.id });
    await recordAudit(tx, {
      action: 'equipment.meter_reading',
      entityId: equipementId,
      summary: `Relevé compteur : ${input.valeur} h le ${input.date}`,
      after: input,
    });
    return readingId;
  });
  return repo.findReading(db, id);
}
