import { EQUIPMENT_MESSAGES } from '@gmao/domain/equipment/equipment-schemas';
import { REQUEST_MESSAGES as M } from '@gmao/domain/requests/request-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardObjectsById } from '../../plugins/visibility-guard.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import portalRequestRoutes from './portal-requests.routes.ts';
import publicRequestRoutes from './public-requests.routes.ts';
import requestInboxRoutes from './request-inbox.routes.ts';
import requestLinkRoutes from './request-links.routes.ts';
import type { RequestThrottleSettings } from './requests.service.ts';

export interface RequestsRoutesOptions {
  storage: FileStorage;
  throttle: RequestThrottleSettings;
}

/**
 * Demandes d'intervention (issue 33), registered under /api: where each part of the module hangs and who guards it,
 * in one place, so the order of the routes and the section guards stay visible together. The parts: the equipment's
 * request link (/equipment/{id}/request-link, who may edit equipment), the inbox (/requests, requests:manage), the
 * public form (/public/requests/{token}, no account) and the portal's requests (/portal/requests).
 */
const requestsRoutes: FastifyPluginAsyncZod<RequestsRoutesOptions> = async (app, opts) => {
  const { storage } = opts;
  // Issue 33: a section-limited user reaches only his section's requests and equipment links (visibility-guard.ts)
  guardObjectsById(app, 'request', M.notFound, '/requests/:id');
  guardObjectsById(app, 'equipment', EQUIPMENT_MESSAGES.notFound, '/equipment/:id');

  // Registered after the guards: the child plugins inherit their hooks.
  await app.register(requestLinkRoutes);
  await app.register(requestInboxRoutes, { storage });
  await app.register(publicRequestRoutes, { ...opts, prefix: '/public/requests' });
  await app.register(portalRequestRoutes, { ...opts, prefix: '/portal/requests' });
};

export default requestsRoutes;
