import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { successEnvelope } from '@gmao/domain/common/api';
import {
  BULK_MESSAGES,
  bulkDeleteSchema,
  bulkResultSchema,
  bulkUpdateSchema,
} from '@gmao/domain/interventions/bulk-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponsesWithBusinessRule } from '../../../lib/route-schemas.ts';
import { requireUser } from '../../../plugins/auth.ts';
import * as bulk from './bulk.service.ts';

const errors = errorResponsesWithBusinessRule;
const tags = ['interventions'];

const ALL_OR_NOTHING = `All or nothing, in one transaction: \`ids\` (1 to 500, duplicates ignored) are locked in id
order and each is checked before anything is written. When any fails, nothing changes and the answer lists EVERY
failure as \`failed: [{ id, reason }]\` (French reasons): 403 when all of them are permission refusals, 422
otherwise (an unknown, archived or trashed id, a workflow rule, a running timer…). Success answers the ids changed.`;

/** Bulk edit and bulk move to the Corbeille (spec §7 `PUT /interventions/bulk {ids, data}`, `DELETE … {ids}`). */
const bulkRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/bulk',
    {
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_UPDATE } },
      schema: {
        tags,
        summary: 'Modifier plusieurs interventions (urgence, date, technicien, statut ; tout ou rien)',
        description: `\`data\` holds only the fields to change, among \`urgence\` (boolean), \`date\` (YYYY-MM-DD),
\`technicianId\` (an enabled user; null unassigns) and \`statut\`; any other field is a 400 naming it (description,
equipment and notes belong to one job each). Each intervention must be active (not archived, not in the Corbeille).
Rights per intervention, as for the single calls: urgence and date need the policy's edit rule (creator, assignee
or interventions:assign); changing the assignee needs interventions:assign, except taking for oneself an
intervention nobody holds; a statut goes through the workflow of PUT /:id/status (a move it does not allow fails
that id) and writes its history and audit rows. Fields already at the asked value are left alone; the other
changes write a history note ('Modification groupée : …', 'Technicien affecté : …') and an audit row
(intervention.bulk_update) per intervention.

${ALL_OR_NOTHING}`,
        body: bulkUpdateSchema,
        response: { 200: successEnvelope(bulkResultSchema), ...errors },
      },
    },
    async (request) => {
      const data = await bulk.bulkUpdate(app.db, requireUser(request), request.body);
      return { success: true as const, data, message: BULK_MESSAGES.updated(data.count) };
    },
  );

  app.delete(
    '/bulk',
    {
      config: { access: { permission: PERMISSIONS.INTERVENTIONS_DELETE } },
      schema: {
        tags,
        summary: 'Mettre plusieurs interventions à la corbeille (tout ou rien)',
        description: `JSON body \`{ ids }\` (content-type application/json). Moves each intervention to the
Corbeille under the rule of PUT /:id/soft-delete — interventions:delete, not already in the Corbeille, no timer
running on it — with its history note and audit row (intervention.trash); they can be restored one by one from
the Corbeille. Nothing is deleted for good (DELETE /:id/force does that).

${ALL_OR_NOTHING}`,
        body: bulkDeleteSchema,
        response: { 200: successEnvelope(bulkResultSchema), ...errors },
      },
    },
    async (request) => {
      const data = await bulk.bulkTrash(app.db, requireUser(request), request.body);
      return { success: true as const, data, message: BULK_MESSAGES.trashed(data.count) };
    },
  );
};

export default bulkRoutes;
