import {
  authTokensSchema,
  passwordChangeSchema,
  profileUpdateSchema,
  refreshTokenSchema,
  registerPayloadSchema,
  sessionUserSchema,
} from '@gmao/domain/auth/auth-schemas';
import { loginSchema } from '@gmao/domain/auth/login-schema';
import { forgotPasswordSchema, PASSWORD_RESET_MESSAGES, resetPasswordSchema } from '@gmao/domain/auth/password-reset';
import type { SessionUser } from '@gmao/domain/auth/user';
import { errorEnvelopeSchema, successEnvelope } from '@gmao/domain/common/api';
import { AUTH_TOASTS, SERVER_MESSAGES } from '@gmao/domain/common/messages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { isSessionId, requireUser } from '../../plugins/auth.ts';
import * as auth from './auth.service.ts';
import { enterAttempt, loginSucceeded, recordLockouts } from './auth-throttle.service.ts';
import {
  type AuthThrottleSettings,
  type Lockout,
  loginRules,
  passwordCheckRules,
  passwordResetRules,
  registrationRules,
} from './auth-throttle.ts';
import * as recovery from './password-reset.service.ts';

const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

/** Each lockout (a key put into a delay) is logged and audited; never with the password. */
async function logLockouts(app: FastifyInstance, request: FastifyRequest, lockouts: Lockout[]) {
  for (const l of lockouts) {
    request.log.warn(
      { lockout: l.kind, key: l.key, attempts: l.attempts, retryAfterSeconds: l.retryAfterSeconds, ip: request.ip },
      'authentication throttled: lockout',
    );
  }
  await recordLockouts(app.db, lockouts);
}

function tooManyAttempts(reply: FastifyReply, retryAfterSeconds: number, message: string) {
  return reply
    .status(429)
    .header('retry-after', String(retryAfterSeconds))
    .send({ success: false as const, message });
}

const authRoutes: FastifyPluginAsyncZod<{ throttle: AuthThrottleSettings }> = async (app, opts) => {
  const sign = (user: SessionUser, sessionId: string) =>
    app.jwt.sign({ sub: String(user.id), username: user.username, sid: sessionId });

  app.post(
    '/login',
    {
      // Throttled per account, per address and globally in PostgreSQL (auth-throttle.ts), not per instance.
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary: 'Connexion',
        body: loginSchema,
        response: { 200: successEnvelope(authTokensSchema), ...errors },
      },
    },
    async (request, reply) => {
      const rules = loginRules(opts.throttle, request.body.username, request.ip);
      const gate = await enterAttempt(app.db, opts.throttle, rules);
      if (!gate.allowed) {
        return tooManyAttempts(reply, gate.retryAfterSeconds, SERVER_MESSAGES.loginThrottled(gate.retryAfterSeconds));
      }
      try {
        const data = await auth.login(app.db, sign, request.body);
        await loginSucceeded(app.db, rules, gate.lockouts);
        return { success: true as const, data, message: SERVER_MESSAGES.loginSuccess };
      } catch (err) {
        // 403: the right password of an account awaiting activation; only a wrong one stays counted.
        if (err instanceof AppError && err.code === 'FORBIDDEN') await loginSucceeded(app.db, rules, gate.lockouts);
        else await logLockouts(app, request, gate.lockouts);
        throw err;
      }
    },
  );

  app.post(
    '/forgot-password',
    {
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          "Mot de passe oublié ({ identifier } : nom d'utilisateur ou e-mail) : même réponse que le compte existe ou non ; lien valable 30 min par e-mail, sinon les administrateurs sont prévenus",
        body: forgotPasswordSchema,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request, reply) => {
      const rules = passwordResetRules(opts.throttle, request.body.identifier, request.ip);
      const gate = await enterAttempt(app.db, opts.throttle, rules);
      if (!gate.allowed) {
        return tooManyAttempts(
          reply,
          gate.retryAfterSeconds,
          PASSWORD_RESET_MESSAGES.throttled(gate.retryAfterSeconds),
        );
      }
      await logLockouts(app, request, gate.lockouts);
      const { message } = await recovery.requestPasswordReset(app.db, request.body);
      return { success: true as const, data: null, message };
    },
  );

  app.post(
    '/reset-password',
    {
      // 256 random bits per link: guessing one is out of reach, so no extra throttle (PostgreSQL-only state).
      config: { access: 'public' },
      schema: {
        tags: ['auth'],
        summary:
          'Nouveau mot de passe par le lien reçu ({ token, password }) : une seule fois, 30 minutes ; ferme toutes les sessions',
        body: resetPasswordSchema,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      const { message } = await recovery.resetPassword(app.db, request.body);
      return { success: true as const, data: null, message };
    },
  );

  app.post(
    '/register',
    {
      config: { access: 'public' },
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
      const gate = await enterAttempt(app.db, opts.throttle, registrationRules(opts.throttle, request.ip));
      if (!gate.allowed) {
        const seconds = gate.retryAfterSeconds;
        return tooManyAttempts(reply, seconds, SERVER_MESSAGES.registrationThrottled(seconds));
      }
      await logLockouts(app, request, gate.lockouts);
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
      await auth.logout(app.db, request.body?.refreshToken ?? request.body?.token, await bearerSession(request));
      return { success: true as const, data: null, message: AUTH_TOASTS.logout };
    },
  );

  app.get(
    '/profile',
    {
      config: { access: 'account', allowedBeforePasswordChange: true, scope: 'own' },
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
      // the password change; a name change while the password must change answers 403 (auth.service)
      config: { access: 'account', allowedBeforePasswordChange: true, scope: 'own' },
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
    async (request, reply) => {
      const user = requireUser(request);
      const body = request.body;
      if ('currentPassword' in body) {
        // The current-password check counts on the account like a login (auth-throttle.ts passwordCheckRules).
        const rules = passwordCheckRules(opts.throttle, user.username);
        const gate = await enterAttempt(app.db, opts.throttle, rules);
        if (!gate.allowed) {
          const seconds = gate.retryAfterSeconds;
          return tooManyAttempts(reply, seconds, SERVER_MESSAGES.passwordCheckThrottled(seconds));
        }
        if (!(await auth.currentPasswordMatches(app.db, user, body.currentPassword))) {
          await logLockouts(app, request, gate.lockouts);
          const sid = request.user.sid;
          const limitReached = gate.lockouts.some((l) => l.kind === 'account');
          throw await auth.refuseCurrentPassword(app.db, user, isSessionId(sid) ? sid : '', limitReached);
        }
        await loginSucceeded(app.db, rules, gate.lockouts);
        const data = await auth.changePassword(app.db, sign, user, body);
        return { success: true as const, data, message: AUTH_TOASTS.passwordChanged };
      }
      const data = await auth.updateProfile(app.db, user, body);
      return { success: true as const, data, message: AUTH_TOASTS.profileUpdated };
    },
  );
};

/** The session of a valid bearer token sent to the (public) logout route, if any. */
async function bearerSession(request: FastifyRequest): Promise<{ userId: number; sid: string } | undefined> {
  if (!request.headers.authorization) return undefined;
  try {
    await request.jwtVerify();
    const claims = request.user;
    return isSessionId(claims.sid) ? { userId: Number(claims.sub), sid: claims.sid } : undefined;
  } catch {
    return undefined;
  }
}

export default authRoutes;
