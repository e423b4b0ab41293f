import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { successEnvelope } from '@gmao/domain/common/api';
import { idParamsSchema } from '@gmao/domain/interventions/intervention-schemas';
import { NOTIFICATION_MESSAGES, sendNotificationSchema } from '@gmao/domain/notifications/notification-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponsesWithBusinessRule as errors } from '../../../lib/route-schemas.ts';
import { requireUser } from '../../../plugins/auth.ts';
import { notifyAboutIntervention } from './notify.service.ts';

/** POST /interventions/{id}/notifications (spec §7), registered under /api/interventions. */
const notifyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/notifications',
    {
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_UPDATE } },
      schema: {
        tags: ['interventions', 'notifications'],
        summary:
          "Notifier des utilisateurs choisis au sujet d'une intervention ({ userIds, message }) ; chacun doit pouvoir lire les interventions",
        params: idParamsSchema,
        body: sendNotificationSchema,
        response: { 201: successEnvelope(z.object({ notified: z.number().int() })), ...errors },
      },
    },
    async (request, reply) => {
      const notified = await notifyAboutIntervention(app.db, requireUser(request), request.params.id, request.body);
      return reply
        .status(201)
        .send({ success: true as const, data: { notified }, message: NOTIFICATION_MESSAGES.sent(notified) });
    },
  );
};

export default notifyRoutes;
