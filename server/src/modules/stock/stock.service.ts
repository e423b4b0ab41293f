import { randomUUID } from 'node:crypto';
import type { SessionUser } from '@gmao/domain/auth/user';
import { makePagination } from '@gmao/domain/common/api';
import { sanitizeFilename } from '@gmao/domain/common/filename';
import {
  type AttachmentType,
  extensionOf,
  isAllowedAttachment,
  mimeTypeFor,
} from '@gmao/domain/interventions/attachment-schemas';
import { ATTACHMENT_MESSAGES } from '@gmao/domain/interventions/messages';
import type { Statut } from '@gmao/domain/interventions/status';
import {
  LIST_SEPARATOR,
  PART_CSV_COLUMNS,
  PARTS_CSV_MESSAGES,
  type PartsImportResult,
  partsFromCsv,
} from '@gmao/domain/stock/parts-csv';
import {
  CENTRAL_STORE,
  type LocationInput,
  STOCK_MESSAGES as M,
  MOVEMENT_LABELS,
  type MovementInput,
  type MovementListQuery,
  type MovementType,
  PART_PHOTO_TYPES,
  type Part,
  type PartDetail,
  type PartInput,
  type PartListQuery,
  type PartRequestInput,
  type StockSettings,
  waitingSplit,
} from '@gmao/domain/stock/stock-schemas';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { csvFileStream, frDecimal, pagedRows } from '../../lib/csv.ts';
import { contentMatches } from '../../lib/file-content.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { FileTooLargeError, type IncomingFile } from '../interventions/attachments/attachments.service.ts';
import { notifyPartsReceived, notifyStockLow } from '../notifications/notifications.service.ts';
import * as repo from './stock.repository.ts';

