import { ATTACHMENT_MESSAGES } from '@gmao/domain/interventions/messages';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * The multipart field "file" of an upload (an intervention's attachment, a part's photo): a request that is not
 * multipart, or has no such field, is refused with the attachments' messages (400, nothing stored).
 */
export async function requireUploadedFile(request: FastifyRequest) {
  const file = await request.file().catch((err: { code?: string }) => {
    if (err.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError('BAD_REQUEST', ATTACHMENT_MESSAGES.notMultipart);
    }
    throw err;
  });
  if (file?.fieldname !== 'file') {
    file?.file.resume();
    throw new AppError('BAD_REQUEST', ATTACHMENT_MESSAGES.fileRequired, [
      { field: 'file', msg: ATTACHMENT_MESSAGES.fileRequired },
    ]);
  }
  return file;
}
