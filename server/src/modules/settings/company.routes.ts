import multipart from '@fastify/multipart';
import { ADMIN_ROLE } from '@gmao/domain/auth/permissions';
import { errorEnvelopeSchema, successEnvelope } from '@gmao/domain/common/api';
import {
  companyProfileInputSchema,
  companyProfileSchema,
  COMPANY_MESSAGES as M,
  MAX_LOGO_BYTES,
} from '@gmao/domain/settings/company-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { defaultUploadsDir, type FileStorage, localDiskStorage } from '../../storage/file-storage.ts';
import * as company from './company.service.ts';

const tags = ['settings'];
/** Administrators only, like the SMTP settings (no permission of the matrix is about the installation itself). */
const admin = { access: { role: ADMIN_ROLE } };
const signedIn = { access: 'authenticated' as const, scope: 'own' as const };

/**
 * /api/settings: the company profile (issue 32) — GET for every signed-in user (the documents, the web's header),
 * PUT for administrators; its logo (PUT multipart field `logo`, PNG or JPEG by content, 2 MB; GET; DELETE).
 */
const settingsRoutes: FastifyPluginAsyncZod<{ storage?: FileStorage }> = async (app, opts) => {
  const storage = opts.storage ?? localDiskStorage(defaultUploadsDir);

  app.get(
    '/company',
    {
      config: signedIn,
      schema: {
        tags,
        summary: "Profil de l'entreprise (en-tête des documents) et réglages du bon d'intervention",
        response: { 200: successEnvelope(companyProfileSchema), ...errorResponses },
      },
    },
    async () => ({ success: true as const, data: await company.getCompanyProfile(app.db) }),
  );

  app.put(
    '/company',
    {
      config: admin,
      schema: {
        tags,
        summary: "Enregistrer le profil de l'entreprise (administrateurs)",
        body: companyProfileInputSchema,
        response: { 200: successEnvelope(companyProfileSchema), ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await company.saveCompanyProfile(app.db, request.body),
      message: M.saved,
    }),
  );

  await app.register(logoRoutes, { storage });
};

/** The logo's routes: multipart parsing is registered in this plugin only. */
const logoRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (app, { storage }) => {
  await app.register(multipart, {
    limits: { fileSize: MAX_LOGO_BYTES, files: 1, fields: 2, parts: 3, fieldSize: 1024 },
  });
  const errors = { ...errorResponses, 413: errorEnvelopeSchema, 415: errorEnvelopeSchema };

  app.get(
    '/company/logo',
    { config: signedIn, schema: { tags, summary: "Le logo de l'entreprise" } },
    async (_request, reply) => {
      const file = await company.openLogo(app.db, storage);
      return reply
        .header('content-type', file.type)
        .header('content-length', file.size)
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, max-age=86400')
        .send(file.stream);
    },
  );

  app.put(
    '/company/logo',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Enregistrer ou remplacer le logo (multipart, champ « logo », PNG ou JPEG, 2 Mo max.)',
        consumes: ['multipart/form-data'],
        response: { 200: successEnvelope(companyProfileSchema), ...errors },
      },
    },
    async (request) => {
      const file = await request.file().catch((err: { code?: string }) => {
        if (err.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
          throw new AppError('BAD_REQUEST', M.logoRequired, [{ field: 'logo', msg: M.logoRequired }]);
        }
        throw err;
      });
      if (file?.fieldname !== 'logo') {
        file?.file.resume();
        throw new AppError('BAD_REQUEST', M.logoRequired, [{ field: 'logo', msg: M.logoRequired }]);
      }
      const data = await company.uploadLogo(app.db, storage, file);
      return { success: true as const, data, message: M.logoUploaded };
    },
  );

  app.delete(
    '/company/logo',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Supprimer le logo',
        response: { 200: successEnvelope(companyProfileSchema), ...errors },
      },
    },
    async () => ({
      success: true as const,
      data: await company.removeLogo(app.db, storage),
      message: M.logoDeleted,
    }),
  );
};

export default settingsRoutes;