/** PostgreSQL error code of a failed statement (drizzle wraps the driver's error in `cause`). */
function pgCode(err: unknown): string | undefined {
  return (err as { cause?: { code?: string } })?.cause?.code ?? (err as { code?: string })?.code;
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;

// Catalogue

export async function listParts(db: Db, query: PartListQuery) {
  const { rows, total } = await repo.listParts(db, query);
  return { data: rows, pagination: makePagination(total, query.page, query.limit) };
}

export async function getPart(db: DbOrTx, id: number): Promise<PartDetail> {
  const part = await repo.findPart(db, id);
  if (!part) throw new AppError('NOT_FOUND', M.partNotFound);
  const locations = await repo.partStockByLocation(db, id);
  const photo = await repo.partPhoto(db, id);
  return {
    ...part,
    photo: !!photo?.photo_key,
    stock: { locations, total: { on_hand: part.on_hand, reserved: part.reserved, available: part.available } },
  };
}

/** GET /parts/export.csv: the whole catalogue, page by page, with its stock totals (Excel fr-FR). */
export function partsCsvStream(db: DbOrTx) {
  const PAGE = 1000;
  const qty = (v: number) => frDecimal(v, 3).replace(/,?0+$/, '');
  async function* records() {
    for await (const p of pagedRows<Part>((after) => repo.partsPage(db, after?.reference, PAGE), PAGE)) {
      yield {
        ...p,
        famille: p.famille ?? '',
        prix_unitaire: frDecimal(p.prix_unitaire, 2),
        seuil_reappro: qty(p.seuil_reappro),
        quantite_reappro: qty(p.quantite_reappro),
        fournisseurs: p.fournisseurs.map((f) => f.nom).join(LIST_SEPARATOR),
        types_equipement: p.types_equipement.join(LIST_SEPARATOR),
        on_hand: qty(p.on_hand),
        reserved: qty(p.reserved),
        available: qty(p.available),
      };
    }
  }
  return csvFileStream(PART_CSV_COLUMNS, records());
}

/**
 * POST /parts/import: every line validated first (the form's schema), then all parts created or updated in one
 * statement of one transaction with its audit row; one line in error and nothing is imported (422, every error
 * with its line number).
 */
export async function importParts(db: Db, contenu: string): Promise<PartsImportResult> {
  const { parts, errors } = partsFromCsv(contenu);
  if (errors.length > 0) {
    const lines = new Set(errors.map((e) => e.field)).size;
    throw new AppError('BUSINESS_RULE', PARTS_CSV_MESSAGES.refused(lines), errors);
  }
  return db.transaction(async (tx) => {
    const result = await repo.upsertParts(tx, parts);
    await recordAudit(tx, {
      action: 'part.import',
      entityType: 'part',
      summary: PARTS_CSV_MESSAGES.done(result.created, result.updated),
      after: { references: parts.map((p) => p.reference).slice(0, 1000), ...result },
    });
    return result;
  });
}

function rethrowReference(err: unknown): never {
  if (pgCode(err) === '23505') {
    throw new AppError('CONFLICT', M.referenceTaken, [{ field: 'reference', msg: M.referenceTaken }]);
  }
  throw err;
}

export async function createPart(db: Db, input: PartInput) {
  try {
    const id = await db.transaction(async (tx) => {
      const id = await repo.insertPart(tx, input);
      await recordAudit(tx, {
        action: 'part.create',
        entityId: id,
        summary: `Pièce ${input.reference} créée`,
        after: input,
      });
      return id;
    });
    return getPart(db, id);
  } catch (err) {
    rethrowReference(err);
  }
}

export async function updatePart(db: Db, id: number, input: PartInput) {
  try {
    await db.transaction(async (tx) => {
      if (!(await repo.updatePart(tx, id, input))) throw new AppError('NOT_FOUND', M.partNotFound);
      await recordAudit(tx, {
        action: 'part.update',
        entityId: id,
        summary: `Pièce ${input.reference} modifiée`,
        after: input,
      });
    });
  } catch (err) {
    rethrowReference(err);
  }
  return getPart(db, id);
}

/** Deletes an unused part; its photo file goes once the deletion has committed. */
export async function deletePart(db: Db, id: number, storage?: FileStorage) {
  const photoKey = await db.transaction(async (tx) => {
    const part = await repo.lockPart(tx, id);
    if (!part) throw new AppError('NOT_FOUND', M.partNotFound);
    const photo = await repo.partPhoto(tx, id);
    if (!(await repo.deletePartIfUnused(tx, id))) throw new AppError('CONFLICT', M.partInUse);
    await recordAudit(tx, {
      action: 'part.delete',
      entityId: id,
      summary: `Pièce ${part.reference} supprimée`,
      before: part,
    });
    return photo?.photo_key ?? null;
  });
  if (photoKey && storage) await storage.remove([photoKey]);
}

// Locations

export const listLocations = (db: Db) => repo.listLocations(db);

export async function createLocation(db: Db, input: LocationInput) {
  if (input.type === 'VEHICULE' && input.technicien_id === null) {
    throw new AppError('BAD_REQUEST', M.locationTechnicienRequired, [
      { field: 'technicien_id', msg: M.locationTechnicienRequired },
    ]);
  }
  if (input.type === 'SITE' && input.client_id === null) {
    throw new AppError('BAD_REQUEST', M.locationClientRequired, [
      { field: 'client_id', msg: M.locationClientRequired },
    ]);
  }
  try {
    return await db.transaction(async (tx) => {
      const location = await repo.insertLocation(tx, input);
      await recordAudit(tx, {
        action: 'stock.location_create',
        entityId: location.id,
        summary: `Emplacement « ${location.nom} » créé`,
        after: location,
      });
      return location;
    });
  } catch (err) {
    const code = pgCode(err);
    if (code === '23505')
      throw new AppError('CONFLICT', M.locationNomTaken, [{ field: 'nom', msg: M.locationNomTaken }]);
    if (code === '23503') throw new AppError('BAD_REQUEST', M.locationNotFound);
    throw err;
  }
}

// Levels: the one place stock figures change

interface LevelChange {
  partId: number;
  locationId: number;
  /** Added to on_hand (a ledger row of this signed quantity is written when `movement` is given). */
  dOnHand: number;
  /** Added to reserved. */
  dReserved: number;
  movement?: {
    type: MovementType;
    motif: string | null;
    interventionId?: number | null;
    partRequestId?: number | null;
  };
}

/**
 * Applies changes to stock levels in the caller's transaction. Each part row is locked (FOR UPDATE, in part id
 * order), then each (part, location) level row, so concurrent movements of a part are serialised: a decrease that
 * would take the available quantity (on hand − reserved) below zero is a 409 « Stock insuffisant ». A part whose
 * total available quantity crosses below its threshold notifies the holders of stock:manage (outbox).
 */
async function applyChanges(tx: DbOrTx, user: SessionUser | null, changes: LevelChange[]) {
  const partIds = [...new Set(changes.map((c) => c.partId))].sort((a, b) => a - b);
  const parts = new Map<number, { designation: string; reference: string; seuil: number; before: number }>();
  for (const id of partIds) {
    const part = await repo.lockPart(tx, id);
    if (!part) throw new AppError('NOT_FOUND', M.partNotFound);
    parts.set(id, {
      designation: part.designation,
      reference: part.reference,
      seuil: part.seuil_reappro,
      before: await repo.totalAvailable(tx, id),
    });
  }
  const movementIds: number[] = [];
  const allowNegative = (await repo.stockSettings(tx)).allow_negative;
  for (const c of changes) {
    const part = parts.get(c.partId)!;
    const level = await repo.lockLevel(tx, c.partId, c.locationId);
    const available = round3(level.onHand - level.reserved);
    // A decrease of what is free (on hand going down without its reservation, or a new reservation).
    const takes = round3(c.dReserved - c.dOnHand);
    if (takes > 0 && available < takes && !allowNegative) {
      throw new AppError('CONFLICT', M.insufficient(part.designation, Math.max(available, 0)));
    }
    if (c.dOnHand < 0 && round3(level.onHand + c.dOnHand) < 0 && !allowNegative) {
      throw new AppError('CONFLICT', M.insufficient(part.designation, Math.max(available, 0)));
    }
    await repo.changeLevel(tx, c.partId, c.locationId, c.dOnHand, c.dReserved);
    if (c.movement) {
      movementIds.push(
        await repo.insertMovement(tx, {
          partId: c.partId,
          locationId: c.locationId,
          type: c.movement.type,
          quantite: c.dOnHand,
          motif: c.movement.motif,
          interventionId: c.movement.interventionId ?? null,
          partRequestId: c.movement.partRequestId ?? null,
          userId: user?.id ?? null,
        }),
      );
    }
  }
  for (const [id, part] of parts) {
    const after = await repo.totalAvailable(tx, id);
    if (part.seuil > 0 && part.before > part.seuil && after <= part.seuil) {
      await notifyStockLow(tx, user, `${part.reference} — ${part.designation}`, round3(after), part.seuil);
    }
  }
  return movementIds;
}

async function mustHaveLocation(tx: DbOrTx, id: number) {
  const location = await repo.findLocation(tx, id);
  if (!location) throw new AppError('NOT_FOUND', M.locationNotFound);
  return location;
}

/** POST /stock/movements: one ledger row (two for a transfer), the levels and the audit row in one transaction. */
export async function recordMovement(db: Db, user: SessionUser, input: MovementInput) {
  const ids = await db.transaction(async (tx) => {
    await mustHaveLocation(tx, input.location_id);
    const motif = input.motif;
    const q = input.quantite;
    let changes: LevelChange[];
    switch (input.type) {
      case 'RECEPTION':
      case 'RETOUR':
        changes = [
          {
            partId: input.part_id,
            locationId: input.location_id,
            dOnHand: q,
            dReserved: 0,
            movement: { type: input.type, motif },
          },
        ];
        break;
      case 'SORTIE':
        changes = [
          {
            partId: input.part_id,
            locationId: input.location_id,
            dOnHand: -q,
            dReserved: 0,
            movement: { type: 'SORTIE', motif },
          },
        ];
        break;
      case 'AJUSTEMENT':
        changes = [
          {
            partId: input.part_id,
            locationId: input.location_id,
            dOnHand: q,
            dReserved: 0,
            movement: { type: 'AJUSTEMENT', motif },
          },
        ];
        break;
      case 'TRANSFERT': {
        const dest = input.location_dest_id!;
        await mustHaveLocation(tx, dest);
        // Level rows locked in location id order (two opposite transfers never wait on each other crosswise).
        const out: LevelChange = {
          partId: input.part_id,
          locationId: input.location_id,
          dOnHand: -q,
          dReserved: 0,
          movement: { type: 'TRANSFERT', motif },
        };
        const into: LevelChange = {
          partId: input.part_id,
          locationId: dest,
          dOnHand: q,
          dReserved: 0,
          movement: { type: 'TRANSFERT', motif },
        };
        changes = input.location_id < dest ? [out, into] : [into, out];
        // The decrease is checked against the source's figures whatever the order: it is on its own row.
        break;
      }
    }
    const movementIds = await applyChanges(tx, user, changes);
    await recordAudit(tx, {
      action: 'stock.movement',
      entityType: 'part',
      entityId: input.part_id,
      summary: `${MOVEMENT_LABELS[input.type]} de ${q} (pièce #${input.part_id}, emplacement #${input.location_id}${
        input.type === 'TRANSFERT' ? ` → #${input.location_dest_id}` : ''
      })`,
      after: { ...input, movementIds },
    });
    return movementIds;
  });
  return repo.findMovements(db, ids);
}

export async function listMovements(db: Db, query: MovementListQuery) {
  const { rows, total } = await repo.listMovements(db, query);
  return { data: rows, pagination: makePagination(total, query.page, query.limit) };
}

export const alerts = (db: Db) => repo.lowStock(db);
export const suggestions = (db: Db) => repo.suggestions(db);

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
  const locationId = link.location_id ?? (await repo.centralStoreId(tx, CENTRAL_STORE));
  if (locationId === null) throw new AppError('NOT_FOUND', M.locationNotFound);
  await mustHaveLocation(tx, locationId);
  await applyChanges(tx, user, [{ partId: link.part_id, locationId, dOnHand: 0, dReserved: quantite }]);
  await repo.linkLine(tx, lineId, link.part_id, locationId);
}

/** A material line's quantity changed: its reservation follows. */
export async function lineQuantityChanged(tx: DbOrTx, user: SessionUser, lineId: number, before: number) {
  const line = await repo.lineStock(tx, lineId);
  if (!line || line.stock_state !== 'RESERVEE' || line.part_id === null || line.location_id === null) return;
  const delta = round3(line.quantite - before);
  if (delta === 0) return;
  await applyChanges(tx, user, [{ partId: line.part_id, locationId: line.location_id, dOnHand: 0, dReserved: delta }]);
}

/** Reads a line's stock state before it is changed or deleted. */
export const lineStockOf = (tx: DbOrTx, lineId: number) => repo.lineStock(tx, lineId);

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
 * Called by the status writer (applyStatusChange) before it writes, in its transaction: EN_ATTENTE_PDR needs an
 * open part request (422 otherwise); TERMINEE issues the reserved lines (SORTIE: reserved −= q, on hand −= q);
 * ANNULEE releases them and returns the lines already issued (a finished intervention reopened, then cancelled) to
 * their location with a RETOUR movement (on hand += q).
 */
export async function onStatusChange(tx: DbOrTx, user: SessionUser, interventionId: number, from: Statut, to: Statut) {
  if (
    to === 'EN_ATTENTE_PDR' &&
    from !== 'EN_ATTENTE_PDR' &&
    (await repo.countOpenRequests(tx, interventionId)) === 0
  ) {
    throw new AppError('BUSINESS_RULE', M.waitingNeedsRequest);
  }
  if (to !== 'TERMINEE' && to !== 'ANNULEE') return;
  if (to === 'ANNULEE') await cancelOpenRequestsOf(tx, interventionId);
  const lines = await repo.reservedLines(tx, interventionId);
  const issued = to === 'ANNULEE' ? await repo.issuedLines(tx, interventionId) : [];
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
  for (const l of lines) await repo.setLineState(tx, l.id, issue ? 'SORTIE' : 'LIBEREE');
  for (const l of issued) await repo.setLineState(tx, l.id, 'RETOURNEE');
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
  const cancelled = await repo.cancelOpenRequests(tx, interventionId);
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
  const lines = await repo.reservedLines(tx, interventionId);
  if (lines.length === 0) return;
  await applyChanges(
    tx,
    user,
    lines.map((l) => ({ partId: l.part_id, locationId: l.location_id, dOnHand: 0, dReserved: -l.quantite })),
  );
  for (const l of lines) await repo.setLineState(tx, l.id, 'LIBEREE');
}

export const listPartRequests = (db: DbOrTx, interventionId: number) => repo.listPartRequests(db, interventionId);

export async function createPartRequest(
  tx: DbOrTx,
  user: SessionUser,
  interventionId: number,
  input: PartRequestInput,
) {
  for (const l of input.lignes) {
    if (!(await repo.findPart(tx, l.part_id))) throw new AppError('NOT_FOUND', M.partNotFound);
  }
  const rid = await repo.insertPartRequest(tx, interventionId, input, user.id);
  await recordAudit(tx, {
    action: 'part_request.create',
    entityType: 'intervention',
    entityId: interventionId,
    summary: `Demande de pièces #${rid} auprès de ${input.fournisseur}`,
    after: input,
  });
  return (await repo.listPartRequests(tx, interventionId, rid))[0];
}

/** Receives an open request: RECEPTION movements into the location (default: the central store), assignee told. */
export async function receivePartRequest(
  tx: DbOrTx,
  user: SessionUser,
  interventionId: number,
  rid: number,
  locationId: number | null,
) {
  const request = await repo.lockPartRequest(tx, interventionId, rid);
  if (!request) throw new AppError('NOT_FOUND', M.requestNotFound);
  if (request.statut !== 'OUVERTE') throw new AppError('CONFLICT', M.requestNotOpen);
  const into = locationId ?? (await repo.centralStoreId(tx, CENTRAL_STORE));
  if (into === null) throw new AppError('NOT_FOUND', M.locationNotFound);
  await mustHaveLocation(tx, into);
  const lines = (await repo.requestLines(tx, rid)).sort((a, b) => a.part_id - b.part_id);
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
  await repo.markReceived(tx, rid, into);
  await recordAudit(tx, {
    action: 'part_request.receive',
    entityType: 'intervention',
    entityId: interventionId,
    summary: `Demande de pièces #${rid} reçue (emplacement #${into})`,
    after: { lines, location_id: into },
  });
  await notifyPartsReceived(tx, user, interventionId);
  return (await repo.listPartRequests(tx, interventionId, rid))[0];
}

/**
 * Cancels an open part request (the caller has locked the intervention, `statut` its current status). The last
 * open request of an intervention waiting for parts cannot go: EN_ATTENTE_PDR needs one (422).
 */
export async function cancelPartRequest(tx: DbOrTx, interventionId: number, statut: Statut, rid: number) {
  const request = await repo.lockPartRequest(tx, interventionId, rid);
  if (!request) throw new AppError('NOT_FOUND', M.requestNotFound);
  if (request.statut !== 'OUVERTE') throw new AppError('CONFLICT', M.requestNotOpen);
  if (statut === 'EN_ATTENTE_PDR' && (await repo.countOpenRequests(tx, interventionId)) <= 1) {
    throw new AppError('BUSINESS_RULE', M.requestLastWhileWaiting);
  }
  await repo.markCancelled(tx, rid);
  await recordAudit(tx, {
    action: 'part_request.cancel',
    entityType: 'intervention',
    entityId: interventionId,
    summary: `Demande de pièces #${rid} annulée`,
    before: { statut: 'OUVERTE' },
    after: { statut: 'ANNULEE', lines: await repo.requestLines(tx, rid) },
  });
  return (await repo.listPartRequests(tx, interventionId, rid))[0];
}

/** Waiting-for-parts time and repair time of one intervention, from its status history. */
export async function waitingTime(db: DbOrTx, interventionId: number, now: Date = new Date()) {
  return waitingSplit(await repo.statusHistory(db, interventionId), now);
}

// The part's photo (issue 18): an image only, checked by name, declared type and content like the attachments.

/**
 * Streams the image to storage, checks its bytes, then records its key under the part's row lock with an audit row;
 * the replaced file is removed once that has committed, the new one if anything failed.
 */
export async function uploadPartPhoto(db: Db, storage: FileStorage, id: number, upload: IncomingFile) {
  if (!(await repo.findPart(db, id))) {
    upload.file.resume();
    throw new AppError('NOT_FOUND', M.partNotFound);
  }
  const filename = sanitizeFilename(upload.filename ?? '');
  const type = mimeTypeFor(filename) as AttachmentType | null;
  if (
    !type ||
    !(PART_PHOTO_TYPES as readonly string[]).includes(type) ||
    !isAllowedAttachment(filename, upload.mimetype)
  ) {
    upload.file.resume();
    throw new AppError('BAD_REQUEST', M.photoTypeRefused, [{ field: 'file', msg: M.photoTypeRefused }]);
  }
  const key = `parts/${id}/${randomUUID()}${extensionOf(filename)}`;
  await storage.save(key, upload.file);
  if (upload.file.truncated) {
    await storage.remove([key]);
    throw new FileTooLargeError();
  }
  let old: string | null | undefined;
  try {
    if (!(await contentMatches(type, async () => (await storage.open(key))?.stream ?? null))) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', ATTACHMENT_MESSAGES.contentRefused, [
        { field: 'file', msg: ATTACHMENT_MESSAGES.contentRefused },
      ]);
    }
    old = await db.transaction(async (tx) => {
      const previous = await repo.setPartPhoto(tx, id, key, type);
      if (previous === undefined) throw new AppError('NOT_FOUND', M.partNotFound);
      await recordAudit(tx, { action: 'part.update', entityId: id, summary: `Photo de la pièce #${id} enregistrée` });
      return previous;
    });
  } catch (err) {
    await storage.remove([key]);
    throw err;
  }
  if (old) await storage.remove([old]);
  return getPart(db, id);
}

