import type { SessionUser } from '@gmao/domain/auth/user';
import {
  MAIL_MESSAGES,
  MAIL_TEMPLATES,
  type MailContent,
  type MailSettings,
  type MailSettingsInput,
  type MailTestResult,
} from '@gmao/domain/mail/mail-schemas';
import { smtpFailureMessage } from '@gmao/domain/mail/smtp-failures';
import { DEFAULT_PREFERENCE, type NotificationEvent } from '@gmao/domain/notifications/notification-schemas';
import type nodemailer from 'nodemailer';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { enqueue, type JobHandler } from '../jobs/jobs.service.ts';
import { emailRecipients, readSetting, type StoredSmtp, writeSetting } from './mail.repository.ts';

/**
 * E-mail through SMTP with nodemailer, always sent by the job queue (`mail.send`), never during a request — except
 * the administrator's test, which reports its outcome at once. The server is SMTP_URL (environment) unless an
 * administrator saved one in the application; with neither, nothing is enqueued and nothing is sent.
 */
export interface MailEnvironment {
  smtpUrl?: string;
  from?: string;
  appUrl: string;
  companyName: string;
}

let environment: MailEnvironment = { appUrl: 'http://localhost:3000', companyName: 'GMAO' };

/** main.ts passes the validated configuration (one per process, the same on every instance). */
export function configureMail(env: MailEnvironment) {
  environment = { ...env, appUrl: env.appUrl.replace(/\/+$/, '') };
}

export const appLink = (path: string) => `${environment.appUrl}${path}`;
export const companyName = () => environment.companyName;

const SMTP_KEY = 'smtp';
/** The administrator's last test e-mail (MailTestResult), null once the server's settings change. */
const LAST_TEST_KEY = 'smtp_last_test';

interface Transport {
  options: string | Record<string, unknown>;
  from: string;
}

/**
 * nodemailer's options for the administrator's server. The certificate is verified (TLS direct or STARTTLS) unless
 * the administrator ticked "Accepter un certificat non vérifié" for an internal relay with a self-signed one.
 */
export function smtpTransportOptions(stored: StoredSmtp) {
  return {
    host: stored.host,
    port: stored.port,
    secure: stored.secure,
    ...(stored.user ? { auth: { user: stored.user, pass: stored.password } } : {}),
    tls: { rejectUnauthorized: stored.allowUnverifiedCertificate !== true },
  };
}

async function transportOf(db: DbOrTx): Promise<Transport | null> {
  const stored = await readSetting<StoredSmtp>(db, SMTP_KEY);
  if (stored?.host) {
    return {
      options: smtpTransportOptions(stored),
      from: stored.from || environment.from || `${environment.companyName} <no-reply@localhost>`,
    };
  }
  if (environment.smtpUrl) {
    return {
      options: environment.smtpUrl,
      from: environment.from || `${environment.companyName} <no-reply@localhost>`,
    };
  }
  return null;
}

export async function mailConfigured(db: DbOrTx): Promise<boolean> {
  return (await transportOf(db)) !== null;
}

/** Enqueues one e-mail in the caller's transaction; false (nothing enqueued) when no SMTP server is configured. */
export async function enqueueEmail(
  tx: DbOrTx,
  to: string,
  content: MailContent,
  opts: { uniqueKey?: string } = {},
): Promise<boolean> {
  if (!(await mailConfigured(tx))) return false;
  await enqueue(tx, 'mail.send', { to, ...content }, { uniqueKey: opts.uniqueKey, maxAttempts: 10 });
  return true;
}

/** The e-mail side of a notification: recipients who want this event by e-mail and have an address. */
export async function enqueueNotificationEmails(
  tx: DbOrTx,
  n: { event: NotificationEvent; recipients: readonly number[]; title: string; message: string; link: string | null },
) {
  if (n.recipients.length === 0 || !(await mailConfigured(tx))) return;
  const people = await emailRecipients(tx, n.recipients, n.event, DEFAULT_PREFERENCE[n.event].email);
  const content = MAIL_TEMPLATES.notification(environment.companyName, {
    title: n.title,
    message: n.message,
    link: n.link ? appLink(n.link) : null,
  });
  for (const p of people) await enqueueEmail(tx, p.email, content);
}

