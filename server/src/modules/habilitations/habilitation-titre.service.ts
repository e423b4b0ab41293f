import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { hasPermission, PERMISSIONS } from '@gmao/domain/auth/permissions';
import type { SessionUser } from '@gmao/domain/auth/user';
import { SERVER_MESSAGES } from '@gmao/domain/common/messages';
import { HABILITATION_MESSAGES } from '@gmao/domain/habilitations/symbols';
import { TITRE_DOCUMENT_MESSAGES as M, PDF_MAGIC, titreFileName } from '@gmao/domain/habilitations/titre-document';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { recordAudit } from '../audit/audit.service.ts';
import * as repo from './habilitation-titre.repository.ts';
import { findTitle } from './habilitations.repository.ts';

/**
 * The scanned signed titre d'habilitation (issue 34): one PDF per titre (checked by its first bytes, `%PDF`), stored
 * through the FileStorage under a new key, then named on the row under its lock; the replaced file goes once that has
 * committed, the new one if anything failed. A refusal stores nothing.
 */

/** 413 with the French message (the error plugin answers 4xx errors with their message). */
class TitreTooLargeError extends Error {
  readonly statusCode = 413;
  constructor() {
    super(M.tooLarge);
  }
}

export interface IncomingTitre {
  filename: string;
  file: Readable & { truncated?: boolean };
}

async function readAll(stream: Readable & { truncated?: boolean }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

export async function uploadTitre(db: Db, storage: FileStorage, id: number, upload: IncomingTitre) {
  if (!(await repo.findTitreDocument(db, id))) {
    upload.file.resume();
    throw new AppError('NOT_FOUND', HABILITATION_MESSAGES.notFound);
  }
  const bytes = await readAll(upload.file);
  if (upload.file.truncated) throw new TitreTooLargeError();
  if (bytes.subarray(0, PDF_MAGIC.length).toString('latin1') !== PDF_MAGIC) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', M.notPdf, [{ field: 'titre', msg: M.notPdf }]);
  }
  const key = `habilitations/titre-${id}-${randomUUID()}.pdf`;
  await storage.save(key, Readable.from([bytes]));
  let old: string | null = null;
  try {
    old = await db.transaction(async (tx) => {
      const row = await repo.lockTitreDocument(tx, id);
      if (!row) throw new AppError('NOT_FOUND', HABILITATION_MESSAGES.notFound);
      const name = upload.filename.slice(0, 255) || titreFileName(row);
      await repo.setTitreDocument(tx, id, key, name);
      await recordAudit(tx, {
        action: 'habilitation.titre',
        entityId: id,
        summary: `Titre d'habilitation ${row.symbole} signé de ${row.user_nom} enregistré (PDF, ${bytes.length} octets)`,
      });
      return row.document_key;
    });
  } catch (err) {
    await storage.remove([key]);
    throw err;
  }
  if (old) await storage.remove([old]).catch(() => undefined);
  return (await findTitle(db, id))!;
}

/** The stored PDF: its holder, or a holder of habilitations:manage (anyone else: 403, as for the titles' list). */
export async function openTitre(db: DbOrTx, storage: FileStorage, user: SessionUser, id: number) {
  const row = await repo.findTitreDocument(db, id);
  if (!row) throw new AppError('NOT_FOUND', HABILITATION_MESSAGES.notFound);
  if (row.user_id !== user.id && !hasPermission(user, PERMISSIONS.HABILITATIONS_MANAGE)) {
    throw new AppError('FORBIDDEN', SERVER_MESSAGES.forbidden);
  }
  if (!row.document_key) throw new AppError('NOT_FOUND', M.missing);
  const file = await storage.open(row.document_key);
  if (!file) throw new AppError('NOT_FOUND', M.missing);
  return { ...file, filename: titreFileName(row) };
}
