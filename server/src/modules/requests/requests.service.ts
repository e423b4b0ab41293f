import { randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { SessionUser } from '@gmao/domain/auth/user';
import { type Visibility, visibilityOf } from '@gmao/domain/auth/visibility';
import { makePagination } from '@gmao/domain/common/api';
import { sanitizeFilename } from '@gmao/domain/common/filename';
import { EQUIPMENT_MESSAGES } from '@gmao/domain/equipment/equipment-schemas';
import {
  type InterventionRequest,
  REQUEST_MESSAGES as M,
  MAX_REQUEST_PHOTO_BYTES,
  MAX_REQUEST_PHOTOS,
  type PortalRequest,
  type PublicRequestTarget,
  REQUEST_PHOTO_TYPES,
  type RequestForm,
  type RequestLink,
  type RequestListQuery,
  type RequestPhotoType,
  type RequestSource,
} from '@gmao/domain/requests/request-schemas';
import { fileTypeFromBuffer } from 'file-type';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { enterThrottledAttempt, type ThrottleGate } from '../auth/auth-throttle.service.ts';
import { attachStoredFiles } from '../interventions/attachments/attachments.service.ts';
import { insertRequestedIntervention, mergeIntoIntervention } from '../interventions/interventions.service.ts';
import { appLink, enqueueRequesterEmail } from '../mail/mail.service.ts';
import { notifyRequestFiled } from '../notifications/notifications.service.ts';
import { getCompanyProfile, openLogo } from '../settings/company.service.ts';
import { emitWebhookEvent } from '../webhooks/webhooks.service.ts';
import * as repo from './requests.repository.ts';

/**
 * Demandes d'intervention (issue 33). Decisions (ARCHITECTURE.md "Requests"):
 * - An equipment's link is a random 256-bit token (base64url), made at the first ask and never derived from anything
 *   that changes (ids, names, URLs of the app): a printed label keeps working across upgrades. Rotating replaces it;
 *   the old token then answers the same plain 404 as an unknown one.
 * - The public form is throttled per address and per equipment with the login throttle's PostgreSQL counters
 *   (enterThrottledAttempt, table request_throttle): an attempt is counted when it starts, under row locks, so every instance shares
 *   the limits; a request let in is stored (or refused for its content), never dropped.
 * - Photos are read into memory (3 × 5 MB at most, the multipart limits), checked by content (JPEG, PNG, WebP,
 *   GIF), and written to storage only once the whole form is valid: a refused form stores nothing.
 * - Accepting copies the photos to new keys for the intervention's attachments (deleting one never breaks the other)
 *   and starts the contract's clocks at the request's time; each decision is one transaction, audited.
 */

export interface RequestThrottleSettings {
  windowSeconds: number;
  /** Requests from one address per window before the delay starts. */
  perAddress: number;
  /** Requests on one equipment (any address) per window. */
  perEquipment: number;
  /** Every public request of the installation per window. */
  global: number;
  baseDelaySeconds: number;
  maxDelaySeconds: number;
}

export const DEFAULT_REQUEST_THROTTLE: RequestThrottleSettings = {
  windowSeconds: 60 * 60,
  perAddress: 10,
  perEquipment: 20,
  global: 2000,
  baseDelaySeconds: 60,
  maxDelaySeconds: 60 * 60,
};

const newToken = () => randomBytes(32).toString('base64url');
const linkView = (equipementId: number, l: { token: string; createdAt: string }): RequestLink => ({
  equipement_id: equipementId,
  token: l.token,
  url: appLink(`/r/${l.token}`),
  created_at: l.createdAt,
});

async function mustHaveEquipment(db: DbOrTx, id: number) {
  if (!(await repo.equipmentExists(db, id))) throw new AppError('NOT_FOUND', EQUIPMENT_MESSAGES.notFound);
}

export async function getRequestLink(db: Db, equipementId: number): Promise<RequestLink> {
  await mustHaveEquipment(db, equipementId);
  const link = (await repo.findLink(db, equipementId)) ?? (await repo.ensureLink(db, equipementId, newToken()));
  return linkView(equipementId, link);
}

export async function rotateRequestLink(db: Db, equipementId: number): Promise<RequestLink> {
  return db.transaction(async (tx) => {
    await mustHaveEquipment(tx, equipementId);
    const link = await repo.replaceLink(tx, equipementId, newToken());
    await recordAudit(tx, {
      action: 'request.link.rotate',
      entityType: 'equipment',
      entityId: equipementId,
      summary: `Lien QR de demande renouvelé pour l'équipement #${equipementId}`,
    });
    return linkView(equipementId, link);
  });
}

// ── Public side ──────────────────────────────────────────────────────────────────────────────────────────────────

/** A token that names no equipment: the plain French 404, the same for an unknown and a revoked one. */
const linkNotFound = () => new AppError('NOT_FOUND', M.linkNotFound);
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,64}$/;

export async function equipmentOfToken(db: DbOrTx, token: string) {
  const eq = TOKEN_SHAPE.test(token) ? await repo.equipmentOfToken(db, token) : null;
  if (!eq) throw linkNotFound();
  return eq;
}

export async function publicTarget(db: Db, token: string): Promise<PublicRequestTarget> {
  const eq = await equipmentOfToken(db, token);
  const company = await getCompanyProfile(db);
  return {
    equipement: eq.nom,
    entreprise: company.nom,
    logo_url: company.logo_url ? `/api/public/requests/${token}/logo` : null,
  };
}

