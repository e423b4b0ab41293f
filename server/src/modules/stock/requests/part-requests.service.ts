import { hasPermission, PERMISSIONS } from '@gmao/domain/auth/permissions';
import type { SessionUser } from '@gmao/domain/auth/user';
import type { Statut } from '@gmao/domain/interventions/status';
import { waitingNeedsPartRequest } from '@gmao/domain/interventions/workflow';
import {
  CENTRAL_STORE,
  STOCK_MESSAGES as M,
  type PartRequestInput,
  waitingSplit,
} from '@gmao/domain/stock/stock-schemas';
import type { DbOrTx } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import { notifyPartsReceived } from '../../notifications/intervention-notifications.service.ts';
import * as partsRepo from '../parts/parts.repository.ts';
import * as stockRepo from '../stock.repository.ts';
import { applyChanges, mustHaveLocation, round3 } from '../stock.service.ts';
import * as requestsRepo from './part-requests.repository.ts';

// Interventions: material lines, status changes, part requests (called by the interventions module in its
// transaction, under its lock of the intervention).

/** A new material line naming a part: reserves its quantity in the location (default: the central store). */
export async function reserveForLine(
  tx: DbOrTx,
  user: SessionUser,
  lineId: number,
  link: { part_id: number | null; location_id: number | null },
  quantite: number,
) {
  if (link.part_id === null) return;
  const locationId = link.location_id ?? (await stockRepo.centralStoreId(tx, CENTRAL_STORE));
  if (locationId === null) throw new AppError('NOT_FOUND', M.locationNotFound);
  const location = await mustHaveLocation(tx, locationId);
  // A vehicle's stock is its technician's: another may reserve there only as a stock manager.
  if (
    location.type === 'VEHICULE' &&
    location.technicien_id !== user.id &&
    !hasPermission(user, PERMISSIONS.STOCK_MANAGE)
  ) {
    throw new AppError('FORBIDDEN', M.vehicleOfAnother);
  }
  await applyChanges(tx, user, [{ partId: link.part_id, locationId, dOnHand: 0, dReserved: quantite }]);
  await requestsRepo.linkLine(tx, lineId, link.part_id, locationId);
}

/** A material line's quantity changed: its reservation follows. */
export async function lineQuantityChanged(tx: DbOrTx, user: SessionUser, lineId: number, before: number) {
  const line = await requestsRepo.lineStock(tx, lineId);
  if (!line || line.stock_state !== 'RESERVEE' || line.part_id === null || line.location_id === null) return;
  const delta = round3(line.quantite - before);
  if (delta === 0) return;
  await applyChanges(tx, user, [{ partId: line.part_id, locationId: line.location_id, dOnHand: 0, dReserved: delta }]);
}

/** Reads a line's stock state before it is changed or deleted. */
export const lineStockOf = (tx: DbOrTx, lineId: number) => requestsRepo.lineStock(tx, lineId);

/** A reserved material line is deleted: its reservation is released. */
export async function releaseLine(
  tx: DbOrTx,
  user: SessionUser,
  line: { part_id: number | null; location_id: number | null; stock_state: string | null; quantite: number } | null,
) {
  if (!line || line.stock_state !== 'RESERVEE' || line.part_id === null || line.location_id === null) return;
  await applyChanges(tx, user, [
    { partId: line.part_id, locationId: line.location_id, dOnHand: 0, dReserved: -line.quantite },
  ]);
}

/**
 * The one check of the waiting-for-parts rule (`waitingNeedsPartRequest`): by the status writer, and by the creation
 * of an intervention (`from` null, no request yet), so that POST /interventions cannot do what the status route refuses.
 */
export function mayEnter(from: Statut | null, to: Statut, openRequests = 0) {
  if (waitingNeedsPartRequest(from, to, openRequests)) throw new AppError('BUSINESS_RULE', M.waitingNeedsRequest);
}

/**
 * Called by the status writer (applyStatusChange) before it writes, in its transaction: EN_ATTENTE_PDR needs an
 * open part request (422 otherwise); TERMINEE issues the reserved lines (SORTIE: reserved −= q, on hand −= q);
 * ANNULEE releases them and returns the lines already issued (a finished intervention reopened, then cancelled) to
 * their location with a RETOUR movement (on hand += q).
 */
