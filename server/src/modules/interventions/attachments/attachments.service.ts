import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { SessionUser } from '@gmao/domain/auth/user';
import { sanitizeFilename } from '@gmao/domain/common/filename';
import {
  type Attachment,
  type AttachmentType,
  extensionOf,
  isAllowedAttachment,
  MAX_ATTACHMENTS,
  mimeTypeFor,
} from '@gmao/domain/interventions/attachment-schemas';
import { ATTACHMENT_MESSAGES } from '@gmao/domain/interventions/messages';
import { interventionFacts } from '@gmao/domain/interventions/policy';
import { REVIEW_MESSAGES } from '@gmao/domain/interventions/review-schemas';
import { VERSION_MESSAGES } from '@gmao/domain/interventions/version-schemas';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { Db, DbOrTx } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import { contentMatches } from '../../../lib/file-content.ts';
import type { FileStorage } from '../../../storage/file-storage.ts';
import { lockForAction, lockForItem, requireAccess, type VersionPrecondition } from '../access.ts';
import { findIntervention } from '../interventions.repository.ts';
import { sendBackToReviewOnChange } from '../review/review.service.ts';
import {
  countAttachments,
  deleteAttachment,
  findAttachment,
  findAttachmentByChange,
  insertAttachment,
  listAttachments,
  lockAttachmentAuthor,
} from './attachments.repository.ts';

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

/** Issue 30: a change to the attachments of a submitted or approved intervention sends it back to review. */
const backToReview = (tx: DbOrTx, user: SessionUser, id: number) =>
  sendBackToReviewOnChange(tx, user, id, REVIEW_MESSAGES.whatAttachments);

/**
 * Checks the intervention, the count and the name's type before reading the body, streams the file to storage (the
 * multipart size limit aborts it), checks the stored bytes against that type (415 otherwise), then records it; any
 * failure after the write removes the stored file. The name is sanitised (no path, no control characters, 200
 * characters at most) before anything else reads it.
 */
export async function uploadAttachment(
  db: Db,
  storage: FileStorage,
  user: SessionUser,
  id: number,
  upload: IncomingFile,
  precondition: VersionPrecondition = {},
  changeId: string | null = null,
): Promise<{ data: Attachment; backToReview: boolean; replayed?: boolean }> {
  const intervention = await findIntervention(db, id);
  if (!intervention) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  requireAccess(user, 'attach', interventionFacts(intervention));
  // Issue 32: a photo sent again from the phone's outbox (its answer lost) is answered, not stored twice.
  if (changeId) {
    const known = await findAttachmentByChange(db, id, user.id, changeId);
    if (known) {
      upload.file.resume();
      return { data: publicView(known), backToReview: false, replayed: true };
    }
  }
  // Early, before reading the body: a stale version would be refused under the lock anyway (below).
  const { expectedVersion } = precondition;
  if (expectedVersion !== undefined && expectedVersion !== intervention.version) {
    upload.file.resume();
    throw new AppError('VERSION_CONFLICT', VERSION_MESSAGES.conflict, undefined, { data: intervention });
  }
  if ((await countAttachments(db, id)) >= MAX_ATTACHMENTS) {
    throw new AppError('BUSINESS_RULE', ATTACHMENT_MESSAGES.tooMany(MAX_ATTACHMENTS));
  }
  const filename = sanitizeFilename(upload.filename ?? '');
  const type = mimeTypeFor(filename) as AttachmentType | null;
  if (!type || !isAllowedAttachment(filename, upload.mimetype)) {
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
    if (!(await contentMatches(type, async () => (await storage.open(key))?.stream ?? null))) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', ATTACHMENT_MESSAGES.contentRefused, [
        { field: 'file', msg: ATTACHMENT_MESSAGES.contentRefused },
      ]);
    }
    const { attId, sentBack } = await db.transaction(async (tx) => {
      await lockForAction(tx, user, id, 'attach', precondition);
      if ((await countAttachments(tx, id)) >= MAX_ATTACHMENTS) {
        throw new AppError('BUSINESS_RULE', ATTACHMENT_MESSAGES.tooMany(MAX_ATTACHMENTS));
      }
      const inserted = await insertAttachment(tx, {
        interventionId: id,
        filename,
        mimeType: type,
        sizeBytes: size,
        storageKey: key,
        userId: user.id,
        changeId,
      });
      // The same change id stored meanwhile by a concurrent sending: that one is the attachment.
      if (inserted === null) return { attId: null, sentBack: false };
      return { attId: inserted, sentBack: await backToReview(tx, user, id) };
    });
    if (attId === null) {
      await storage.remove([key]);
      return {
        data: publicView((await findAttachmentByChange(db, id, user.id, changeId!))!),
        backToReview: false,
        replayed: true,
      };
    }
    return { data: publicView((await findAttachment(db, id, attId))!), backToReview: sentBack };
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

/**
 * Its author or a holder of interventions:assign deletes it. The row goes first, the file once that has committed
 * (a file without a row is harmless, the reverse is a broken link).
 */
export async function removeAttachment(
  db: Db,
  storage: FileStorage,
  user: SessionUser,
  ids: { id: number; attId: number },
  precondition?: VersionPrecondition,
) {
  const { id, attId } = ids;
  const { key, sentBack } = await db.transaction(async (tx) => {
    const item = {
      lockAuthor: (t: DbOrTx) => lockAttachmentAuthor(t, id, attId),
      notFound: ATTACHMENT_MESSAGES.notFound,
    };
    await lockForItem(tx, user, id, item, precondition);
    const removed = await deleteAttachment(tx, id, attId);
    return { key: removed, sentBack: await backToReview(tx, user, id) };
  });
  if (key) await storage.remove([key]);
  return { backToReview: sentBack };
}

/** A file already in storage (a request's photo copied for the intervention, issue 33). */
export interface StoredFile {
  filename: string;
  mimeType: string;
  sizeBytes: number;
  storageKey: string;
}

/**
 * Records files already stored as attachments of the intervention, inside the caller's transaction (which holds the
 * intervention's lock): as many as MAX_ATTACHMENTS leaves room for; returns the keys it did not record (the caller
 * removes those files once the transaction has committed).
 */
export async function attachStoredFiles(
  tx: DbOrTx,
  interventionId: number,
  files: readonly StoredFile[],
  userId: number,
): Promise<string[]> {
  const room = Math.max(0, MAX_ATTACHMENTS - (await countAttachments(tx, interventionId)));
  for (const f of files.slice(0, room)) {
    await insertAttachment(tx, { interventionId, ...f, filename: sanitizeFilename(f.filename), userId });
  }
  return files.slice(room).map((f) => f.storageKey);
}
