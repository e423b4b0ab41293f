import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { successEnvelope } from '@gmao/domain/common/api';
import { idParamsSchema, interventionSchema } from '@gmao/domain/interventions/intervention-schemas';
import { SCHEDULE_MESSAGES, scheduleInputSchema } from '@gmao/domain/interventions/schedule-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponsesWithBusinessRule } from '../../../lib/route-schemas.ts';
import { requireUser } from '../../../plugins/auth.ts';
import { type ScheduleOutcome, setSchedule } from './schedule.service.ts';

const errors = errorResponsesWithBusinessRule;
const tags = ['interventions'];
const update = { access: { permission: PERMISSIONS.INTERVENTIONS_UPDATE } };

const MESSAGE: Record<ScheduleOutcome, string> = {
  scheduled: SCHEDULE_MESSAGES.scheduled,
  rescheduled: SCHEDULE_MESSAGES.rescheduled,
  unchanged: SCHEDULE_MESSAGES.unchanged,
};

const COMMON = `Body \`{ date, duree? }\`: \`date\` is the planned start, \`2026-12-15T08:30\` (seconds optional) read as
Africa/Casablanca wall-clock time, or ISO 8601 with a zone (\`2026-12-15T07:30:00Z\`, \`…+01:00\`), years 2000–2099;
\`duree\` is the planned duration in whole minutes (1–43200), null or absent for none. The answer is the intervention
with \`plannedAt\` (an ISO instant), \`plannedWallClock\` (\`{ date: '2026-12-15', time: '08:30', zone:
'Africa/Casablanca' }\`, converted by the server with its own time-zone data: show and send back this one rather than
converting \`plannedAt\` with another zone database) and \`dureePrevue\` (minutes). Who: the intervention's creator, its assignee or a
holder of interventions:assign (403 otherwise). Refused with 422 on a closed intervention (TERMINEE, ANNULEE, ECHEC:
reopen it first); an intervention in the Corbeille or archived is 404, as for every other call on it. Each change
writes one history note ('Planifiée le 15/12/2026 à 08:30 (2 h)', 'Replanifiée du … au …') and one audit row
(intervention.schedule) in the same transaction. The list filters on it with planned_from / planned_to.`;

/** Scheduling (spec §7): POST sets the first schedule, PUT sets or changes it. */
const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/schedule',
    {
      config: update,
      schema: {
        tags,
        summary: "Planifier l'intervention (date et heure prévues, durée) — première planification",
        description: `Schedules an intervention that has no planned date yet: 201. An intervention already scheduled
is a 409 naming the current date, so two planners never overwrite each other unknowingly: replan with PUT.

${COMMON}`,
        params: idParamsSchema,
        body: scheduleInputSchema,
        response: { 201: successEnvelope(interventionSchema), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const { intervention } = await setSchedule(app.db, user, request.params.id, request.body, 'first');
      return reply
        .status(201)
        .send({ success: true as const, data: intervention, message: SCHEDULE_MESSAGES.scheduled });
    },
  );

  app.put(
    '/:id/schedule',
    {
      config: update,
      schema: {
        tags,
        summary: "Planifier ou replanifier l'intervention (remplace la date, l'heure et la durée prévues)",
        description: `Sets the whole schedule, whether or not one exists (idempotent): the body replaces the planned
date and duration (a missing \`duree\` clears it). The same schedule again changes nothing and writes no history
('Planification inchangée').

${COMMON}`,
        params: idParamsSchema,
        body: scheduleInputSchema,
        response: { 200: successEnvelope(interventionSchema), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { intervention, outcome } = await setSchedule(app.db, user, request.params.id, request.body, 'set');
      return { success: true as const, data: intervention, message: MESSAGE[outcome] };
    },
  );
};

export default scheduleRoutes;
