import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { SessionUser } from '@gmao/domain/auth/user';
import type { Visibility } from '@gmao/domain/auth/visibility';
import { makePagination } from '@gmao/domain/common/api';
import { sanitizeFilename } from '@gmao/domain/common/filename';
import {
  type Calendar,
  type CalendarInput,
  type Contract,
  type ContractInput,
  type ContractListItem,
  type ContractListQuery,
  dayFr,
  CONTRACT_MESSAGES as M,
} from '@gmao/domain/contracts/contract-schemas';
import { metricsToday } from '@gmao/domain/dashboard/metrics';
import {
  type AttachmentType,
  extensionOf,
  isAllowedAttachment,
  mimeTypeFor,
} from '@gmao/domain/interventions/attachment-schemas';
import { ATTACHMENT_MESSAGES } from '@gmao/domain/interventions/messages';
import type { HolidayInput } from '@gmao/domain/plans/plan-schemas';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { contentMatches } from '../../lib/file-content.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as plans from '../plans/plans.service.ts';
import * as repo from './contracts.repository.ts';

/**
 * Maintenance contracts and business calendars (issue 31). Every write is one transaction with its audit row.
 * A contract's save writes a new version (the intervention clocks keep the one they started under); contracts of
 * one client are written one at a time (advisory lock) so the overlap check cannot be raced.
 */

const fieldError = (field: string, msg: string, kind: 'BAD_REQUEST' | 'CONFLICT' | 'BUSINESS_RULE' = 'BAD_REQUEST') =>
  new AppError(kind, msg, [{ field, msg }]);

/** The most documents a contract holds. */
export const MAX_CONTRACT_DOCUMENTS = 20;

// ---------------------------------------------------------------- calendars

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

// ---------------------------------------------------------------- contracts

export async function listContracts(db: Db, q: ContractListQuery & { visibility?: Visibility }) {
  const { rows, total } = await repo.listContracts(db, q, metricsToday());
  const data: ContractListItem[] = rows.map(({ created_at: _c, updated_at: _u, ...r }) => r);
  return { data, pagination: makePagination(total, q.page, q.limit) };
}

/** For the clients module: a client with contracts is not deleted (409 with this message). */
export async function clientContractsRefusal(tx: DbOrTx, clientId: number): Promise<string | null> {
  const n = await repo.countClientContracts(tx, clientId);
  return n > 0 ? M.clientHasContracts(n) : null;
}

export async function getContract(db: DbOrTx, id: number): Promise<Contract> {
  const head = await repo.findContractHead(db, id, metricsToday());
  if (!head) throw new AppError('NOT_FOUND', M.notFound);
  // One after the other: inside a transaction they share one connection.
  const equipment = await repo.contractEquipment(db, id);
  const planRows = await repo.contractPlans(db, id);
  const versions = await repo.listVersions(db, id);
  const documents = await repo.listDocuments(db, id);
  const current = versions[0];
  return {
    ...head,
    equipement_ids: head.equipements === null ? null : equipment.map((e) => e.id),
    equipements_detail: equipment,
    plan_ids: planRows.map((p) => p.id),
    plans_detail: planRows,
    garanties: current?.garanties ?? [],
    statuts_pause: current?.statuts_pause ?? [],
    versions,
    documents: documents.map(({ storageKey: _k, ...d }) => d),
  };
}

/** Client, calendar, equipment and plans must exist and be the client's; no other contract may cover the same
 * equipment over the same dates. Called under the client's lock. */
async function checkContract(tx: DbOrTx, input: ContractInput, exceptId: number | null) {
  if (!(await repo.clientExists(tx, input.client_id))) throw fieldError('client_id', M.clientNotFound);
  if (!(await repo.calendarExists(tx, input.calendrier_id))) throw fieldError('calendrier_id', M.calendarNotFound);
  if (input.equipement_ids !== null) {
    const foreign = await repo.equipmentNotOfClient(tx, input.client_id, input.equipement_ids);
    if (foreign.length > 0) throw fieldError('equipement_ids', M.equipmentNotOfClient(foreign));
  }
  const foreignPlans = await repo.plansNotOfClient(tx, input.client_id, input.plan_ids);
  if (foreignPlans.length > 0) throw fieldError('plan_ids', M.planNotOfClient(foreignPlans));
  if (await repo.numeroTaken(tx, input.numero, exceptId)) throw fieldError('numero', M.numeroTaken, 'CONFLICT');
  const overlap = await repo.findOverlap(tx, {
    clientId: input.client_id,
    exceptId,
    debut: input.date_debut,
    fin: input.date_fin,
    equipementIds: input.equipement_ids,
  });
  if (overlap) {
    const from = dayFr(overlap.date_debut);
    const to = dayFr(overlap.date_fin);
    const msg =
      overlap.equipement_nom === null
        ? M.overlapAll(overlap.numero, from, to)
        : M.overlap(overlap.numero, overlap.equipement_nom, from, to);
    throw fieldError('equipement_ids', msg, 'CONFLICT');
  }
}

