import { ADMIN_ROLE } from '@gmao/domain/auth/permissions';
import { successEnvelope } from '@gmao/domain/common/api';
import {
  MAIL_MESSAGES,
  mailSettingsInputSchema,
  mailSettingsSchema,
  mailTestSchema,
} from '@gmao/domain/mail/mail-schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponsesWithBusinessRule as errors } from '../../lib/route-schemas.ts';
import { requireUser } from '../../plugins/auth.ts';
import * as mail from './mail.service.ts';

const admin = { access: { role: ADMIN_ROLE } };
const tags = ['mail'];

/** Registered at /api/mail: the SMTP settings (administrators), the test e-mail. */
const mailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    {
      config: admin,
      schema: {
        summary: 'Serveur SMTP enregistré (sans son mot de passe)',
        tags,
        response: { 200: successEnvelope(mailSettingsSchema), ...errors },
      },
    },
    async () => ({ success: true as const, data: await mail.getMailSettings(app.db) }),
  );

  app.put(
    '/settings',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Serveur SMTP (le mot de passe vide garde celui enregistré ; il n’est jamais renvoyé)',
        body: mailSettingsInputSchema,
        response: { 200: successEnvelope(mailSettingsSchema), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      data: await mail.saveMailSettings(app.db, request.body),
      message: MAIL_MESSAGES.saved,
    }),
  );

  app.post(
    '/test',
    {
      config: admin,
      schema: {
        summary: "Envoyer un e-mail d'essai avec le serveur enregistré",
        tags,
        body: mailTestSchema,
        response: { 200: successEnvelope(z.null()), ...errors },
      },
    },
    async (request) => {
      await mail.sendTestEmail(app.db, requireUser(request), request.body.to);
      return { success: true as const, data: null, message: MAIL_MESSAGES.testSent(request.body.to) };
    },
  );
};

export default mailRoutes;
