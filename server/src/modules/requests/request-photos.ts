import { sanitizeFilename } from '@gmao/domain/common/filename';
import {
  REQUEST_MESSAGES as M,
  MAX_REQUEST_PHOTO_BYTES,
  MAX_REQUEST_PHOTOS,
  REQUEST_PHOTO_TYPES,
  type RequestPhotoType,
} from '@gmao/domain/requests/request-schemas';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../lib/app-error.ts';

/**
 * Which received photos a request may keep (issue 33), decided before anything is stored: apart because the check
 * needs no database nor storage, only the bytes. Photos are read into memory (3 × 5 MB at most, the multipart
 * limits), checked by content (JPEG, PNG, WebP, GIF), and written to storage only once the whole form is valid
 * (request-filing.service.ts): a refused form stores nothing.
 */

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