/** Two clients' contracts saved at once with the same number: the unique index decides, answered as a 409. */
async function numeroRace<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const code =
      (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code === '23505') throw fieldError('numero', M.numeroTaken, 'CONFLICT');
    throw err;
  }
}

export async function createContract(db: Db, user: SessionUser, input: ContractInput): Promise<Contract> {
  return numeroRace(() => createInTx(db, user, input));
}

async function createInTx(db: Db, user: SessionUser, input: ContractInput): Promise<Contract> {
  return db.transaction(async (tx) => {
    await repo.lockClientContracts(tx, input.client_id);
    await checkContract(tx, input, null);
    const id = await repo.insertContract(tx, input, user.id);
    await repo.writeVersion(tx, id, 1, input, user.id);
    await recordAudit(tx, {
      action: 'contract.create',
      entityId: id,
      summary: `Contrat ${input.numero} créé`,
      after: input,
    });
    return getContract(tx, id);
  });
}

/** A new version with the new terms; interventions already under an older one keep it. */
export async function updateContract(db: Db, user: SessionUser, id: number, input: ContractInput): Promise<Contract> {
  return numeroRace(() => updateInTx(db, user, id, input));
}

async function updateInTx(db: Db, user: SessionUser, id: number, input: ContractInput): Promise<Contract> {
  return db.transaction(async (tx) => {
    const found = await repo.lockContract(tx, id);
    if (!found) throw new AppError('NOT_FOUND', M.notFound);
    // Both clients when the contract changes hands, in id order (no deadlock between two such moves).
    for (const clientId of [...new Set([found.client_id, input.client_id])].sort((a, b) => a - b)) {
      await repo.lockClientContracts(tx, clientId);
    }
    await checkContract(tx, input, id);
    const before = await getContract(tx, id);
    const version = found.version + 1;
    await repo.updateContractHead(tx, id, input, version);
    await repo.writeVersion(tx, id, version, input, user.id);
    const { versions: _v, documents: _d, ...beforeTerms } = before;
    await recordAudit(tx, {
      action: 'contract.update',
      entityId: id,
      summary: `Contrat ${input.numero} modifié (version ${version})`,
      before: beforeTerms,
      after: input,
    });
    return getContract(tx, id);
  });
}

/**
 * A contract no intervention clock follows is deleted with its versions and documents (their files after the
 * commit); one that some clock follows is only taken out of the lists and of the coverage (soft delete), so those
 * interventions keep their terms and their report.
 */
export async function deleteContract(db: Db, storage: FileStorage, id: number): Promise<{ soft: boolean }> {
  const { soft, keys } = await db.transaction(async (tx) => {
    const found = await repo.lockContract(tx, id);
    if (!found) throw new AppError('NOT_FOUND', M.notFound);
    await repo.lockClientContracts(tx, found.client_id);
    const before = await getContract(tx, id);
    const referenced = await repo.contractReferenced(tx, id);
    let removed: string[] = [];
    if (referenced) await repo.softDeleteContract(tx, id);
    else removed = await repo.deleteContract(tx, id);
    const { versions: _v, documents: _d, ...terms } = before;
    await recordAudit(tx, {
      action: 'contract.delete',
      entityId: id,
      summary: `Contrat ${before.numero} supprimé${referenced ? ' (conservé pour les interventions qui le suivent)' : ''}`,
      before: terms,
    });
    return { soft: referenced, keys: removed };
  });
  if (keys.length > 0) await storage.remove(keys);
  return { soft };
}

// ---------------------------------------------------------------- documents

export interface IncomingFile {
  filename: string;
  mimetype: string;
  file: Readable & { truncated?: boolean };
}

