import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { successEnvelope } from '@gmao/domain/common/api';
import { idParamsSchema } from '@gmao/domain/interventions/intervention-schemas';
import {
  canDeleteSchema,
  dependenciesSchema,
  LIFECYCLE_MESSAGES,
  LIFECYCLE_RESULT,
  type LifecycleAction,
  lifecycleStateSchema,
} from '@gmao/domain/interventions/lifecycle-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponsesWithVersion } from '../../../lib/route-schemas.ts';
import { requireUser } from '../../../plugins/auth.ts';
import type { FileStorage } from '../../../storage/file-storage.ts';
import { deleteIntervention } from '../interventions.service.ts';
import { preconditionOf, versionedWrite } from '../version-precondition.ts';
import * as lifecycle from './lifecycle.service.ts';

const errors = errorResponsesWithVersion;
const tags = ['interventions'];
const read = { access: { permission: PERMISSIONS.INTERVENTIONS_READ } };
const del = { access: { permission: PERMISSIONS.INTERVENTIONS_DELETE } };

const ACTIONS: { action: LifecycleAction; config: { access: { permission: string } }; summary: string }[] = [
  { action: 'soft-delete', config: del, summary: 'Placer dans la corbeille (masquée des listes et tableaux de bord)' },
  { action: 'restore', config: del, summary: 'Restaurer depuis la corbeille' },
  { action: 'archive', config: del, summary: 'Archiver une intervention clôturée' },
  { action: 'unarchive', config: del, summary: 'Désarchiver' },
];

/** Soft-delete / restore / archive / unarchive, can-delete, dependencies and force delete (spec §7). */
const lifecycleRoutes: FastifyPluginAsyncZod<{ storage: FileStorage }> = async (app, opts) => {
  for (const { action, config, summary } of ACTIONS) {
    app.put(
      `/:id/${action}`,
      {
        config,
        schema: {
          tags,
          summary,
          ...versionedWrite,
          params: idParamsSchema,
          response: { 200: successEnvelope(lifecycleStateSchema), ...errors },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const precondition = preconditionOf(request);
        const data = await lifecycle.applyLifecycle(app.db, user, request.params.id, action, precondition);
        return { success: true as const, data, message: LIFECYCLE_RESULT[action].message };
      },
    );
  }

  app.get(
    '/:id/can-delete',
    {
      config: read,
      schema: {
        tags,
        summary: 'Peut-on la placer dans la corbeille ? (raisons et dépendances)',
        params: idParamsSchema,
        response: { 200: successEnvelope(canDeleteSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await lifecycle.canDelete(app.db, request.params.id) }),
  );

  app.get(
    '/:id/dependencies',
    {
      config: read,
      schema: {
        tags,
        summary: 'Nombre d’historiques, matériels, commentaires, pièces jointes et sessions de chronomètre',
        params: idParamsSchema,
        response: { 200: successEnvelope(dependenciesSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await lifecycle.dependencies(app.db, request.params.id) }),
  );

  app.delete(
    '/:id/force',
    {
      config: del,
      schema: {
        tags,
        summary: 'Suppression définitive (quel que soit son état), fichiers joints compris',
        ...versionedWrite,
        params: idParamsSchema,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      // One transaction for the rows (ON DELETE CASCADE); the files are removed once it has committed.
      const fileKeys = await deleteIntervention(
        app.db,
        requireUser(request),
        request.params.id,
        'intervention.force_delete',
        preconditionOf(request),
      );
      await opts.storage.remove(fileKeys);
      return { success: true as const, data: null, message: LIFECYCLE_MESSAGES.forceDeleted };
    },
  );
};

export default lifecycleRoutes;
