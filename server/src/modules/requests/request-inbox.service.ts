import type { Visibility } from '@gmao/domain/auth/visibility';
import { makePagination } from '@gmao/domain/common/api';
import {
  type InterventionRequest,
  REQUEST_MESSAGES as M,
  type PortalRequest,
  type RequestListQuery,
} from '@gmao/domain/requests/request-schemas';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import * as repo from './requests.repository.ts';

/**
 * Reading requests as they stand (issue 33): the office's inbox and the portal's lists, apart from deciding them
 * (request-decisions.service.ts) because reading changes nothing and needs no transaction.
 */

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

export async function mustFind(db: DbOrTx, id: number) {
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