/** A requester is told of the decision on his request (issue 33); nothing when no SMTP server is configured. */
export function enqueueRequesterEmail(tx: DbOrTx, to: string, r: { subject: string; message: string }) {
  return enqueueEmail(tx, to, MAIL_TEMPLATES.requestUpdate(environment.companyName, r));
}

async function send(db: DbOrTx, to: string, content: MailContent) {
  const transport = await transportOf(db);
  if (!transport) throw new Error(MAIL_MESSAGES.notConfigured);
  const { createTransport } = (await import('nodemailer')).default; // loaded on the first mail, not at start-up
  const mailer = createTransport(transport.options as Parameters<typeof nodemailer.createTransport>[0]);
  try {
    await mailer.sendMail({
      from: transport.from,
      to,
      subject: content.subject,
      text: content.text,
      html: content.html,
    });
  } finally {
    mailer.close();
  }
}

/** The queue's handlers of this module (main.ts and tests give them to the JobRunner). */
export function mailJobHandlers(db: Db): Record<string, JobHandler> {
  return {
    'mail.send': async (data) => {
      const m = data as MailContent & { to: string };
      await send(db, m.to, m);
    },
  };
}

// --- administration ------------------------------------------------------------------------------------------------

export async function getMailSettings(db: Db): Promise<MailSettings> {
  const stored = await readSetting<StoredSmtp>(db, SMTP_KEY);
  return {
    host: stored?.host ?? '',
    port: stored?.port ?? 587,
    secure: stored?.secure ?? false,
    user: stored?.user ?? '',
    from: stored?.from ?? '',
    hasPassword: !!stored?.password,
    allowUnverifiedCertificate: stored?.allowUnverifiedCertificate === true,
    envConfigured: !!environment.smtpUrl,
    configured: await mailConfigured(db),
    lastTest: await readSetting<MailTestResult>(db, LAST_TEST_KEY),
  };
}

/** The fields that decide how the server is reached: a change makes the last test say nothing of the new one. */
const reachedThrough = (s: Partial<StoredSmtp> | null) =>
  JSON.stringify([s?.host, s?.port, s?.secure, s?.user, s?.password, s?.allowUnverifiedCertificate === true]);

export async function saveMailSettings(db: Db, input: MailSettingsInput): Promise<MailSettings> {
  await db.transaction(async (tx) => {
    const stored = await readSetting<StoredSmtp>(tx, SMTP_KEY);
    // An empty field keeps the stored password; only the explicit removal clears it.
    const { removePassword, ...fields } = input;
    const password = removePassword ? '' : input.password || (stored?.password ?? '');
    const next: StoredSmtp = { ...fields, password };
    await writeSetting(tx, SMTP_KEY, next);
    if (reachedThrough(stored) !== reachedThrough(next)) await writeSetting(tx, LAST_TEST_KEY, null);
    const passwordRemoved = removePassword && !!stored?.password;
    await recordAudit(tx, {
      action: 'mail.settings',
      entityType: 'settings',
      entityId: SMTP_KEY,
      summary: `${input.host ? `Serveur SMTP : ${input.host}:${input.port}` : 'Serveur SMTP retiré'}${passwordRemoved ? ' (mot de passe supprimé)' : ''}${input.allowUnverifiedCertificate ? ' (certificat non vérifié accepté)' : ''}`,
      before: stored ? { ...stored, password: undefined, hasPassword: !!stored.password } : null,
      after: { ...fields, password: undefined, hasPassword: !!password },
    });
  });
  return getMailSettings(db);
}

/**
 * Sends the test e-mail now and says why it failed, in French (smtp-failures.ts: server not found, authentication,
 * timeout, certificate…); the outcome is kept (date, ok, message) and shown on Administration → Messagerie.
 */
export async function sendTestEmail(db: Db, _user: SessionUser, to: string) {
  if (!(await mailConfigured(db))) throw new AppError('BUSINESS_RULE', MAIL_MESSAGES.notConfigured);
  const keep = (ok: boolean, message: string) =>
    writeSetting(db, LAST_TEST_KEY, { at: new Date().toISOString(), ok, message } satisfies MailTestResult);
  try {
    await send(db, to, MAIL_TEMPLATES.test(environment.companyName));
  } catch (err) {
    const reason = smtpFailureMessage(err as Error);
    await keep(false, reason);
    throw new AppError('BUSINESS_RULE', MAIL_MESSAGES.testFailed(reason));
  }
  await keep(true, MAIL_MESSAGES.testSent(to));
}