export async function openPartPhoto(db: DbOrTx, storage: FileStorage, id: number) {
  const row = await repo.partPhoto(db, id);
  if (!row) throw new AppError('NOT_FOUND', M.partNotFound);
  if (!row.photo_key || !row.photo_type) throw new AppError('NOT_FOUND', M.photoNotFound);
  const file = await storage.open(row.photo_key);
  if (!file) throw new AppError('NOT_FOUND', M.photoNotFound);
  return { ...file, type: row.photo_type };
}

/** Clears the photo (the row first, the file once that has committed). */
export async function removePartPhoto(db: Db, storage: FileStorage, id: number) {
  const old = await db.transaction(async (tx) => {
    const previous = await repo.setPartPhoto(tx, id, null, null);
    if (previous === undefined) throw new AppError('NOT_FOUND', M.partNotFound);
    if (!previous) throw new AppError('NOT_FOUND', M.photoNotFound);
    await recordAudit(tx, { action: 'part.update', entityId: id, summary: `Photo de la pièce #${id} supprimée` });
    return previous;
  });
  await storage.remove([old]);
}

export function getStockSettings(db: DbOrTx): Promise<StockSettings> {
  return repo.stockSettings(db);
}

/** PUT /stock/settings (stock:manage), audited with the value before and after. */
export async function updateStockSettings(db: Db, value: StockSettings): Promise<StockSettings> {
  return db.transaction(async (tx) => {
    const before = await repo.stockSettings(tx);
    await repo.saveStockSettings(tx, value);
    await recordAudit(tx, {
      action: 'stock.settings',
      entityType: 'stock',
      entityId: null,
      summary: value.allow_negative ? 'Stock négatif autorisé' : 'Stock négatif refusé',
      before,
      after: value,
    });
    return value;
  });
}
