import multipart from '@fastify/multipart';
import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { errorEnvelopeSchema, successEnvelope } from '@gmao/domain/common/api';
import {
  SIGNATURE_MESSAGES as M,
  SIGNATURE_LIMITS,
  signatureFieldsSchema,
  signatureParamsSchema,
  signatureSchema,
} from '@gmao/domain/interventions/signature-schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../lib/app-error.ts';
import { errorResponsesWithVersion } from '../../../lib/route-schemas.ts';
import { requireUser } from '../../../plugins/auth.ts';
import type { FileStorage } from '../../../storage/file-storage.ts';
import * as service from './signatures.service.ts';

const tags = ['interventions'];
const errors = { ...errorResponsesWithVersion, 413: errorEnvelopeSchema, 415: errorEnvelopeSchema };
const FIELDS = ['role', 'nom', 'qualite', 'signe_le', 'change_id'] as const;

/** 413 with the French message (the error plugin answers 4xx errors with their message). */
class SignatureTooLargeError extends Error {
  readonly statusCode = 413;
  constructor() {
    super(M.tooLarge);
  }
}

/**
 * The multipart form in any order of its parts: the text fields, and the image (read into memory: 1 MB at most, the
 * multipart limit; a signature PNG is a few kilobytes). Not multipart, or without `image`: 400.
 */
async function readSignatureForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST', M.notMultipart);
  const fields: Record<string, string> = {};
  let image: Buffer | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'image' || image) {
        part.file.resume();
        continue;
      }
      image = await part.toBuffer().catch((err: { code?: string }) => {
        if (err.code === 'FST_REQ_FILE_TOO_LARGE') throw new SignatureTooLargeError();
        throw err;
      });
      if (part.file.truncated) throw new SignatureTooLargeError();
    } else if ((FIELDS as readonly string[]).includes(part.fieldname) && typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  const parsed = signatureFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    const details = parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? ''), msg: i.message }));
    throw new AppError('BAD_REQUEST', details[0]?.msg ?? M.nomRequired, details);
  }
  if (!image) throw new AppError('BAD_REQUEST', M.imageRequired, [{ field: 'image', msg: M.imageRequired }]);
  return { fields: parsed.data, image };
}

/**
 * /api/interventions/:id/signatures (issue 32): the bon's signatures, multipart (role, nom, qualite, signe_le,
 * image PNG; change_id for an offline replay). Multipart parsing is registered in this plugin only.
 */
const signaturesRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (app, { storage }) => {
  await app.register(multipart, {
    limits: { fileSize: SIGNATURE_LIMITS.maxBytes, files: 1, fields: 8, parts: 10, fieldSize: 1024 },
  });

  app.get(
    '/:id/signatures',
    {
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_READ } },
      schema: {
        tags,
        summary: "Signatures du bon d'intervention (toutes versions)",
        params: signatureParamsSchema,
        response: { 200: successEnvelope(z.array(signatureSchema)), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.listInterventionSignatures(app.db, request.params.id),
    }),
  );

  app.post(
    '/:id/signatures',
    {
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_UPDATE } },
      schema: {
        tags,
        summary:
          "Signer le bon d'intervention (multipart : role CLIENT|TECHNICIEN, nom, qualite, signe_le, image PNG ; change_id facultatif)",
        consumes: ['multipart/form-data'],
        params: signatureParamsSchema,
        response: { 200: successEnvelope(signatureSchema), 201: successEnvelope(signatureSchema), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { fields, image } = await readSignatureForm(request);
      const r = await service.signIntervention(app.db, storage, user, request.params.id, fields, image);
      return reply
        .status(r.replayed ? 200 : 201)
        .send({ success: true as const, data: r.data, message: r.replayed ? M.alreadyRecorded : M.recorded });
    },
  );
};

export default signaturesRoutes;
