import { randomUUID } from 'node:crypto';
import type { SessionUser } from '@gmao/domain/auth/user';
import {
  REQUEST_MESSAGES as M,
  REQUEST_PHOTO_TYPES,
  type RequestPhotoType,
} from '@gmao/domain/requests/request-schemas';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { attachStoredFiles } from '../interventions/attachments/attachments.service.ts';
import { insertRequestedIntervention, mergeIntoIntervention } from '../interventions/interventions.service.ts';
import { enqueueRequesterEmail } from '../mail/mail.service.ts';
import { mustFind } from './request-inbox.service.ts';
import * as repo from './requests.repository.ts';

/**
 * Deciding a request (issue 33): accept, merge or decline, each one transaction, audited, the requester told by
 * e-mail. Apart from reading requests because a decision writes beyond them: an intervention made or merged into,
 * photos copied in storage, a mail queued. Accepting copies the photos to new keys for the intervention's
 * attachments (deleting one never breaks the other) and starts the contract's clocks at the request's time.
 */

/** The request locked and still NOUVELLE, else 404 / 409. */
async function lockUndecided(tx: DbOrTx, id: number) {
  const locked = await repo.lockRequest(tx, id);
  if (!locked) throw new AppError('NOT_FOUND', M.notFound);
  if (locked.statut !== 'NOUVELLE') throw new AppError('CONFLICT', M.alreadyDecided);
}

/** The request's photos copied to new keys (the intervention's attachments own them); removed again on failure. */
async function copyPhotos(db: DbOrTx, storage: FileStorage, requestId: number) {
  const photos = await repo.photosOf(db, [requestId]);
  const copies: { filename: string; mimeType: string; sizeBytes: number; storageKey: string }[] = [];
  try {
    for (const p of photos) {
      const file = await storage.open(p.storageKey);
      if (!file) continue; // a photo whose file went missing is not carried over
      const ext = REQUEST_PHOTO_TYPES[p.mimeType as RequestPhotoType] ?? '';
      const storageKey = `interventions/requests/${randomUUID()}${ext}`;
      const sizeBytes = await storage.save(storageKey, file.stream);
      copies.push({ filename: p.filename, mimeType: p.mimeType, sizeBytes, storageKey });
    }
  } catch (err) {
    await storage.remove(copies.map((c) => c.storageKey));
    throw err;
  }
  return copies;
}

async function tellRequester(tx: DbOrTx, email: string | null, subject: string, message: string) {
  if (email) await enqueueRequesterEmail(tx, email, { subject, message });
}

/**
 * Accepts a request into a new PLANIFIEE intervention of its equipment: description and requester carried over,
 * photos as attachments, the contract's clocks started at the request's time. One transaction, audited.
 */
export async function acceptRequest(db: Db, storage: FileStorage, user: SessionUser, id: number) {
  const request = await mustFind(db, id);
  if (request.statut !== 'NOUVELLE') throw new AppError('CONFLICT', M.alreadyDecided);
  const copies = await copyPhotos(db, storage, id);
  let unused: string[] = [];
  try {
    const interventionId = await db.transaction(async (tx) => {
      await lockUndecided(tx, id);
      const created = await insertRequestedIntervention(tx, user, {
        equipementId: request.equipement.id,
        description: `${request.description}\n\n${M.requester(request.nom, request.telephone, request.email)}`,
        requestedAt: new Date(request.created_at),
        note: M.interventionNote(id),
      });
      unused = await attachStoredFiles(tx, created, copies, user.id);
      await repo.decide(tx, id, { statut: 'ACCEPTEE', userId: user.id, interventionId: created });
      await recordAudit(tx, {
        action: 'request.accept',
        entityType: 'request',
        entityId: id,
        summary: `Demande n° ${id} acceptée : intervention #${created}`,
      });
      await tellRequester(tx, request.email, M.mail.acceptedSubject, M.mail.accepted(request.equipement.nom, created));
      return created;
    });
    await storage.remove(unused);
    return { intervention_id: interventionId };
  } catch (err) {
    await storage.remove(copies.map((c) => c.storageKey));
    throw err;
  }
}

/** Merges a request into an open intervention of the same equipment (its photos join the attachments). */
export async function mergeRequest(
  db: Db,
  storage: FileStorage,
  user: SessionUser,
  id: number,
  interventionId: number,
) {
  const request = await mustFind(db, id);
  if (request.statut !== 'NOUVELLE') throw new AppError('CONFLICT', M.alreadyDecided);
  const copies = await copyPhotos(db, storage, id);
  let unused: string[] = [];
  try {
    await db.transaction(async (tx) => {
      await lockUndecided(tx, id);
      await mergeIntoIntervention(tx, user, {
        id: interventionId,
        equipementId: request.equipement.id,
        refusal: M.mergeTargetInvalid,
        comment: M.mergeComment(id, request.description, M.requester(request.nom, request.telephone, request.email)),
      });
      unused = await attachStoredFiles(tx, interventionId, copies, user.id);
      await repo.decide(tx, id, { statut: 'FUSIONNEE', userId: user.id, interventionId });
      await recordAudit(tx, {
        action: 'request.merge',
        entityType: 'request',
        entityId: id,
        summary: `Demande n° ${id} fusionnée dans l'intervention #${interventionId}`,
      });
      await tellRequester(
        tx,
        request.email,
        M.mail.mergedSubject,
        M.mail.merged(request.equipement.nom, interventionId),
      );
    });
    await storage.remove(unused);
    return { intervention_id: interventionId };
  } catch (err) {
    await storage.remove(copies.map((c) => c.storageKey));
    throw err;
  }
}

export async function declineRequest(db: Db, user: SessionUser, id: number, motif: string) {
  const request = await mustFind(db, id);
  await db.transaction(async (tx) => {
    await lockUndecided(tx, id);
    await repo.decide(tx, id, { statut: 'REFUSEE', userId: user.id, motif });
    await recordAudit(tx, {
      action: 'request.decline',
      entityType: 'request',
      entityId: id,
      summary: `Demande n° ${id} refusée : ${motif}`,
    });
    await tellRequester(tx, request.email, M.mail.declinedSubject, M.mail.declined(request.equipement.nom, motif));
  });
}
