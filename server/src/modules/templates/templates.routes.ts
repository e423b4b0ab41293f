import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { successEnvelope } from '@gmao/domain/common/api';
import { interventionSchema } from '@gmao/domain/interventions/intervention-schemas';
import {
  TEMPLATE_MESSAGES,
  templateCreateInterventionSchema,
  templateInputSchema,
  templateListQuerySchema,
  templateParamsSchema,
  templateSchema,
} from '@gmao/domain/templates/template-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponsesWithBusinessRule as errors } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as templates from './templates.service.ts';

const manage = { access: { permission: PERMISSIONS.TEMPLATES_MANAGE } };
const tags = ['templates'];

/**
 * Registered at prefix /api/interventions (spec §7: GET /interventions/templates, POST
 * /interventions/templates/{tid}/create); the management calls sit under the same path.
 */
const templatesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/templates',
    {
      // the templates hold no client data: a section-limited user uses them too
      config: {
        access: { anyPermission: [PERMISSIONS.INTERVENTIONS_CREATE, PERMISSIONS.TEMPLATES_MANAGE] },
        scope: 'own',
      },
      schema: {
        tags,
        summary:
          "Modèles d'intervention (actifs par défaut ; actif=all pour la gestion), filtrés par type d'équipement (les modèles sans type conviennent à tous) et par texte",
        querystring: templateListQuerySchema,
        response: { 200: successEnvelope(z.array(templateSchema)), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await templates.listTemplates(app.db, request.query) }),
  );

  app.get(
    '/templates/:tid',
    {
      config: { access: { anyPermission: [PERMISSIONS.INTERVENTIONS_CREATE, PERMISSIONS.TEMPLATES_MANAGE] } },
      schema: {
        summary: "Un modèle d'intervention (checklist et matériel prévus)",
        tags,
        params: templateParamsSchema,
        response: { 200: successEnvelope(templateSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await templates.getTemplate(app.db, request.params.tid) }),
  );

  app.post(
    '/templates',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Créer un modèle (nom unique, checklist et matériel prévus)',
        body: templateInputSchema,
        response: { 201: successEnvelope(templateSchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await templates.createTemplate(app.db, requireUser(request), request.body);
      return reply.status(201).send({ success: true as const, data, message: TEMPLATE_MESSAGES.created });
    },
  );

  app.put(
    '/templates/:tid',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Modifier un modèle (les interventions déjà créées gardent leur copie)',
        params: templateParamsSchema,
        body: templateInputSchema,
        response: { 200: successEnvelope(templateSchema), ...errors },
      },
    },
    async (request) => {
      const data = await templates.updateTemplate(app.db, request.params.tid, request.body);
      return { success: true as const, data, message: TEMPLATE_MESSAGES.updated };
    },
  );

  app.delete(
    '/templates/:tid',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Supprimer un modèle (les interventions créées le gardent en copie)',
        params: templateParamsSchema,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await templates.deleteTemplate(app.db, request.params.tid);
      return { success: true as const, data: null, message: TEMPLATE_MESSAGES.deleted };
    },
  );

  app.post(
    '/templates/:tid/create',
    {
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_CREATE } },
      schema: {
        tags,
        summary:
          "Créer une intervention PLANIFIEE pour un équipement à partir du modèle : description, urgence, checklist et matériel prévus copiés (l'équipement doit être du type du modèle)",
        params: templateParamsSchema,
        body: templateCreateInterventionSchema,
        response: { 201: successEnvelope(interventionSchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await templates.createFromTemplate(app.db, requireUser(request), request.params.tid, request.body);
      return reply.status(201).send({ success: true as const, data, message: TEMPLATE_MESSAGES.interventionCreated });
    },
  );
};

export default templatesRoutes;
