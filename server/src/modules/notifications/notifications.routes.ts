import { idParamsSchema, listEnvelope, successEnvelope } from '@gmao/domain/common/api';
import {
  NOTIFICATION_MESSAGES,
  notificationListQuerySchema,
  notificationPreferenceSchema,
  notificationPreferencesBodySchema,
  notificationSchema,
  unreadCountSchema,
} from '@gmao/domain/notifications/notification-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses as errors } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as service from './inbox.service.ts';

const own = { access: 'authenticated' as const, scope: 'own' as const };
const tags = ['notifications'];
const HEARTBEAT_MS = 25_000;

/**
 * The user's own notifications, registered at /api/notifications. Everything here reads or changes only the
 * caller's rows (user_id = the session's user), so every authenticated user may call it.
 */
const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: own,
      schema: {
        tags,
        summary: 'Mes notifications, les plus récentes en premier (filtres : non lues, type)',
        querystring: notificationListQuerySchema,
        response: { 200: listEnvelope(notificationSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      ...(await service.listMine(app.db, requireUser(request), request.query)),
    }),
  );

  app.get(
    '/unread-count',
    {
      config: own,
      schema: {
        summary: 'Nombre de mes notifications non lues',
        tags,
        response: { 200: successEnvelope(unreadCountSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: { unread: await service.unreadCount(app.db, requireUser(request)) },
    }),
  );

  app.put(
    '/read-all',
    {
      config: own,
      schema: {
        tags,
        summary: 'Tout marquer comme lu',
        response: { 200: successEnvelope(z.object({ updated: z.number() })), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: { updated: await service.readAll(app.db, requireUser(request)) },
    }),
  );

  app.put(
    '/:id/read',
    {
      config: own,
      schema: {
        summary: 'Marquer une notification comme lue',
        tags,
        params: idParamsSchema,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await service.readOne(app.db, requireUser(request), request.params.id);
      return { success: true as const, data: null };
    },
  );

  app.get(
    '/preferences',
    {
      config: own,
      schema: {
        summary: 'Mes préférences de notification (application, e-mail) par événement',
        tags,
        response: { 200: successEnvelope(z.array(notificationPreferenceSchema)), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await service.preferencesOf(app.db, requireUser(request)) }),
  );

  app.put(
    '/preferences',
    {
      config: own,
      schema: {
        tags,
        summary: 'Mes préférences : pour chaque événement, dans l’application et/ou par e-mail',
        body: notificationPreferencesBodySchema,
        response: { 200: successEnvelope(z.array(notificationPreferenceSchema)), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await service.savePreferences(app.db, requireUser(request), request.body.preferences),
      message: NOTIFICATION_MESSAGES.preferencesSaved,
    }),
  );

  // --- live updates: server-sent events fed by PostgreSQL LISTEN/NOTIFY --------------------------------------------
  const connectionString = String(app.database.pool.options.connectionString ?? '');
  const hub = service.createNotificationHub(connectionString, (err) =>
    app.log.warn({ err }, 'notification listener lost'),
  );
  // Session events (logout, revocation, disabling, deletion, a role, permission or password change), from any
  // instance: a stream whose session no longer holds as it was opened ends at once.
  const sessionHub = service.createSessionHub(connectionString, (err) =>
    app.log.warn({ err }, 'session listener lost'),
  );
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
    await Promise.all([hub.close(), sessionHub.close()]);
  });

  app.get(
    '/stream',
    {
      config: own,
      schema: {
        tags,
        summary:
          'Flux server-sent events (Accept: text/event-stream) : un évènement « unread » avec le nombre de non lues à chaque nouvelle notification ; fermé à l’expiration du jeton (le client se reconnecte) et dès que la session prend fin (déconnexion, compte désactivé ou supprimé, rôle, permissions ou mot de passe changés)',
        response: {
          200: z.string().describe('text/event-stream : « retry », puis « event: unread » et « data: {"unread": n} »'),
          406: z.object({ success: z.literal(false), message: z.string() }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (!String(request.headers.accept ?? '').includes('text/event-stream')) {
        return reply.status(406).send({ success: false as const, message: 'Accept: text/event-stream attendu' });
      }
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        Connection: 'keep-alive',
        'X-Accel-Buffering': 'no',
      });
      let open = true;
      const send = async () => {
        if (!open) return;
        try {
          const unread = await service.unreadCount(app.db, user);
          if (open) raw.write(`event: unread\ndata: ${JSON.stringify({ unread })}\n\n`);
        } catch (err) {
          request.log.warn({ err }, 'notification stream update failed');
        }
      };
      raw.write('retry: 5000\n\n');
      const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
      // The access token dies after 15 minutes: end the stream then; the client reconnects with a fresh token.
      const expiresIn = Math.max(0, (request.user?.exp ?? 0) * 1000 - Date.now());
      const expiry = setTimeout(() => end(), Math.min(expiresIn, 2 ** 31 - 1));
      let unsubscribe: (() => void) | null = null;
      let unsubscribeSession: (() => void) | null = null;
      const end = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        clearTimeout(expiry);
        unsubscribe?.();
        unsubscribeSession?.();
        streams.delete(end);
        raw.end();
      };
      streams.add(end);
      raw.on('close', end);
      const sid = String(request.user.sid);
      const checkSession = async () => {
        if (!open) return;
        try {
          if (!(await service.sessionStillAsOpened(app.db, user, sid))) end();
        } catch (err) {
          request.log.warn({ err }, 'notification stream session check failed');
          end();
        }
      };
      try {
        unsubscribeSession = await sessionHub.subscribe(user.id, () => void checkSession());
        unsubscribe = await hub.subscribe(user.id, () => void send());
        if (!open) {
          unsubscribeSession();
          unsubscribe();
        }
      } catch (err) {
        request.log.warn({ err }, 'notification listener unavailable; the page polls');
        end();
        return;
      }
      // A session ended between the request's authentication and the subscription above was not heard: look once.
      await checkSession();
      await send();
    },
  );
};

export default notificationsRoutes;
