import type { SessionUser } from '@gmao/domain/auth/user';
import { EQUIPMENT_MESSAGES } from '@gmao/domain/equipment/equipment-schemas';
import {
  METER_MESSAGES as M,
  type MeterReading,
  type MeterReadingInput,
  meterReadingRefusal,
} from '@gmao/domain/equipment/meter-schemas';
import { planningToday } from '@gmao/domain/interventions/schedule-schemas';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as repo from './meter.repository.ts';

/** Running-hours readings of an equipment (meter trigger of preventive plans, issue 17). */
export async function listReadings(db: Db, equipementId: number, limit = 20): Promise<MeterReading[]> {
  if (!(await repo.equipmentExists(db, equipementId))) throw new AppError('NOT_FOUND', EQUIPMENT_MESSAGES.notFound);
  return repo.listReadings(db, equipementId, limit);
}

function refuseFutureDay(date: string) {
  // The reading's day is Casablanca's, as the completion day it is compared with (plans.repository.ts atBaseline).
  if (date > planningToday()) throw new AppError('BAD_REQUEST', M.dateFuture, [{ field: 'date', msg: M.dateFuture }]);
}

async function lockEquipment(tx: DbOrTx, equipementId: number) {
  if (!(await repo.lockEquipment(tx, equipementId))) throw new AppError('NOT_FOUND', EQUIPMENT_MESSAGES.notFound);
}

/** The reading must fit between its neighbours (the others: `exceptId` is the one being corrected). */
async function checkPlausible(tx: DbOrTx, equipementId: number, input: MeterReadingInput, exceptId: number | null) {
  const { before, after } = await repo.neighbours(tx, equipementId, input.date, exceptId);
  const refused = meterReadingRefusal(input, before, after);
  if (refused) throw new AppError('BUSINESS_RULE', refused, [{ field: 'valeur', msg: refused }]);
}

/**
 * A reading lower than an earlier one (or higher than a later one), or more than 24 h per calendar day away from
 * them, is refused (422, French message): a running-hours meter only goes up, and no faster than the clock. The
 * equipment row is locked so two readings of one equipment are checked one after the other.
 */
export async function addReading(
  db: Db,
  user: SessionUser,
  equipementId: number,
  input: MeterReadingInput,
): Promise<MeterReading> {
  refuseFutureDay(input.date);
  const id = await db.transaction(async (tx) => {
    await lockEquipment(tx, equipementId);
    await checkPlausible(tx, equipementId, input, null);
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

async function mustLockReading(tx: DbOrTx, equipementId: number, readingId: number) {
  await lockEquipment(tx, equipementId);
  const reading = await repo.lockReading(tx, equipementId, readingId);
  if (!reading) throw new AppError('NOT_FOUND', M.notFound);
  return reading;
}

/**
 * Corrects a reading (its day and value) under the same rules as a new one, checked against the other readings.
 * Plans read the readings at each generation (plan-generation.repository.ts), so their meter triggers follow.
 */
export async function updateReading(
  db: Db,
  equipementId: number,
  readingId: number,
  input: MeterReadingInput,
): Promise<MeterReading> {
  refuseFutureDay(input.date);
  await db.transaction(async (tx) => {
    const before = await mustLockReading(tx, equipementId, readingId);
    await checkPlausible(tx, equipementId, input, readingId);
    await repo.updateReading(tx, readingId, input);
    await recordAudit(tx, {
      action: 'equipment.meter_reading_update',
      entityId: equipementId,
      summary: `Relevé compteur corrigé : ${before.valeur} h le ${before.date} → ${input.valeur} h le ${input.date}`,
      before: { id: readingId, date: before.date, valeur: before.valeur },
      after: { id: readingId, ...input },
    });
  });
  return repo.findReading(db, readingId);
}

/** Deletes a reading (the others stay ordered: removing one cannot break the order of its neighbours). */
export async function deleteReading(db: Db, equipementId: number, readingId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await mustLockReading(tx, equipementId, readingId);
    await repo.deleteReading(tx, readingId);
    await recordAudit(tx, {
      action: 'equipment.meter_reading_delete',
      entityId: equipementId,
      summary: `Relevé compteur supprimé : ${before.valeur} h le ${before.date}`,
      before: { id: readingId, date: before.date, valeur: before.valeur },
    });
  });
}
