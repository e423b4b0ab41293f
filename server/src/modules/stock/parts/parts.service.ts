import { randomUUID } from 'node:crypto';
import type { Visibility } from '@gmao/domain/auth/visibility';
import { makePagination } from '@gmao/domain/common/api';
import { sanitizeFilename } from '@gmao/domain/common/filename';
import {
  type AttachmentType,
  extensionOf,
  isAllowedAttachment,
  mimeTypeFor,
} from '@gmao/domain/interventions/attachment-schemas';
import { ATTACHMENT_MESSAGES } from '@gmao/domain/interventions/messages';
import {
  LIST_SEPARATOR,
  PART_CSV_COLUMNS,
  PARTS_CSV_MESSAGES,
  type PartsImportResult,
  partsFromCsv,
} from '@gmao/domain/stock/parts-csv';
import {
  STOCK_MESSAGES as M,
  PART_PHOTO_TYPES,
  type Part,
  type PartDetail,
  type PartInput,
  type PartListQuery,
} from '@gmao/domain/stock/stock-schemas';
import type { Db, DbOrTx } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import { csvFileStream, frDecimal, pagedRows } from '../../../lib/csv.ts';
import { contentMatches } from '../../../lib/file-content.ts';
import { pgErrorCode } from '../../../lib/pg-error.ts';
import type { FileStorage } from '../../../storage/file-storage.ts';
import { recordAudit } from '../../audit/audit.service.ts';
import { FileTooLargeError, type IncomingFile } from '../../interventions/attachments/attachments.service.ts';
import * as partsRepo from './parts.repository.ts';

/** The parts catalogue (list, detail, CSV export and import, create, update, delete) and each part's photo. */

// Catalogue

export async function listParts(db: Db, query: PartListQuery) {
  if (query.updated_since || query.cursor) {
    // Changes since (issue 35): oldest change first, one page, resumed by `sync.cursor`
    const { rows, sync } = await partsRepo.partsChangedSince(db, query);
    return { data: rows, pagination: makePagination(rows.length, 1, query.limit), sync };
  }
  const { rows, total } = await partsRepo.listParts(db, query);
  return { data: rows, pagination: makePagination(total, query.page, query.limit) };
}

export async function getPart(db: DbOrTx, id: number, v?: Visibility): Promise<PartDetail> {
  const part = await partsRepo.findPart(db, id);
  if (!part) throw new AppError('NOT_FOUND', M.partNotFound);
  const locations = await partsRepo.partStockByLocation(db, id, v);
  const photo = await partsRepo.partPhoto(db, id);
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
    for await (const p of pagedRows<Part>((after) => partsRepo.partsPage(db, after?.reference, PAGE), PAGE)) {
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
    const result = await partsRepo.upsertParts(tx, parts);
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
  if (pgErrorCode(err) === '23505') {
    throw new AppError('CONFLICT', M.referenceTaken, [{ field: 'reference', msg: M.referenceTaken }]);
  }
  throw err;
}

export async function createPart(db: Db, input: PartInput) {
  try {
    const id = await db.transaction(async (tx) => {
      const id = await partsRepo.insertPart(tx, input);
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
      if (!(await partsRepo.updatePart(tx, id, input))) throw new AppError('NOT_FOUND', M.partNotFound);
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
    const part = await partsRepo.lockPart(tx, id);
    if (!part) throw new AppError('NOT_FOUND', M.partNotFound);
    const photo = await partsRepo.partPhoto(tx, id);
    if (!(await partsRepo.deletePartIfUnused(tx, id))) throw new AppError('CONFLICT', M.partInUse);
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

// The part's photo (issue 18): an image only, checked by name, declared type and content like the attachments.

/**
 * Streams the image to storage, checks its bytes, then records its key under the part's row lock with an audit row;
 * the replaced file is removed once that has committed, the new one if anything failed.
 */
export async function uploadPartPhoto(db: Db, storage: FileStorage, id: number, upload: IncomingFile) {
  if (!(await partsRepo.findPart(db, id))) {
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
      const previous = await partsRepo.setPartPhoto(tx, id, key, type);
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
  const row = await partsRepo.partPhoto(db, id);
  if (!row) throw new AppError('NOT_FOUND', M.partNotFound);
  if (!row.photo_key || !row.photo_type) throw new AppError('NOT_FOUND', M.photoNotFound);
  const file = await storage.open(row.photo_key);
  if (!file) throw new AppError('NOT_FOUND', M.photoNotFound);
  return { ...file, type: row.photo_type };
}

/** Clears the photo (the row first, the file once that has committed). */
export async function removePartPhoto(db: Db, storage: FileStorage, id: number) {
  const old = await db.transaction(async (tx) => {
    const previous = await partsRepo.setPartPhoto(tx, id, null, null);
    if (previous === undefined) throw new AppError('NOT_FOUND', M.partNotFound);
    if (!previous) throw new AppError('NOT_FOUND', M.photoNotFound);
    await recordAudit(tx, { action: 'part.update', entityId: id, summary: `Photo de la pièce #${id} supprimée` });
    return previous;
  });
  await storage.remove([old]);
}
