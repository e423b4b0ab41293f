import type { SessionUser } from '@gmao/domain/auth/user';
import type { Visibility } from '@gmao/domain/auth/visibility';
import { makePagination } from '@gmao/domain/common/api';
import {
  type Contract,
  type ContractInput,
  type ContractListItem,
  type ContractListQuery,
  dayFr,
  CONTRACT_MESSAGES as M,
} from '@gmao/domain/contracts/contract-schemas';
import { metricsToday } from '@gmao/domain/dashboard/metrics';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as repo from './contracts.repository.ts';

/**
 * Maintenance contracts (issue 31). Every write is one transaction with its audit row.
 * A contract's save writes a new version (the intervention clocks keep the one they started under); contracts of
 * one client are written one at a time (advisory lock) so the overlap check cannot be raced. The business calendars
 * (calendars.service.ts) and the signed documents (contract-documents.service.ts) have files of their own.
 */

/** A 400/409/422 that names its field (shared by the calendars' and the documents' services). */
export const fieldError = (
  field: string,
  msg: string,
  kind: 'BAD_REQUEST' | 'CONFLICT' | 'BUSINESS_RULE' = 'BAD_REQUEST',
) => new AppError(kind, msg, [{ field, msg }]);

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
