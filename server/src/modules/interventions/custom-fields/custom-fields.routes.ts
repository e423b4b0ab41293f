import { ADMIN_ROLE, PERMISSIONS } from '@gmao/domain/auth/permissions';
import { successEnvelope } from '@gmao/domain/common/api';
import {
  CUSTOM_FIELD_MESSAGES,
  customFieldInputSchema,
  customFieldListQuerySchema,
  customFieldParamsSchema,
  customFieldSchema,
  customValuesInputSchema,
} from '@gmao/domain/custom-fields/custom-field-schemas';
import { idParamsSchema, interventionSchema } from '@gmao/domain/interventions/intervention-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponsesWithBusinessRule as errors } from '../../../lib/route-schemas.ts';
import { requireUser } from '../../../plugins/auth.ts';
import * as customFields from './custom-fields.service.ts';

const admin = { access: { role: ADMIN_ROLE } } as const;
const tags = ['custom-fields'];

/**
 * Custom fields (spec §7 PUT /interventions/{id}/custom-fields): the definitions at /interventions/custom-fields
 * (administrators manage them; whoever reads interventions reads them) and the values of one intervention.
 */
const customFieldsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/custom-fields',
    {
      // the definitions (labels, types): no client data
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_READ }, scope: 'own' },
      schema: {
        tags,
        summary:
          "Définitions des champs personnalisés (actifs par défaut ; type_equipement : ceux qui s'appliquent à ce type, globaux compris)",
        querystring: customFieldListQuerySchema,
        response: { 200: successEnvelope(z.array(customFieldSchema)), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await customFields.listDefinitions(app.db, request.query) }),
  );

  app.post(
    '/custom-fields',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'Créer un champ personnalisé (texte, nombre avec unité, date, oui/non, liste de choix ; global ou par type)',
        body: customFieldInputSchema,
        response: { 201: successEnvelope(customFieldSchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await customFields.createDefinition(app.db, request.body);
      return reply.status(201).send({ success: true as const, data, message: CUSTOM_FIELD_MESSAGES.created });
    },
  );

  app.put(
    '/custom-fields/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Modifier un champ (la clé et le type restent ceux de sa création)',
        params: customFieldParamsSchema,
        body: customFieldInputSchema,
        response: { 200: successEnvelope(customFieldSchema), ...errors },
      },
    },
    async (request) => {
      const data = await customFields.updateDefinition(app.db, request.params.id, request.body);
      return { success: true as const, data, message: CUSTOM_FIELD_MESSAGES.updated };
    },
  );

  app.delete(
    '/custom-fields/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Supprimer un champ (les valeurs déjà saisies restent enregistrées, masquées)',
        params: customFieldParamsSchema,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await customFields.deleteDefinition(app.db, request.params.id);
      return { success: true as const, data: null, message: CUSTOM_FIELD_MESSAGES.deleted };
    },
  );

  app.put(
    '/:id/custom-fields',
    {
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_UPDATE } },
      schema: {
        tags,
        summary:
          "Valeurs des champs personnalisés de l'intervention ({ values: { clé: valeur } }) : vérifiées selon les définitions qui s'appliquent à son équipement (obligatoires compris) ; null ou '' efface une valeur ; mêmes règles d'accès que la modification",
        params: idParamsSchema,
        body: customValuesInputSchema,
        response: { 200: successEnvelope(interventionSchema), ...errors },
      },
    },
    async (request) => {
      const data = await customFields.saveValues(app.db, requireUser(request), request.params.id, request.body.values);
      return { success: true as const, data, message: CUSTOM_FIELD_MESSAGES.saved };
    },
  );
};

export default customFieldsRoutes;