export async function publicLogo(db: Db, storage: FileStorage, token: string) {
  await equipmentOfToken(db, token);
  return openLogo(db, storage);
}

/** Counts a public request on its address, its equipment and the installation (refused while any is blocked). */
export function enterPublicRequest(
  db: Db,
  s: RequestThrottleSettings,
  address: string,
  equipementId: number,
): Promise<ThrottleGate> {
  const timing = {
    windowSeconds: s.windowSeconds,
    baseDelaySeconds: s.baseDelaySeconds,
    maxDelaySeconds: s.maxDelaySeconds,
  };
  return enterThrottledAttempt(db, timing, [
    { kind: 'address', key: `request-ip:${address}`, limit: s.perAddress },
    { kind: 'account', key: `request-eq:${equipementId}`, limit: s.perEquipment },
    { kind: 'global', key: 'request:global', limit: s.global },
  ]);
}

/** A photo as received: its bytes (the multipart limit cut them when `truncated`). */
export interface ReceivedPhoto {
  filename: string;
  bytes: Buffer;
  truncated: boolean;
}
interface CheckedPhoto {
  filename: string;
  bytes: Buffer;
  type: RequestPhotoType;
}

/** 413 with the French message (the error plugin answers 4xx errors with their message). */
export class PhotoTooLargeError extends Error {
  readonly statusCode = 413;
  constructor() {
    super(M.photoTooLarge);
  }
}

/** Each photo within the size cap and an image by its content (whatever its name or declared type say). */
export async function checkPhotos(photos: readonly ReceivedPhoto[]): Promise<CheckedPhoto[]> {
  if (photos.length > MAX_REQUEST_PHOTOS) {
    throw new AppError('BAD_REQUEST', M.tooManyPhotos, [{ field: 'photos', msg: M.tooManyPhotos }]);
  }
  const out: CheckedPhoto[] = [];
  for (const p of photos) {
    if (p.truncated || p.bytes.length > MAX_REQUEST_PHOTO_BYTES) throw new PhotoTooLargeError();
    const mime = (await fileTypeFromBuffer(p.bytes))?.mime;
    if (!mime || !(mime in REQUEST_PHOTO_TYPES)) {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', M.photoRefused, [{ field: 'photos', msg: M.photoRefused }]);
    }
    const type = mime as RequestPhotoType;
    const base = sanitizeFilename(p.filename || 'photo').replace(/\.[^.]*$/, '') || 'photo';
    out.push({ filename: `${base}${REQUEST_PHOTO_TYPES[type]}`, bytes: p.bytes, type });
  }
  return out;
}

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

// ── Inbox ────────────────────────────────────────────────────────────────────────────────────────────────────────

const photoView = (p: Awaited<ReturnType<typeof repo.photosOf>>[number]) => ({
  id: p.id,
  filename: p.filename,
  mimeType: p.mimeType,
  sizeBytes: p.sizeBytes,
});

async function withPhotos(db: DbOrTx, rows: Omit<InterventionRequest, 'photos'>[]): Promise<InterventionRequest[]> {
  const photos = await repo.photosOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, photos: photos.filter((p) => p.requestId === r.id).map(photoView) }));
}

export async function listRequests(db: Db, q: RequestListQuery, visibility?: Visibility) {
  const { rows, total } = await repo.listRequests(db, { ...q, visibility });
  return { data: await withPhotos(db, rows), pagination: makePagination(total, q.page, q.limit) };
}

/** The portal's shape of a request (portalRequestSchema): built field by field, never an internal row trimmed. */
function portalView(r: InterventionRequest): PortalRequest {
  return {
    id: r.id,
    statut: r.statut,
    source: r.source,
    equipement: { id: r.equipement.id, nom: r.equipement.nom },
    description: r.description,
    nom: r.nom,
    created_at: r.created_at,
    decided_at: r.decided_at,
    motif: r.motif,
    intervention_id: r.intervention_id,
    photos: r.photos.length,
  };
}

/**
 * The requests on the equipment a visibility sees (a portal user: his company's), whoever filed them, as the portal
 * shows them.
 */
export async function listClientRequests(db: Db, visibility: Visibility, q: RequestListQuery) {
  const { rows, total } = await repo.listRequests(db, { ...q, visibility });
  const data = (await withPhotos(db, rows)).map(portalView);
  return { data, pagination: makePagination(total, q.page, q.limit) };
}

/** A portal user's own requests (the portal's "mes demandes"), as the portal shows them. */
export async function listPortalUserRequests(db: Db, portalUserId: number, q: RequestListQuery) {
  const { rows, total } = await repo.listRequests(db, { ...q, portalUserId });
  const data = (await withPhotos(db, rows)).map(portalView);
  return { data, pagination: makePagination(total, q.page, q.limit) };
}

async function mustFind(db: DbOrTx, id: number) {
  const row = await repo.findRequest(db, id);
  if (!row) throw new AppError('NOT_FOUND', M.notFound);
  return row;
}

export async function getRequest(db: Db, id: number): Promise<InterventionRequest> {
  return (await withPhotos(db, [await mustFind(db, id)]))[0];
}

export async function openPhoto(db: Db, storage: FileStorage, id: number, photoId: number) {
  const photo = (await repo.photosOf(db, [id])).find((p) => p.id === photoId);
  if (!photo) throw new AppError('NOT_FOUND', M.notFound);
  const file = await storage.open(photo.storageKey);
  if (!file) throw new AppError('NOT_FOUND', M.notFound);
  return { ...photoView(photo), ...file };
}

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