export async function onStatusChange(tx: DbOrTx, user: SessionUser, interventionId: number, from: Statut, to: Statut) {
  if (to === 'EN_ATTENTE_PDR' && from !== 'EN_ATTENTE_PDR') {
    mayEnter(from, to, await requestsRepo.countOpenRequests(tx, interventionId));
  }
  if (to !== 'TERMINEE' && to !== 'ANNULEE') return;
  if (to === 'ANNULEE') await cancelOpenRequestsOf(tx, interventionId);
  const lines = await requestsRepo.reservedLines(tx, interventionId);
  const issued = to === 'ANNULEE' ? await requestsRepo.issuedLines(tx, interventionId) : [];
  if (lines.length === 0 && issued.length === 0) return;
  const issue = to === 'TERMINEE';
  await applyChanges(tx, user, [
    ...lines.map((l) => ({
      partId: l.part_id,
      locationId: l.location_id,
      dOnHand: issue ? -l.quantite : 0,
      dReserved: -l.quantite,
      movement: issue
        ? { type: 'SORTIE' as const, motif: `Intervention #${interventionId}`, interventionId }
        : undefined,
    })),
    ...issued.map((l) => ({
      partId: l.part_id,
      locationId: l.location_id,
      dOnHand: l.quantite,
      dReserved: 0,
      movement: { type: 'RETOUR' as const, motif: `Annulation de l'intervention #${interventionId}`, interventionId },
    })),
  ]);
  for (const l of lines) await requestsRepo.setLineState(tx, l.id, issue ? 'SORTIE' : 'LIBEREE');
  for (const l of issued) await requestsRepo.setLineState(tx, l.id, 'RETOURNEE');
  const line = (l: { part_id: number; location_id: number; quantite: number }) => ({
    part_id: l.part_id,
    location_id: l.location_id,
    quantite: l.quantite,
  });
  if (issue) {
    await recordAudit(tx, {
      action: 'stock.movement',
      entityType: 'intervention',
      entityId: interventionId,
      summary: `Sortie des pièces réservées de l'intervention #${interventionId}`,
      after: { lines: lines.map(line) },
    });
  } else {
    await recordAudit(tx, {
      action: 'stock.movement',
      entityType: 'intervention',
      entityId: interventionId,
      summary: `Annulation de l'intervention #${interventionId} : réservations libérées, pièces sorties retournées`,
      after: { released: lines.map(line), returned: issued.map(line) },
    });
  }
}

/** A cancelled intervention waits for nothing: its open part requests are cancelled with it (audited). */
async function cancelOpenRequestsOf(tx: DbOrTx, interventionId: number) {
  const cancelled = await requestsRepo.cancelOpenRequests(tx, interventionId);
  if (cancelled.length === 0) return;
  await recordAudit(tx, {
    action: 'part_request.cancel',
    entityType: 'intervention',
    entityId: interventionId,
    summary: `Annulation de l'intervention #${interventionId} : demande(s) de pièces ${cancelled.map((id) => `#${id}`).join(', ')} annulée(s)`,
    after: { statut: 'ANNULEE', requests: cancelled },
  });
}

/** The intervention is deleted for good: its reservations are released first (its material lines go with it). */
export async function releaseReservations(tx: DbOrTx, user: SessionUser, interventionId: number) {
  const lines = await requestsRepo.reservedLines(tx, interventionId);
  if (lines.length === 0) return;
  await applyChanges(
    tx,
    user,
    lines.map((l) => ({ partId: l.part_id, locationId: l.location_id, dOnHand: 0, dReserved: -l.quantite })),
  );
  for (const l of lines) await requestsRepo.setLineState(tx, l.id, 'LIBEREE');
}

export const listPartRequests = (db: DbOrTx, interventionId: number) =>
  requestsRepo.listPartRequests(db, interventionId);

export async function createPartRequest(
  tx: DbOrTx,
  user: SessionUser,
  interventionId: number,
  input: PartRequestInput,
) {
  for (const l of input.lignes) {
    if (!(await partsRepo.findPart(tx, l.part_id))) throw new AppError('NOT_FOUND', M.partNotFound);
  }
  const rid = await requestsRepo.insertPartRequest(tx, interventionId, input, user.id);
  await recordAudit(tx, {
    action: 'part_request.create',
    entityType: 'intervention',
    entityId: interventionId,
    summary: `Demande de pièces #${rid} auprès de ${input.fournisseur}`,
    after: input,
  });
  return (await requestsRepo.listPartRequests(tx, interventionId, rid))[0];
}

