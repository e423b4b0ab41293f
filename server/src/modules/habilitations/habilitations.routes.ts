import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import {
  idParamsSchema,
  idSchema,
  isCalendarDay,
  listEnvelope,
  makePagination,
  successEnvelope,
} from '@gmao/domain/common/api';
import {
  habilitationInputSchema,
  habilitationListQuerySchema,
  habilitationSchema,
  HABILITATION_REPORT as R,
  renewalCardSchema,
  renewalQuerySchema,
  userHabilitationsSchema,
} from '@gmao/domain/habilitations/habilitation-schemas';
import { HABILITATION_MESSAGES as M } from '@gmao/domain/habilitations/symbols';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { downloadHeaders } from '../../lib/download.ts';
import { errorResponsesWithBusinessRule } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { recordExport } from '../audit/audit.service.ts';
import * as report from './habilitation-report.service.ts';
import habilitationTitreRoutes from './habilitation-titre.routes.ts';
import * as service from './habilitations.service.ts';

const tags = ['habilitations'];
const manage = { access: { permission: PERMISSIONS.HABILITATIONS_MANAGE } };
const errors = errorResponsesWithBusinessRule;
const hidParams = z.object({ hid: idSchema });
const aptitudeSchema = z.object({
  aptitude_medicale_jusqu_au: z.string().trim().refine(isCalendarDay, M.dateInvalid).nullable(),
});

/** Electrical habilitations (issue 34): the titles of each user, the list by expiry, the medical fitness. */
const habilitationsRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (app, opts) => {
  app.get(
    '/users/:id/habilitations',
    {
      // habilitations:manage, or the user himself (checked by the service)
      config: { access: 'authenticated' },
      schema: {
        tags,
        summary: "Titres d'habilitation d'un utilisateur (historique) et aptitude médicale",
        params: idParamsSchema,
        response: { 200: successEnvelope(userHabilitationsSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getUserHabilitations(app.db, requireUser(request), request.params.id),
    }),
  );

  app.post(
    '/users/:id/habilitations',
    {
      config: manage,
      schema: {
        tags,
        summary: "Enregistrer un titre d'habilitation (un renouvellement est un nouveau titre)",
        params: idParamsSchema,
        body: habilitationInputSchema,
        response: { 201: successEnvelope(habilitationSchema), ...errors },
      },
    },
    async (request, reply) => {
      const data = await service.createTitle(app.db, requireUser(request), request.params.id, request.body);
      return reply.status(201).send({ success: true as const, data, message: M.created });
    },
  );

  app.put(
    '/users/:id/aptitude-medicale',
    {
      config: manage,
      schema: {
        tags,
        summary: "Date de fin de l'aptitude médicale (null : non renseignée)",
        params: idParamsSchema,
        body: aptitudeSchema,
        response: { 200: successEnvelope(userHabilitationsSchema), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await service.setMedicalFitness(app.db, request.params.id, request.body.aptitude_medicale_jusqu_au);
      return { success: true as const, data: await service.getUserHabilitations(app.db, user, request.params.id) };
    },
  );

  app.get(
    '/habilitations',
    {
      config: manage,
      schema: {
        tags,
        summary: "Titres d'habilitation (filtre : expirent avant une date ; recherche titulaire / symbole)",
        querystring: habilitationListQuerySchema,
        response: { 200: listEnvelope(habilitationSchema), ...errors },
      },
    },
    async (request) => {
      const q = request.query;
      const { items, total } = await service.listTitles(app.db, q);
      return { success: true as const, data: items, pagination: makePagination(total, q.page, q.limit) };
    },
  );

  app.get(
    '/habilitations/a-renouveler',
    {
      config: manage,
      schema: {
        tags,
        summary: 'Carte du tableau de bord : habilitations et aptitudes expirées, à renouveler sous 30 / 90 jours',
        response: { 200: successEnvelope(renewalCardSchema), ...errors },
      },
    },
    async () => ({ success: true as const, data: await report.renewalCard(app.db) }),
  );

  app.get(
    '/habilitations/a-renouveler.csv',
    {
      config: manage,
      schema: {
        tags,
        summary:
          'Habilitations à renouveler en CSV (Excel fr-FR) : titres et aptitudes finissant avant `avant` (90 jours)',
        querystring: renewalQuerySchema,
      },
    },
    async (request, reply) => {
      await recordExport(app.db, 'csv', R.title, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .headers(downloadHeaders(R.fileName('csv')))
        .send(await report.renewalCsv(app.db, request.query.avant));
    },
  );

  app.get(
    '/habilitations/a-renouveler.pdf',
    {
      config: manage,
      schema: { tags, summary: 'Habilitations à renouveler en PDF', querystring: renewalQuerySchema },
    },
    async (request, reply) => {
      const pdf = await report.renewalPdf(app.db, request.query.avant, opts.storage);
      await recordExport(app.db, 'pdf', R.title, request.query);
      return reply
        .type('application/pdf')
        .headers(downloadHeaders(R.fileName('pdf')))
        .send(pdf);
    },
  );

  app.put(
    '/habilitations/:hid',
    {
      config: manage,
      schema: {
        tags,
        summary: "Corriger un titre d'habilitation",
        params: hidParams,
        body: habilitationInputSchema,
        response: { 200: successEnvelope(habilitationSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.updateTitle(app.db, request.params.hid, request.body),
      message: M.updated,
    }),
  );

  app.delete(
    '/habilitations/:hid',
    {
      config: manage,
      schema: {
        tags,
        summary: "Supprimer un titre d'habilitation enregistré par erreur",
        params: hidParams,
        response: { 200: successEnvelope(z.object({ id: z.number() })), ...errors },
      },
    },
    async (request) => {
      const key = await service.deleteTitle(app.db, request.params.hid);
      if (key) await opts.storage.remove([key]).catch(() => undefined);
      return { success: true as const, data: { id: request.params.hid }, message: M.deleted };
    },
  );

  await app.register(habilitationTitreRoutes, { storage: opts.storage });
};

export default habilitationsRoutes;
