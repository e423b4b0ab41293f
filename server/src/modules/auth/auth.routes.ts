import {
  authTokensSchema,
  loginSchema,
  passwordChangeSchema,
  profileUpdateSchema,
  refreshTokenSchema,
  registerPayloadSchema,
  sessionUserSchema,
} from '@gmao/domain/auth/auth-schemas';
import type { SessionUser } from '@gmao/domain/auth/user';
import { errorEnvelopeSchema, successEnvelope } from '@gmao/domain/common/api';
import { AUTH_TOASTS, SERVER_MESSAGES } from '@gmao/domain/common/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUser } from '../../plugins/auth.ts';
import * as auth from './auth.service.ts';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

const authRoutes: FastifyPluginAsyncZod<{ loginRateLimit: number }> = async (app, opts) => {
  const sign = (user: SessionUser) => app.jwt.sign({ sub: String(user.id), username: user.username });

  app.post(
    '/login',
    {
      config: {
        access: 'public',
        rateLimit: {
          max: opts.loginRateLimit,
          timeWindow: '1 minute',
          // after body parsing, so the key can include the username
          hook: 'preHandler',
          keyGenerator: (req) =>
            `${req.ip}|${String((req.body as { username?: unknown })?.username ?? '').toLowerCase()}`,
        },
      },
      schema: {
        tags: ['auth'],
        summary: 'Connexion',
        body: loginSchema,
        response: { 200: successEnvelope(authTokensSchema), ...errors },
      },
    },
    async (request) => {
      const data = await auth.login(app.db, sign, request.body);
      return { success: true as const, data, message: SERVER_MESSAGES.loginSuccess };
    },
  );

  app.post(
    '/register',
    {
      config: { access: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: "Demande d'accès (le compte reste inactif jusqu'à son activation)",
        body: registerPayloadSchema,
        response: {
          201: successEnvelope(
            z.object({
              token: z.null(),
              user: z.object({ id: z.number(), nom: z.string(), username: z.string(), enabled: z.boolean() }),
            }),
          ),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const user = await auth.register(app.db, request.body);
      return reply
        .status(201)
        .send({ success: true as const, data: { token: null, user }, message: SERVER_MESSAGES.registrationPending });
    },
  );

  app.post(
    '/refresh-token',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        summary: 'Rotation du jeton de rafraîchissement',
        body: refreshTokenSchema,
        response: { 200: successEnvelope(authTokensSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: await auth.refresh(app.db, sign, request.body.token) }),
  );

  app.post(
    '/logout',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Déconnexion (révoque la famille du jeton de rafraîchissement)',
        body: z.object({ token: z.string().optional(), refreshToken: z.string().optional() }).optional(),
        response: { 200: successEnvelope(z.null()) },
      },
    },
    async (request) => {
      await auth.logout(app.db, request.body?.refreshToken ?? request.body?.token);
      return { success: true as const, data: null, message: AUTH_TOASTS.logout };
    },
  );

  app.get(
    '/profile',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['auth'],
        summary: 'Profil de la session',
        response: { 200: successEnvelope(sessionUserSchema), ...errors },
      },
    },
    async (request) => ({ success: true as const, data: requireUser(request) }),
  );

  app.put(
    '/profile',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['auth'],
        summary: 'Modifier le profil ({ nom }) ou changer le mot de passe ({ currentPassword, newPassword })',
        body: z.union([passwordChangeSchema, profileUpdateSchema]),
        response: {
          200: successEnvelope(z.union([authTokensSchema, sessionUserSchema])),
          ...errors,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const body = request.body;
      if ('currentPassword' in body) {
        const data = await auth.changePassword(app.db, sign, user, body);
        return { success: true as const, data, message: AUTH_TOASTS.passwordChanged };
      }
      const data = await auth.updateProfile(app.db, user, body);
      return { success: true as const, data, message: AUTH_TOASTS.profileUpdated };
    },
  );
};

export default authRoutes;
