import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { SessionUser } from '@gmao/domain/auth/user';
import {
  extensionOf,
  isAllowedAttachment,
  MAX_ATTACHMENTS,
  mimeTypeFor,
} from '@gmao/domain/interventions/attachment-schemas';
import { ATTACHMENT_MESSAGES } from '@gmao/domain/interventions/messages';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  countAttachments,
  deleteAttachment,
  findAttachment,
  insertAttachment,
  listAttachments,
} from './attachments.repository.ts';
import type { FileStorage } from './file-storage.ts';
import { findIntervention, lockIntervention } from './interventions.repository.ts';

/** 413 with a French message (the error plugin answers 4xx errors with their message). */
export class FileTooLargeError extends Error {
  readonly statusCode = 413;
  constructor() {
    super(ATTACHMENT_MESSAGES.tooLarge);
  }
}

async function mustExist(db: DbOrTx, id: number) {
  if (!(await findIntervention(db, id))) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
}

const publicView = ({ storageKey: _key, ...rest }: Awaited<ReturnType<typeof listAttachments>>[number]) => rest;

export async function getAttachments(db: Db, id: number) {
  await mustExist(db, id);
  return (await listAttachments(db, id)).map(publicView);
}

export interface IncomingFile {
  filename: string;
  mimetype: string;
  file: Readable & { truncated?: boolean };
}

/**
 * Checks the intervention, the count and the type before reading the body, streams the file to storage (the
 * multipart size limit aborts it), then records it; a failed insert removes the stored file.
 */
export async function uploadAttachment(
  db: Db,
  storage: FileStorage,
  user: SessionUser,
  id: number,
  upload: IncomingFile,
) {
  await mustExist(db, id);
  if ((await countAttachments(db, id)) >= MAX_ATTACHMENTS) {
    throw new AppError('BUSINESS_RULE', ATTACHMENT_MESSAGES.tooMany(MAX_ATTACHMENTS));
  }
  const filename = upload.filename.replace(/[\\/]/g, '_').slice(-255) || 'fichier';
  if (!isAllowedAttachment(filename, upload.mimetype)) {
    upload.file.resume(); // drain the refused body
    throw new AppError('BAD_REQUEST', ATTACHMENT_MESSAGES.typeRefused, [
      { field: 'file', msg: ATTACHMENT_MESSAGES.typeRefused },
    ]);
  }
  const key = `interventions/${id}/${randomUUID()}${extensionOf(filename)}`;
  const size = await storage.save(key, upload.file);
  // At the size limit the multipart stream ends early and flags itself truncated.
  if (upload.file.truncated) {
    await storage.remove([key]);
    throw new FileTooLargeError();
  }
  try {
    const attId = await db.transaction(async (tx) => {
      if (!(await lockIntervention(tx, id))) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
      if ((await countAttachments(tx, id)) >= MAX_ATTACHMENTS) {
        throw new AppError('BUSINESS_RULE', ATTACHMENT_MESSAGES.tooMany(MAX_ATTACHMENTS));
      }
      return insertAttachment(tx, {
        interventionId: id,
        filename,
        mimeType: mimeTypeFor(filename) as string,
        sizeBytes: size,
        storageKey: key,
        userId: user.id,
      });
    });
    return publicView((await findAttachment(db, id, attId))!);
  } catch (err) {
    await storage.remove([key]);
    throw err;
  }
}

export async function openAttachment(db: Db, storage: FileStorage, id: number, attId: number) {
  const row = await findAttachment(db, id, attId);
  if (!row) throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.notFound);
  const file = await storage.open(row.storageKey);
  if (!file) throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.fileMissing);
  return { ...publicView(row), ...file };
}

/** The row goes first; the file after (a file without a row is harmless, the reverse is a broken link). */
export async function removeAttachment(db: Db, storage: FileStorage, id: number, attId: number) {
  const key = await deleteAttachment(db, id, attId);
  if (!key) throw new AppError('NOT_FOUND', ATTACHMENT_MESSAGES.notFound);
  await storage.remove([key]);
}
