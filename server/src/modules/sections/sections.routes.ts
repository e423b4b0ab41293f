import { ADMIN_ROLE } from '@gmao/domain/auth/permissions';
import { successEnvelope } from '@gmao/domain/common/api';
import { SECTION_MESSAGES, sectionInputSchema, sectionSchema } from '@gmao/domain/sections/section-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponsesWithBusinessRule, idParamsSchema } from '../../lib/route-schemas.ts';
import * as sections from './sections.service.ts';

const adminOnly = { access: { role: ADMIN_ROLE } } as const;
const tags = ['sections'];

/** Registered at prefix /api/sections. */
const sectionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      // Section names and their responsible person are organisation data every member may see (a user is a
      // section manager when their section names them, spec §6); screens outside administration group by section.
      config: { access: 'authenticated', scope: 'own' },
      schema: {
        tags,
        summary: 'Sections avec leur responsable et leur nombre de membres',
        response: { 200: successEnvelope(z.array(sectionSchema)), ...errorResponsesWithBusinessRule },
      },
    },
    async () => ({ success: true as const, data: await sections.listSections(app.db) }),
  );

  app.get(
    '/:id',
    {
      config: adminOnly,
      schema: {
        summary: 'Une section, son responsable et ses membres',
        tags,
        params: idParamsSchema,
        response: { 200: successEnvelope(sectionSchema), ...errorResponsesWithBusinessRule },
      },
    },
    async (request) => ({ success: true as const, data: await sections.getSection(app.db, request.params.id) }),
  );

  app.post(
    '/',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Créer une section (le responsable y est rattaché)',
        body: sectionInputSchema,
        response: { 201: successEnvelope(sectionSchema), ...errorResponsesWithBusinessRule },
      },
    },
    async (request, reply) => {
      const data = await sections.createSection(app.db, request.body);
      return reply.status(201).send({ success: true as const, data, message: SECTION_MESSAGES.created });
    },
  );

  app.put(
    '/:id',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Modifier une section',
        params: idParamsSchema,
        body: sectionInputSchema,
        response: { 200: successEnvelope(sectionSchema), ...errorResponsesWithBusinessRule },
      },
    },
    async (request) => {
      const data = await sections.updateSection(app.db, request.params.id, request.body);
      return { success: true as const, data, message: SECTION_MESSAGES.updated };
    },
  );

  app.delete(
    '/:id',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: 'Supprimer une section sans membres',
        params: idParamsSchema,
        response: { 200: successEnvelope(z.null()), ...errorResponsesWithBusinessRule },
      },
    },
    async (request) => {
      await sections.deleteSection(app.db, request.params.id);
      return { success: true as const, data: null, message: SECTION_MESSAGES.deleted };
    },
  );
};

export default sectionsRoutes;
