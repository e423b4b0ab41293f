import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { successEnvelope } from '@gmao/domain/common/api';
import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import { bulkStatusSchema } from '@gmao/domain/interventions/bulk-schemas';
import {
  idParamsSchema,
  interventionSchema,
  statusChangeSchema,
} from '@gmao/domain/interventions/intervention-schemas';
import { ASSIGNMENT_MESSAGES } from '@gmao/domain/interventions/messages';
import { statutLabel } from '@gmao/domain/interventions/status';
import { withVersion } from '@gmao/domain/interventions/version-schemas';
import { UNDO_MESSAGES, UNDO_WINDOW_SECONDS } from '@gmao/domain/interventions/workflow';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponsesWithVersion } from '../../../lib/route-schemas.ts';
import { requireUser } from '../../../plugins/auth.ts';
import { preconditionOf, versionedWrite, withEtag } from '../version-precondition.ts';
import * as status from './status.service.ts';

const errors = errorResponsesWithVersion;
const tags = ['interventions'];
const update = { access: { permission: PERMISSIONS.INTERVENTIONS_UPDATE } };

/**
 * Status changes (spec §4, §7): one intervention, or several at once (all or nothing). Both go through
 * applyStatusChange, like PUT /:id with a statut. The bulk body names the field `status` (spec: `{ids, status}`).
 */
const statusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/:id/status',
    {
      config: update,
      schema: {
        tags,
        summary:
          'Changer le statut (transitions autorisées seulement, sinon 422 ; quitter « Terminée » demande un motif, 400, et une intervention approuvée la permission interventions:approve, 403 ; `pause_motif` : la raison d’une mise « En pause », ATTENTE_CLIENT pouvant suspendre les délais garantis du contrat)',
        ...versionedWrite,
        params: idParamsSchema,
        body: withVersion(statusChangeSchema),
        response: { 200: successEnvelope(interventionSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { statut, note, motif, pause_motif } = request.body;
      const user = requireUser(request);
      const data = await status.changeStatus(
        app.db,
        user,
        request.params.id,
        statut,
        { note, motif, pause_motif },
        preconditionOf(request),
      );
      return { success: true as const, data: withEtag(reply, data), message: MUTATION_MESSAGES.statusUpdate.success };
    },
  );

  app.post(
    '/:id/status/undo',
    {
      config: update,
      schema: {
        tags,
        summary: `Annuler mon dernier changement de statut (dans les ${UNDO_WINDOW_SECONDS} s, s'il est toujours le dernier)`,
        params: idParamsSchema,
        response: { 200: successEnvelope(interventionSchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await status.undoLastStatusChange(app.db, requireUser(request), request.params.id);
      return {
        success: true as const,
        data: withEtag(reply, data),
        message: UNDO_MESSAGES.undone(statutLabel(data.statut)),
      };
    },
  );

  app.put(
    '/bulk/status',
    {
      config: update,
      schema: {
        tags,
        summary: 'Changer le statut de plusieurs interventions (tout ou rien, transitions du workflow)',
        body: bulkStatusSchema,
        response: { 200: successEnvelope(z.object({ count: z.number() })), ...errors },
      },
    },
    async (request) => {
      const data = await status.bulkStatus(app.db, requireUser(request), request.body);
      return { success: true as const, data, message: ASSIGNMENT_MESSAGES.bulkStatusUpdated(data.count) };
    },
  );
};

export default statusRoutes;