export class DocumentTooLargeError extends Error {
  readonly statusCode = 413;
  constructor() {
    super(ATTACHMENT_MESSAGES.tooLarge);
  }
}

const publicDocument = ({ storageKey: _k, ...d }: repo.DocumentRow) => d;

async function liveContract(db: DbOrTx, id: number) {
  if (!(await repo.findContractHead(db, id, metricsToday()))) throw new AppError('NOT_FOUND', M.notFound);
}

export async function listDocuments(db: Db, id: number) {
  await liveContract(db, id);
  return (await repo.listDocuments(db, id)).map(publicDocument);
}

/**
 * The attachments' checks (sanitised name, allowed extension and declared type, stored bytes sniffed), the file
 * stored under contracts/<id>/ through FileStorage, then the row in a transaction with its audit; any failure after
 * the write removes the file.
 */
export async function uploadDocument(
  db: Db,
  storage: FileStorage,
  user: SessionUser,
  id: number,
  upload: IncomingFile,
) {
  await liveContract(db, id);
  if ((await repo.countDocuments(db, id)) >= MAX_CONTRACT_DOCUMENTS) {
    upload.file.resume();
    throw new AppError('BUSINESS_RULE', M.documentsTooMany(MAX_CONTRACT_DOCUMENTS));
  }
  const filename = sanitizeFilename(upload.filename ?? '');
  const type = mimeTypeFor(filename) as AttachmentType | null;
  if (!type || !isAllowedAttachment(filename, upload.mimetype)) {
    upload.file.resume();
    throw fieldError('file', ATTACHMENT_MESSAGES.typeRefused);
  }
  const key = `contracts/${id}/${randomUUID()}${extensionOf(filename)}`;
  const size = await storage.save(key, upload.file);
  if (upload.file.truncated) {
    await storage.remove([key]);
    throw new DocumentTooLargeError();
  }
  try {
    if (!(await contentMatches(type, async () => (await storage.open(key))?.stream ?? null))) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', ATTACHMENT_MESSAGES.contentRefused, [
        { field: 'file', msg: ATTACHMENT_MESSAGES.contentRefused },
      ]);
    }
    const docId = await db.transaction(async (tx) => {
      if (!(await repo.lockContract(tx, id))) throw new AppError('NOT_FOUND', M.notFound);
      if ((await repo.countDocuments(tx, id)) >= MAX_CONTRACT_DOCUMENTS) {
        throw new AppError('BUSINESS_RULE', M.documentsTooMany(MAX_CONTRACT_DOCUMENTS));
      }
      const inserted = await repo.insertDocument(tx, {
        contractId: id,
        filename,
        mimeType: type,
        sizeBytes: size,
        storageKey: key,
        userId: user.id,
      });
      await recordAudit(tx, {
        action: 'contract.document_upload',
        entityType: 'contract',
        entityId: id,
        summary: `Document « ${filename} » ajouté au contrat`,
        after: { document_id: inserted, nom: filename, taille: size },
      });
      return inserted;
    });
    return publicDocument((await repo.findDocument(db, id, docId))!);
  } catch (err) {
    await storage.remove([key]);
    throw err;
  }
}

export async function openDocument(db: Db, storage: FileStorage, id: number, docId: number) {
  await liveContract(db, id);
  const row = await repo.findDocument(db, id, docId);
  if (!row) throw new AppError('NOT_FOUND', M.documentNotFound);
  const file = await storage.open(row.storageKey);
  if (!file) throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.fileMissing);
  return { ...publicDocument(row), ...file };
}

/** The row goes first, the file once that has committed. */
export async function removeDocument(db: Db, storage: FileStorage, id: number, docId: number): Promise<void> {
  const key = await db.transaction(async (tx) => {
    if (!(await repo.lockContract(tx, id))) throw new AppError('NOT_FOUND', M.notFound);
    const removed = await repo.deleteDocument(tx, id, docId);
    if (!removed) throw new AppError('NOT_FOUND', M.documentNotFound);
    await recordAudit(tx, {
      action: 'contract.document_delete',
      entityType: 'contract',
      entityId: id,
      summary: `Document « ${removed.originalName} » retiré du contrat`,
      before: publicDocument(removed),
    });
    return removed.storageKey;
  });
  await storage.remove([key]);
}
