import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { narrowedVisibility } from '@gmao/domain/auth/visibility';
import { listEnvelope, makePagination, successEnvelope } from '@gmao/domain/common/api';
import { MUTATION_MESSAGES } from '@gmao/domain/common/messages';
import {
  idParamsSchema,
  interventionCreateSchema,
  interventionListQuerySchema,
  interventionSchema,
  interventionUpdateSchema,
  statusCountsQuerySchema,
  statusCountsSchema,
} from '@gmao/domain/interventions/intervention-schemas';
import { DRAFT_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import { creationHeadersSchema } from '@gmao/domain/interventions/sync-schemas';
import { withVersion } from '@gmao/domain/interventions/version-schemas';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Counter } from 'prom-client';
import { z } from 'zod';
import { errorResponsesWithVersion } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import { guardObjectsById } from '../../plugins/visibility-guard.ts';
import { defaultUploadsDir, type FileStorage, localDiskStorage } from '../../storage/file-storage.ts';
import { withExpiryFlags } from '../habilitations/habilitation-flags.service.ts';
import commentsRoutes from './activity/comments.routes.ts';
import notifyRoutes from './activity/notify.routes.ts';
import timerRoutes from './activity/timer.routes.ts';
import assignmentRoutes from './assignment/assignment.routes.ts';
import attachmentsRoutes from './attachments/attachments.routes.ts';
import bulkRoutes from './bulk/bulk.routes.ts';
import consignationRoutes from './consignation/consignation.routes.ts';
import customFieldsRoutes from './custom-fields/custom-fields.routes.ts';
import exportRoutes from './export/export.routes.ts';
import * as service from './interventions.service.ts';
import lifecycleRoutes from './lifecycle/lifecycle.routes.ts';
import { createListCache } from './list-cache.ts';
import materialsRoutes from './materials/materials.routes.ts';
import partRequestsRoutes from './parts/part-requests.routes.ts';
import checklistRoutes from './records/checklist.routes.ts';
import recordsRoutes from './records/records.routes.ts';
import compteRenduRoutes from './review/compte-rendu.routes.ts';
import reviewRoutes from './review/review.routes.ts';
import scheduleRoutes from './schedule/schedule.routes.ts';
import signaturesRoutes from './signatures/signatures.routes.ts';
import syncRoutes from './sync/sync.routes.ts';
import { preconditionOf, versionedWrite, withEtag } from './version-precondition.ts';
import statusRoutes from './workflow/status.routes.ts';
import workflowRoutes from './workflow/workflow.routes.ts';

const errors = errorResponsesWithVersion;
const read = { access: { permission: PERMISSIONS.INTERVENTIONS_READ } };
/** The list, its counts: filtered by the user's visibility (list.repository.ts whereOf). */
const readScoped = { ...read, scope: 'applied' as const };
const update = { access: { permission: PERMISSIONS.INTERVENTIONS_UPDATE } };
const tags = ['interventions'];

/**
 * Interventions (spec §7): the list, its status counts and the CRUD here; each sub-capability registers its own
 * routes from its folder (workflow/, assignment/, lifecycle/, records/, activity/, materials/, attachments/,
 * review/, export/, schedule/, bulk/, sync/) on the same prefix. The analytics module serves /analytics,
 * /completion-metrics and /performance on it too. Every write to one intervention takes its version
 * (version-precondition.ts).
 */