/** Receives an open request: RECEPTION movements into the location (default: the central store), assignee told. */
export async function receivePartRequest(
  tx: DbOrTx,
  user: SessionUser,
  interventionId: number,
  rid: number,
  locationId: number | null,
) {
  const request = await requestsRepo.lockPartRequest(tx, interventionId, rid);
  if (!request) throw new AppError('NOT_FOUND', M.requestNotFound);
  if (request.statut !== 'OUVERTE') throw new AppError('CONFLICT', M.requestNotOpen);
  const into = locationId ?? (await stockRepo.centralStoreId(tx, CENTRAL_STORE));
  if (into === null) throw new AppError('NOT_FOUND', M.locationNotFound);
  await mustHaveLocation(tx, into);
  const lines = (await requestsRepo.requestLines(tx, rid)).sort((a, b) => a.part_id - b.part_id);
  await applyChanges(
    tx,
    user,
    lines.map((l) => ({
      partId: l.part_id,
      locationId: into,
      dOnHand: l.quantite,
      dReserved: 0,
      movement: { type: 'RECEPTION' as const, motif: `Demande de pièces #${rid}`, interventionId, partRequestId: rid },
    })),
  );
  await requestsRepo.markReceived(tx, rid, into);
  await recordAudit(tx, {
    action: 'part_request.receive',
    entityType: 'intervention',
    entityId: interventionId,
    summary: `Demande de pièces #${rid} reçue (emplacement #${into})`,
    after: { lines, location_id: into },
  });
  await notifyPartsReceived(tx, user, interventionId);
  return (await requestsRepo.listPartRequests(tx, interventionId, rid))[0];
}

/**
 * Cancels an open part request (the caller has locked the intervention, `statut` its current status). The last
 * open request of an intervention waiting for parts cannot go: EN_ATTENTE_PDR needs one (422).
 */
export async function cancelPartRequest(tx: DbOrTx, interventionId: number, statut: Statut, rid: number) {
  const request = await requestsRepo.lockPartRequest(tx, interventionId, rid);
  if (!request) throw new AppError('NOT_FOUND', M.requestNotFound);
  if (request.statut !== 'OUVERTE') throw new AppError('CONFLICT', M.requestNotOpen);
  if (statut === 'EN_ATTENTE_PDR' && (await requestsRepo.countOpenRequests(tx, interventionId)) <= 1) {
    throw new AppError('BUSINESS_RULE', M.requestLastWhileWaiting);
  }
  await requestsRepo.markCancelled(tx, rid);
  await recordAudit(tx, {
    action: 'part_request.cancel',
    entityType: 'intervention',
    entityId: interventionId,
    summary: `Demande de pièces #${rid} annulée`,
    before: { statut: 'OUVERTE' },
    after: { statut: 'ANNULEE', lines: await requestsRepo.requestLines(tx, rid) },
  });
  return (await requestsRepo.listPartRequests(tx, interventionId, rid))[0];
}

/**
 * Issue 31: an open request's parts are (or are no longer) supplied by the client — the contract's PIECES_CLIENT
 * pause reads it; the caller has locked the intervention and re-applies the pause rule. 409 once received or cancelled.
 */
export async function setPartRequestClientSupplied(
  tx: DbOrTx,
  interventionId: number,
  rid: number,
  fourniParClient: boolean,
) {
  const request = await requestsRepo.lockPartRequest(tx, interventionId, rid);
  if (!request) throw new AppError('NOT_FOUND', M.requestNotFound);
  if (request.statut !== 'OUVERTE') throw new AppError('CONFLICT', M.requestNotOpen);
  await requestsRepo.setClientSupplied(tx, rid, fourniParClient);
  await recordAudit(tx, {
    action: 'part_request.client_supplied',
    entityType: 'intervention',
    entityId: interventionId,
    summary: `Demande de pièces #${rid} : ${fourniParClient ? 'fournie par le client' : 'fournie par un fournisseur'}`,
    after: { fourni_par_client: fourniParClient },
  });
  return (await requestsRepo.listPartRequests(tx, interventionId, rid))[0];
}

/** Waiting-for-parts time and repair time of one intervention, from its status history. */
export async function waitingTime(db: DbOrTx, interventionId: number, now: Date = new Date()) {
  return waitingSplit(await requestsRepo.statusHistory(db, interventionId), now);
}
