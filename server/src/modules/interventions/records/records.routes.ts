import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { successEnvelope } from '@gmao/domain/common/api';
import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import { idParamsSchema } from '@gmao/domain/interventions/intervention-schemas';
import {
  diagnosticInputSchema,
  interventionRecordsSchema,
  planificationInputSchema,
  qualityControlInputSchema,
} from '@gmao/domain/interventions/record-schemas';
import { withVersion } from '@gmao/domain/interventions/version-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponsesWithVersion } from '../../../lib/route-schemas.ts';
import { requireUser } from '../../../plugins/auth.ts';
import { preconditionOf, versionedWrite } from '../version-precondition.ts';
import * as service from './records.service.ts';

const errors = errorResponsesWithVersion;
const tags = ['interventions'];
const update = { access: { permission: PERMISSIONS.INTERVENTIONS_UPDATE } };
const recordsResponse = { 200: successEnvelope(interventionRecordsSchema), ...errors };

/**
 * Work records (spec §7): diagnostic, planification, contrôle qualité — one current record each, replaced on save;
 * every save answers with all three records and the spec §8 toast text.
 */
const recordsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/records',
    {
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_READ } },
      schema: {
        tags,
        summary: 'Diagnostic, planification et contrôle qualité',
        params: idParamsSchema,
        response: recordsResponse,
      },
    },
    async (request) => ({ success: true as const, data: await service.getRecords(app.db, request.params.id) }),
  );

  app.post(
    '/:id/diagnostic',
    {
      config: update,
      schema: {
        tags,
        summary: 'Enregistrer le diagnostic',
        ...versionedWrite,
        params: idParamsSchema,
        body: withVersion(diagnosticInputSchema),
        response: recordsResponse,
      },
    },
    async (request) => {
      const user = requireUser(request);
      const data = await service.saveDiagnostic(app.db, user, request.params.id, request.body, preconditionOf(request));
      return { success: true as const, data, message: MUTATION_MESSAGES.diagnostic.success };
    },
  );

  app.put(
    '/:id/planification',
    {
      config: update,
      schema: {
        tags,
        summary: 'Enregistrer la planification (son technicien devient l’affecté)',
        ...versionedWrite,
        params: idParamsSchema,
        body: withVersion(planificationInputSchema),
        response: recordsResponse,
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { id } = request.params;
      const data = await service.savePlanification(app.db, user, id, request.body, preconditionOf(request));
      return { success: true as const, data, message: MUTATION_MESSAGES.planning.success };
    },
  );

  app.post(
    '/:id/controle-qualite',
    {
      config: update,
      schema: {
        tags,
        summary: 'Enregistrer le contrôle qualité',
        ...versionedWrite,
        params: idParamsSchema,
        body: withVersion(qualityControlInputSchema),
        response: recordsResponse,
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { id } = request.params;
      const data = await service.saveQualityControl(app.db, user, id, request.body, preconditionOf(request));
      return { success: true as const, data, message: MUTATION_MESSAGES.qualityControl.success };
    },
  );
};

export default recordsRoutes;
