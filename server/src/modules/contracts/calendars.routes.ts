import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { idParamsSchema, successEnvelope } from '@gmao/domain/common/api';
import { calendarInputSchema, calendarSchema, CONTRACT_MESSAGES as M } from '@gmao/domain/contracts/contract-schemas';
import { holidayInputSchema, holidaySchema, PLAN_MESSAGES } from '@gmao/domain/plans/plan-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponsesWithBusinessRule as errors } from '../../lib/route-schemas.ts';
import * as calendars from './calendars.service.ts';

const read = { access: { permission: PERMISSIONS.CONTRACTS_READ } };
const manage = { access: { permission: PERMISSIONS.CONTRACTS_MANAGE } };
const tags = ['contracts'];

/** Business calendars and the company's public holidays (issue 31), at /api/calendars. */
const calendarsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: read,
      schema: {
        tags,
        summary:
          'Calendriers ouvrés : plages hebdomadaires (heure locale de Casablanca), exceptions, contrats qui les utilisent',
        response: { 200: successEnvelope(z.array(calendarSchema)), ...errors },
      },
    },
    async () => ({ success: true as const, data: await calendars.listCalendars(app.db) }),
  );

  app.post(
    '/',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Créer un calendrier ouvré (plages {jour 1..7, debut "08:00", fin "12:00"}, exceptions {date, ouvert})',
        body: calendarInputSchema,
        response: { 201: successEnvelope(calendarSchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await calendars.createCalendar(app.db, request.body);
      return reply.status(201).send({ success: true as const, data, message: M.calendarCreated });
    },
  );

  app.get(
    '/holidays',
    {
      config: read,
      schema: {
        tags,
        summary: "Jours fériés de l'entreprise (la liste des plans préventifs) ; annuel : même jour chaque année",
        response: { 200: successEnvelope(z.array(holidaySchema)), ...errors },
      },
    },
    async () => ({ success: true as const, data: await calendars.listHolidays(app.db) }),
  );

  app.post(
    '/holidays',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Ajouter un jour férié (fermé dans les calendriers qui appliquent les jours fériés)',
        body: holidayInputSchema,
        response: { 201: successEnvelope(holidaySchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await calendars.createHoliday(app.db, request.body);
      return reply.status(201).send({ success: true as const, data, message: PLAN_MESSAGES.holidayCreated });
    },
  );

  app.delete(
    '/holidays/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Retirer un jour férié',
        params: idParamsSchema,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await calendars.deleteHoliday(app.db, request.params.id);
      return { success: true as const, data: null, message: PLAN_MESSAGES.holidayDeleted };
    },
  );

  app.get(
    '/:id',
    {
      config: read,
      schema: {
        summary: 'Un calendrier ouvré : plages et exceptions',
        tags,
        params: idParamsSchema,
        response: { 200: successEnvelope(calendarSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await calendars.getCalendar(app.db, request.params.id) }),
  );

  app.put(
    '/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Modifier un calendrier (les échéances déjà calculées ne bougent pas)',
        params: idParamsSchema,
        body: calendarInputSchema,
        response: { 200: successEnvelope(calendarSchema), ...errors },
      },
    },
    async (request) => {
      const data = await calendars.updateCalendar(app.db, request.params.id, request.body);
      return { success: true as const, data, message: M.calendarUpdated };
    },
  );

  app.delete(
    '/:id',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Supprimer un calendrier (refusé, 409, tant qu’un contrat ou une version de contrat l’utilise)',
        params: idParamsSchema,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await calendars.deleteCalendar(app.db, request.params.id);
      return { success: true as const, data: null, message: M.calendarDeleted };
    },
  );
};

export default calendarsRoutes;
