import { type Calendar, type CalendarInput, CONTRACT_MESSAGES as M } from '@gmao/domain/contracts/contract-schemas';
import type { HolidayInput } from '@gmao/domain/plans/plan-schemas';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as plans from '../plans/plans.service.ts';
import * as repo from './calendars.repository.ts';
import { fieldError } from './contracts.service.ts';

// Business calendars (issue 31) outlive any one contract: several contracts and their old versions share one, so
// they are written on their own, names one at a time, and never deleted from under a contract that uses them.

export async function listCalendars(db: Db): Promise<Calendar[]> {
  return repo.listCalendars(db);
}

export async function getCalendar(db: DbOrTx, id: number): Promise<Calendar> {
  const row = await repo.findCalendar(db, id);
  if (!row) throw new AppError('NOT_FOUND', M.calendarNotFound);
  return row;
}

export async function createCalendar(db: Db, input: CalendarInput): Promise<Calendar> {
  return db.transaction(async (tx) => {
    await repo.lockCalendarNames(tx);
    if (await repo.calendarNameTaken(tx, input.nom, null)) throw fieldError('nom', M.nomTaken, 'CONFLICT');
    const id = await repo.insertCalendar(tx, input);
    await recordAudit(tx, {
      action: 'calendar.create',
      entityId: id,
      summary: `Calendrier « ${input.nom} » créé`,
      after: input,
    });
    return getCalendar(tx, id);
  });
}

export async function updateCalendar(db: Db, id: number, input: CalendarInput): Promise<Calendar> {
  return db.transaction(async (tx) => {
    await repo.lockCalendarNames(tx);
    if (!(await repo.lockCalendar(tx, id))) throw new AppError('NOT_FOUND', M.calendarNotFound);
    if (await repo.calendarNameTaken(tx, input.nom, id)) throw fieldError('nom', M.nomTaken, 'CONFLICT');
    const before = await getCalendar(tx, id);
    await repo.updateCalendar(tx, id, input);
    const after = await getCalendar(tx, id);
    await recordAudit(tx, {
      action: 'calendar.update',
      entityId: id,
      summary: `Calendrier « ${input.nom} » modifié`,
      before,
      after,
    });
    return after;
  });
}

/** Refused (409) while a contract, or any version of one, uses it. */
export async function deleteCalendar(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await repo.lockCalendar(tx, id))) throw new AppError('NOT_FOUND', M.calendarNotFound);
    const uses = await repo.calendarUses(tx, id);
    if (uses > 0) throw new AppError('CONFLICT', M.calendarInUse(uses));
    const before = await getCalendar(tx, id);
    await repo.deleteCalendar(tx, id);
    await recordAudit(tx, {
      action: 'calendar.delete',
      entityId: id,
      summary: `Calendrier « ${before.nom} » supprimé`,
      before,
    });
  });
}

/** The company's public holidays are the preventive plans' list (one list, audited there). */
export const listHolidays = (db: Db) => plans.listHolidays(db);
export const createHoliday = (db: Db, input: HolidayInput) => plans.createHoliday(db, input);
export const deleteHoliday = (db: Db, id: number) => plans.deleteHoliday(db, id);
