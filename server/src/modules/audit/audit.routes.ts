import { auditEntrySchema, auditFiltersSchema, auditListQuerySchema } from '@gmao/domain/audit/audit-schemas';
import { ADMIN_ROLE } from '@gmao/domain/auth/permissions';
import { listEnvelope } from '@gmao/domain/common/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BULK_COMPRESSION } from '../../lib/compression.ts';
import { downloadHeaders } from '../../lib/download.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { auditCsv, listAuditEntries, recordAudit } from './audit.service.ts';

const adminOnly = { access: { role: ADMIN_ROLE } } as const;
const tags = ['audit'];

/** Registered at prefix /api/audit. Administrators only. */
const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: adminOnly,
      schema: {
        tags,
        summary: "Journal d'audit (le plus récent d'abord), filtré par événement, utilisateur, objet et période",
        querystring: auditListQuerySchema,
        response: { 200: listEnvelope(auditEntrySchema), ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, ...(await listAuditEntries(app.db, request.query)) }),
  );

  app.get(
    '/export/csv',
    {
      config: adminOnly,
      compress: BULK_COMPRESSION,
      schema: { tags, summary: "Export CSV du journal d'audit filtré", querystring: auditFiltersSchema },
    },
    async (request, reply) => {
      await recordAudit(app.db, {
        action: 'export.csv',
        entityType: 'audit',
        summary: "Export CSV du journal d'audit",
        after: request.query,
      });
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .headers(downloadHeaders(`journal-audit-${day}.csv`))
        .send(auditCsv(app.db, request.query));
    },
  );
};

export default auditRoutes;
