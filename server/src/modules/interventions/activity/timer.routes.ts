import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { successEnvelope } from '@gmao/domain/common/api';
import {
  timerLogSchema,
  timerSessionCorrectionBodySchema,
  timerSessionParamsSchema,
} from '@gmao/domain/interventions/activity-schemas';
import { idParamsSchema } from '@gmao/domain/interventions/intervention-schemas';
import { ACTIVITY_MESSAGES } from '@gmao/domain/interventions/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponsesWithVersion } from '../../../lib/route-schemas.ts';
import { requireUser } from '../../../plugins/auth.ts';
import { preconditionOf, versionedWrite } from '../version-precondition.ts';
import * as service from './timer.service.ts';

const errors = errorResponsesWithVersion;
const tags = ['interventions'];
const update = { access: { permission: PERMISSIONS.INTERVENTIONS_UPDATE } };
const response = { 200: successEnvelope(timerLogSchema), ...errors };

/** Work timer (spec §7): each user runs at most one session per intervention; durations are summed in SQL. */
const timerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id/timer/log',
    {
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_READ } },
      schema: {
        summary: "Sessions de chronomètre de l'intervention et temps total",
        tags,
        params: idParamsSchema,
        response,
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getTimerLog(app.db, requireUser(request), request.params.id),
    }),
  );

  app.post(
    '/:id/timer/start',
    {
      config: update,
      schema: { tags, summary: 'Démarrer mon chronomètre', ...versionedWrite, params: idParamsSchema, response },
    },
    async (request) => {
      const data = await service.startTimer(app.db, requireUser(request), request.params.id, preconditionOf(request));
      return { success: true as const, data, message: ACTIVITY_MESSAGES.timerStarted };
    },
  );

  app.post(
    '/:id/timer/stop',
    {
      config: update,
      schema: { tags, summary: 'Arrêter mon chronomètre', ...versionedWrite, params: idParamsSchema, response },
    },
    async (request) => {
      const data = await service.stopTimer(app.db, requireUser(request), request.params.id, preconditionOf(request));
      return { success: true as const, data, message: ACTIVITY_MESSAGES.timerStopped };
    },
  );

  app.put(
    '/:id/timer/sessions/:sessionId',
    {
      config: update,
      schema: {
        tags,
        summary:
          "Corriger une session de chronomètre (son auteur ou qui peut affecter l'intervention ; au plus 24 h, ni avant la création de l'intervention ni dans le futur ; auditée)",
        ...versionedWrite,
        params: timerSessionParamsSchema,
        body: timerSessionCorrectionBodySchema,
        response,
      },
    },
    async (request) => {
      const { id, sessionId } = request.params;
      const user = requireUser(request);
      const { startedAt, stoppedAt } = request.body;
      const times = { startedAt, stoppedAt };
      const data = await service.correctSession(app.db, user, id, sessionId, times, preconditionOf(request));
      return { success: true as const, data, message: ACTIVITY_MESSAGES.timerSessionUpdated };
    },
  );

  app.delete(
    '/:id/timer/sessions/:sessionId',
    {
      config: update,
      schema: {
        tags,
        summary: "Supprimer une session de chronomètre (son auteur ou qui peut affecter l'intervention ; auditée)",
        ...versionedWrite,
        params: timerSessionParamsSchema,
        response,
      },
    },
    async (request) => {
      const { id, sessionId } = request.params;
      const data = await service.deleteTimerSession(
        app.db,
        requireUser(request),
        id,
        sessionId,
        preconditionOf(request),
      );
      return { success: true as const, data, message: ACTIVITY_MESSAGES.timerSessionDeleted };
    },
  );
};

export default timerRoutes;