const interventionsRoutes: FastifyPluginAsyncZod<{ storage?: FileStorage }> = async (app, opts) => {
  const storage = opts.storage ?? localDiskStorage(defaultUploadsDir);
  // /:id and below, in every sub-plugin: another section's intervention is "introuvable" for a section-limited user
  guardObjectsById(app, 'intervention', WORKFLOW_MESSAGES.notFound);
  const listCache = createListCache();
  const listCacheAnswers = new Counter({
    name: 'gmao_list_cache_answers_total',
    help: 'Interventions list pages answered: hit (kept page), miss (read and kept), unkept (read, not kept)',
    labelNames: ['result'] as const,
    registers: [app.metrics],
  });
  // Sub-resources of an intervention, each in its own file (same prefix).
  await app.register(attachmentsRoutes, { storage });
  await app.register(assignmentRoutes);
  await app.register(recordsRoutes);
  await app.register(materialsRoutes);
  await app.register(partRequestsRoutes);
  await app.register(commentsRoutes);
  await app.register(timerRoutes);
  await app.register(notifyRoutes);
  await app.register(exportRoutes);
  await app.register(lifecycleRoutes, { storage });
  await app.register(checklistRoutes);
  await app.register(reviewRoutes);
  await app.register(compteRenduRoutes);
  await app.register(statusRoutes);
  await app.register(workflowRoutes);
  await app.register(customFieldsRoutes);
  await app.register(scheduleRoutes);
  await app.register(consignationRoutes, { storage });
  await app.register(bulkRoutes);
  await app.register(syncRoutes, { storage });
  await app.register(signaturesRoutes, { storage });

  app.get(
    '/',
    {
      config: readScoped,
      schema: {
        tags,
        summary:
          'Liste filtrée et paginée (plus récentes en premier) ; avec updated_since ou cursor : les modifications depuis, les plus anciennes d’abord',
        querystring: interventionListQuerySchema,
        response: { 200: listEnvelope(interventionSchema), ...errors },
      },
    },
    async (request) => {
      const { page, limit, ...query } = request.query;
      const visibility = narrowedVisibility(requireUser(request));
      const filters = { ...query, visibility };
      if (filters.updated_since || filters.cursor) {
        // Changes since (issue 35): oldest change first, one page, resumed by `sync.cursor`
        const { rows, sync } = await service.interventionsChangedSince(app.db, filters, limit);
        return { success: true as const, data: rows, pagination: makePagination(rows.length, 1, limit), sync };
      }
      // Served again while its data is unchanged (list-cache.ts); the client's Cache-Control: no-cache reads it anew.
      const fresh = /\bno-cache\b/.test(request.headers['cache-control'] ?? '');
      const { page: found, result } = await listCache.page(
        request.listCacheVersion,
        { ...request.query, visibility },
        () => service.listInterventions(app.db, filters, page, limit),
        fresh,
      );
      listCacheAnswers.inc({ result });
      const { total, capped } = found;
      // Issue 34: « Habilitation expirée », for this page's rows only (never kept: titles are not in the version)
      const rows = await withExpiryFlags(app.db, found.rows);
      return { success: true as const, data: rows, pagination: makePagination(total, page, limit, capped) };
    },
  );

  app.get(
    '/status-counts',
    {
      config: readScoped,
      schema: {
        tags,
        summary: 'Nombre d’interventions par statut (mêmes filtres que la liste)',
        querystring: statusCountsQuerySchema,
        response: { 200: successEnvelope(statusCountsSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.getStatusCounts(app.db, {
        ...request.query,
        visibility: narrowedVisibility(requireUser(request)),
      }),
    }),
  );

  app.get(
    '/:id',
    {
      config: read,
      schema: {
        tags,
        summary: 'Une intervention (en-tête ETag : "v<version>", à renvoyer dans If-Match)',
        params: idParamsSchema,
        response: { 200: successEnvelope(interventionSchema), ...errors },
      },
    },
    async (request, reply) => {
      const [data] = await withExpiryFlags(app.db, [await service.getIntervention(app.db, request.params.id)]);
      return { success: true as const, data: withEtag(reply, data) };
    },
  );

  app.post(
    '/',
    {
      // the equipment must be one the user sees (interventions.service resolveClient)
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_CREATE }, scope: 'applied' },
      schema: {
        tags,
        summary: "Créer (le client est le propriétaire de l'équipement)",
        description:
          "Avec l'en-tête `Idempotency-Key` (un brouillon créé hors ligne, issue 32) : le premier envoi crée l'intervention (201), un envoi suivant avec la même clé par le même utilisateur renvoie celle déjà créée (200) sans en créer une autre.",
        headers: creationHeadersSchema,
        body: interventionCreateSchema,
        response: { 200: successEnvelope(interventionSchema), 201: successEnvelope(interventionSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { data, replayed } = await service.createInterventionWithKey(
        app.db,
        requireUser(request),
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.status(replayed ? 200 : 201).send({
        success: true as const,
        data,
        message: replayed ? DRAFT_MESSAGES.replayed : MUTATION_MESSAGES.interventionCreate.success,
      });
    },
  );

  app.put(
    '/:id',
    {
      config: update,
      schema: {
        tags,
        summary: 'Modifier (un changement de statut suit le workflow)',
        ...versionedWrite,
        params: idParamsSchema,
        body: withVersion(interventionUpdateSchema),
        response: { 200: successEnvelope(interventionSchema), ...errors },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const data = await service.updateIntervention(
        app.db,
        user,
        request.params.id,
        request.body,
        preconditionOf(request),
      );
      const message = request.body.statut ? MUTATION_MESSAGES.statusUpdate.success : WORKFLOW_MESSAGES.updated;
      return { success: true as const, data: withEtag(reply, data), message };
    },
  );

  app.delete(
    '/:id',
    {
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_DELETE } },
      schema: {
        tags,
        summary: 'Supprimer définitivement (comme DELETE /{id}/force)',
        ...versionedWrite,
        params: idParamsSchema,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const precondition = preconditionOf(request);
      const fileKeys = await service.deleteIntervention(app.db, user, request.params.id, undefined, precondition);
      await storage.remove(fileKeys);
      return { success: true as const, data: null, message: MUTATION_MESSAGES.interventionDelete.success };
    },
  );
};

export default interventionsRoutes;
