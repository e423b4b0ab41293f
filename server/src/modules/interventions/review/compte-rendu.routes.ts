import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { successEnvelope } from '@gmao/domain/common/api';
import {
  COMPTE_RENDU_MESSAGES,
  compteRenduInputSchema,
  compteRenduParamsSchema,
  compteRenduSchema,
} from '@gmao/domain/interventions/compte-rendu-schemas';
import { idParamsSchema } from '@gmao/domain/interventions/intervention-schemas';
import { withVersion } from '@gmao/domain/interventions/version-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponsesWithVersion } from '../../../lib/route-schemas.ts';
import { requireUser } from '../../../plugins/auth.ts';
import { preconditionOf, versionedWrite } from '../version-precondition.ts';
import * as service from './compte-rendu.service.ts';

const errors = errorResponsesWithVersion;
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
        ...versionedWrite,
        params: idParamsSchema,
        body: withVersion(compteRenduInputSchema),
        response: { 201: successEnvelope(compteRenduSchema), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const data = await service.addCompteRendu(app.db, user, request.params.id, request.body, preconditionOf(request));
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
        ...versionedWrite,
        params: compteRenduParamsSchema,
        body: withVersion(compteRenduInputSchema),
        response: { 200: successEnvelope(compteRenduSchema), ...errors },
      },
    },
    async (request) => {
      const { id, reportId } = request.params;
      const user = requireUser(request);
      const data = await service.editCompteRendu(app.db, user, id, reportId, request.body, preconditionOf(request));
      return { success: true as const, data, message: COMPTE_RENDU_MESSAGES.updated };
    },
  );
};

export default compteRenduRoutes;
