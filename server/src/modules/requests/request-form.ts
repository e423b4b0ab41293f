import {
  REQUEST_MESSAGES as M,
  MAX_REQUEST_PHOTO_BYTES,
  MAX_REQUEST_PHOTOS,
  requestFormSchema,
} from '@gmao/domain/requests/request-schemas';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import type { ReceivedPhoto } from './request-photos.ts';

/**
 * The multipart request form as both doors receive it (the public form and the portal): one reading, one set of
 * limits and one parse, so a form refused on one door is refused the same way on the other.
 */

/** The received form: its text fields and photos (bytes in memory, within the multipart limits). */
export async function readForm(request: FastifyRequest) {
  // No prototype: a field named __proto__ or constructor is a plain (ignored) key.
  const fields: Record<string, string> = Object.create(null);
  const photos: ReceivedPhoto[] = [];
  let parts: AsyncIterableIterator<import('@fastify/multipart').Multipart>;
  try {
    parts = request.parts();
  } catch {
    throw new AppError('BAD_REQUEST', M.notMultipart);
  }
  try {
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && !Object.hasOwn(fields, part.fieldname)) {
          fields[part.fieldname] = part.value;
        }
        continue;
      }
      if (part.fieldname !== 'photos' && part.fieldname !== 'photos[]') {
        part.file.resume();
        throw new AppError('BAD_REQUEST', M.unknownField, [{ field: part.fieldname, msg: M.unknownField }]);
      }
      if (photos.length >= MAX_REQUEST_PHOTOS) {
        part.file.resume();
        throw new AppError('BAD_REQUEST', M.tooManyPhotos, [{ field: 'photos', msg: M.tooManyPhotos }]);
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file as AsyncIterable<Buffer>) chunks.push(chunk);
      photos.push({ filename: part.filename, bytes: Buffer.concat(chunks), truncated: part.file.truncated === true });
    }
  } catch (err) {
    // The multipart plugin's own refusals, in French (its messages are English).
    const code = (err as { code?: string }).code;
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('BAD_REQUEST', M.notMultipart);
    if (code === 'FST_FILES_LIMIT') {
      throw new AppError('BAD_REQUEST', M.tooManyPhotos, [{ field: 'photos', msg: M.tooManyPhotos }]);
    }
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_PROTO_VIOLATION') {
      throw new AppError('BAD_REQUEST', M.formRefused);
    }
    throw err;
  }
  return { fields, photos };
}

/** The multipart limits of a request form (public or portal): 3 photos of 5 MB, a few short fields. */
export const FORM_LIMITS = {
  throwFileSizeLimit: false,
  limits: {
    fileSize: MAX_REQUEST_PHOTO_BYTES,
    files: MAX_REQUEST_PHOTOS + 1,
    fields: 10,
    parts: MAX_REQUEST_PHOTOS + 11,
    fieldSize: 16 * 1024,
  },
};

export function parseFormFields(fields: Record<string, string>) {
  const parsed = requestFormSchema.safeParse(fields);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? ''), msg: i.message }));
    throw new AppError('BAD_REQUEST', details[0]?.msg ?? M.descriptionRequired, details);
  }
  return parsed.data;
}
