import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { SessionUser } from '@gmao/domain/auth/user';
import { sanitizeFilename } from '@gmao/domain/common/filename';
import { CONTRACT_MESSAGES as M } from '@gmao/domain/contracts/contract-schemas';
import { metricsToday } from '@gmao/domain/dashboard/metrics';
import {
  type AttachmentType,
  extensionOf,
  isAllowedAttachment,
  mimeTypeFor,
} from '@gmao/domain/interventions/attachment-schemas';
import { ATTACHMENT_MESSAGES } from '@gmao/domain/interventions/messages';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { contentMatches } from '../../lib/file-content.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as repo from './contracts.repository.ts';
import { fieldError } from './contracts.service.ts';

// A contract's signed documents (issue 31) are files as well as rows, and a file does not roll back with a
// transaction: each write here orders the two so that no row is left pointing at a missing file.

/** The most documents a contract holds. */
export const MAX_CONTRACT_DOCUMENTS = 20;

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
