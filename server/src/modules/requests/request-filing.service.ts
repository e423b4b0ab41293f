import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { SessionUser } from '@gmao/domain/auth/user';
import { visibilityOf } from '@gmao/domain/auth/visibility';
import { EQUIPMENT_MESSAGES } from '@gmao/domain/equipment/equipment-schemas';
import { REQUEST_PHOTO_TYPES, type RequestForm, type RequestSource } from '@gmao/domain/requests/request-schemas';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { notifyRequestFiled } from '../notifications/alert-notifications.service.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.service.ts';
import { linkNotFound } from './request-links.service.ts';
import { checkPhotos, type ReceivedPhoto } from './request-photos.ts';
import * as repo from './requests.repository.ts';

/**
 * How a request comes in (issue 33), by the public form or the portal: one path for both, so the portal's requests
 * get the same checks, storage, audit, notification and webhook as the QR code's.
 */

export interface NewRequestInput {
  source: RequestSource;
  equipementId: number;
  /** Already parsed by requestFormSchema (the route's and the portal form's one schema). */
  form: RequestForm;
  photos: readonly ReceivedPhoto[];
  /** The portal user filing it (source PORTAIL). */
  portalUserId?: number | null;
}

/**
 * Files a request (the public form, and the portal's through this same function): photos checked, then stored,
 * then the request, its photos, the audit row and the managers' notification in one transaction; a failure removes
 * the stored photos. Returns the new request's id.
 */
export async function fileRequest(db: Db, storage: FileStorage, input: NewRequestInput): Promise<number> {
  const photos = await checkPhotos(input.photos);
  const stored: repo.PhotoRow[] = [];
  try {
    for (const p of photos) {
      const storageKey = `requests/${randomUUID()}${REQUEST_PHOTO_TYPES[p.type]}`;
      const sizeBytes = await storage.save(storageKey, Readable.from([p.bytes]));
      stored.push({ filename: p.filename, mimeType: p.type, sizeBytes, storageKey });
    }
    return await db.transaction(async (tx) => {
      const equipement = await repo.equipmentName(tx, input.equipementId);
      if (equipement === null) throw linkNotFound();
      const id = await repo.insertRequest(tx, {
        source: input.source,
        equipementId: input.equipementId,
        description: input.form.description,
        nom: input.form.nom,
        telephone: input.form.telephone,
        email: input.form.email,
        portalUserId: input.portalUserId ?? null,
      });
      for (const p of stored) await repo.insertPhoto(tx, id, p);
      await recordAudit(tx, {
        action: 'request.create',
        entityType: 'request',
        entityId: id,
        actor: input.source === 'QR' ? { id: null, username: null } : undefined,
        summary: `Demande n° ${id} (${input.source === 'QR' ? 'QR code' : 'portail'}) sur ${equipement}`,
      });
      await notifyRequestFiled(tx, { equipement, nom: input.form.nom, equipementId: input.equipementId });
      // Issue 35: integrators hear of it in the same transaction (the requester's phone and e-mail are not sent)
      await emitWebhookEvent(tx, 'request.received', {
        id,
        statut: 'NOUVELLE',
        source: input.source,
        equipement_id: input.equipementId,
        equipement,
        description: input.form.description,
        photos: stored.length,
      });
      return id;
    });
  } catch (err) {
    await storage.remove(stored.map((p) => p.storageKey));
    throw err;
  }
}

/**
 * A DEMANDEUR's request from the portal (issue 33): the same checks, photos and path as the public form
 * (fileRequest, source PORTAIL), on one of his company's equipment only — another's answers 404 as an unknown one.
 */
export async function filePortalRequest(
  db: Db,
  storage: FileStorage,
  user: SessionUser,
  equipementId: number,
  form: RequestForm,
  photos: readonly ReceivedPhoto[],
): Promise<number> {
  if ((await repo.visibleEquipmentName(db, visibilityOf(user), equipementId)) === null) {
    throw new AppError('NOT_FOUND', EQUIPMENT_MESSAGES.notFound);
  }
  return fileRequest(db, storage, { source: 'PORTAIL', equipementId, form, photos, portalUserId: user.id });
}
