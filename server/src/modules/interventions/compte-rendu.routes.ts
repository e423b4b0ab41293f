import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { successEnvelope } from '@gmao/domain/common/api';
import {
  COMPTE_RENDU_MESSAGES,
  compteRenduInputSchema,
  compteRenduParamsSchema,
  compteRenduSchema,
} from '@gmao/domain/interventions/compte-rendu-schemas';
import { idParamsSchema } from '@gmao/domain/interventions/intervention-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponsesWithBusinessRule } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as service from './compte-rendu.service.ts';

const errors = errorResponsesWithBusinessRule;
const tags = ['interventions'];
const update = { access: { permission: PERMISSIONS.INTERVENTIONS_UPDATE } };

/** Written reports (comptes rendus, spec §7): writing needs interventions:update; editing is for the author or an admin. */
const compteRenduRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/reports',
    {
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_READ } },
      schema: {
        tags,
        summary: 'Comptes rendus (les plus récents d’abord)',
        params: idParamsSchema,
        response: { 200: successEnvelope(z.array(compteRenduSchema)), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await service.getComptesRendus(app.db, request.params.id) }),
  );

  app.post(
    '/:id/report',
    {
      config: update,
      schema: {
        tags,
        summary: 'Rédiger un compte rendu',
        params: idParamsSchema,
        body: compteRenduInputSchema,
        response: { 201: successEnvelope(compteRenduSchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await service.addCompteRendu(app.db, requireUser(request), request.params.id, request.body);
      return reply.status(201).send({ success: true as const, data, message: COMPTE_RENDU_MESSAGES.created });
    },
  );

  app.put(
    '/:id/reports/:reportId',
    {
      config: update,
      schema: {
        tags,
        summary: 'Modifier un compte rendu (auteur ou administrateur)',
        params: compteRenduParamsSchema,
        body: compteRenduInputSchema,
        response: { 200: successEnvelope(compteRenduSchema), ...errors },
      },
    },
    async (request) => {
      const { id, reportId } = request.params;
      const data = await service.editCompteRendu(app.db, requireUser(request), id, reportId, request.body);
      return { success: true as const, data, message: COMPTE_RENDU_MESSAGES.updated };
    },
  );
};

export default compteRenduRoutes;
