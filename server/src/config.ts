import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { isCommonPassword } from '@gmao/domain/auth/common-passwords';
import { passwordPolicyError } from '@gmao/domain/auth/password-policy';
import { Cron } from 'croner';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** Who may read the OpenAPI document and its UI under /api/docs. */
export const API_DOCS_MODES = ['public', 'authenticated'] as const;
export type ApiDocsMode = (typeof API_DOCS_MODES)[number];

const configSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    JWT_SECRET: z
      .string()
      .min(32, 'must be at least 32 characters')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    ADMIN_USERNAME: z.string().min(3).regex(/^\w+$/, 'letters, digits and underscores only').default('admin'),
    /** Checked against the password policy below (it names the username). */
    ADMIN_PASSWORD: z.string().optional(),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    /** Failed logins on one account (from any address) in 15 minutes before the growing delay starts. */
    LOGIN_ACCOUNT_FAILURES: z.coerce.number().int().min(1).default(5),
    /** Failed logins (any usernames) and registration requests from one address in 15 minutes. */
    LOGIN_ADDRESS_FAILURES: z.coerce.number().int().min(1).default(30),
    /** Failed logins of the whole installation in 15 minutes before every login waits (circuit breaker). */
    LOGIN_GLOBAL_FAILURES: z.coerce.number().int().min(1).default(1000),
    /** Serve the built SPA from this folder (defaults to ../web/dist next to the server). */
    WEB_DIST: z.string().optional(),
    /** Bearer token that lets a Prometheus scraper read /api/metrics without an account (≥ 24 characters). */
    METRICS_TOKEN: z.string().min(24, 'must be at least 24 characters').optional(),
    /** SMTP server for e-mails, e.g. smtp://user:pass@mail.example.ma:587 (an administrator may set one in the app). */
    SMTP_URL: z.string().url('must be an smtp:// or smtps:// URL').optional(),
    /** Sender of the e-mails, e.g. "GMAO <no-reply@example.ma>". */
    MAIL_FROM: z.string().max(255).optional(),
    /** The address users reach the app at: links in e-mails. */
    APP_URL: z.string().url().default('http://localhost:3000'),
    /** The company's name in e-mails. */
    COMPANY_NAME: z.string().min(1).max(100).default('GMAO'),
    /** How often the server looks for interventions that became overdue, to notify them (once each). */
    OVERDUE_CHECK_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
    /** Guaranteed-time clocks (issue 31): seconds between two steps of each instance (breaches, 75/100 % notices). */
    SLA_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    /** Preventive plans: minutes between two generation runs (each instance; also once at start). */
    PLAN_GENERATION_MINUTES: z.coerce.number().int().min(1).max(1440).default(60),
    /** Audit rows older than this many days are purged (0 keeps them forever). */
    AUDIT_RETENTION_DAYS: z.coerce.number().int().min(0).max(36500).default(730),
    /** Uploads in an S3-compatible bucket instead of DATA_DIR/uploads (several instances without a shared disk). */
    S3_BUCKET: z.string().min(3).optional(),
    S3_ENDPOINT: z.string().url().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_PREFIX: z.string().default(''),
    /** Unset: 'authenticated' when NODE_ENV=production, else 'public'. */
    API_DOCS: z.enum(API_DOCS_MODES).optional(),
    NODE_ENV: z.string().optional(),
    /** Nightly backup by the server itself, e.g. `0 2 * * *` (server local time); unset = none. */
    BACKUP_CRON: z
      .string()
      .refine(isCronExpression, 'must be a cron expression such as "0 2 * * *"')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Folder of the nightly archives (default DATA_DIR/backups). */
    BACKUP_DIR: z.string().min(1).optional(),
    /** Nightly archives kept; older ones are deleted after each run. */
    BACKUP_KEEP: z.coerce.number().int().min(1).default(7),
    /**
     * Addresses or CIDR ranges (comma-separated) that outgoing webhooks may reach despite the rule refusing loopback,
     * private, link-local and metadata addresses (and plain http); unset = none.
     */
    WEBHOOK_ALLOWED_ADDRESSES: z
      .string()
      .optional()
      .refine((v) => allowEntriesValid(v), 'must be comma-separated IP addresses or CIDR ranges'),
    /** On SIGTERM/SIGINT, how long requests in progress may take to finish before their connections are closed. */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  })
  .superRefine((c, ctx) => {
    if (c.ADMIN_PASSWORD === undefined) return;
    const error = passwordPolicyError(c.ADMIN_PASSWORD, { username: c.ADMIN_USERNAME, isCommon: isCommonPassword });
    if (error) ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: error });
  });

/** "127.0.0.1, 10.0.0.0/8, ::1": every entry an IP address, optionally with a prefix length. */
function allowEntriesValid(text: string | undefined): boolean {
  for (const entry of (text ?? '').split(',').map((s) => s.trim())) {
    if (!entry) continue;
    const [address = '', prefix] = entry.split('/');
    const version = isIP(address);
    if (version === 0) return false;
    if (prefix !== undefined && (!/^\d{1,3}$/.test(prefix) || Number(prefix) > (version === 4 ? 32 : 128)))
      return false;
  }
  return true;
}

function isCronExpression(value: string): boolean {
  try {
    new Cron(value, { paused: true }).stop();
    return true;
  } catch {
    return false;
  }
}

export type Config = Omit<z.infer<typeof configSchema>, 'API_DOCS'> & { API_DOCS: ApiDocsMode };

/** Parses the environment once; a bad value throws one readable line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new Error(`Invalid configuration: ${String(issue?.path[0])}: ${issue?.message}`);
  }
  const { API_DOCS, ...rest } = result.data;
  return { ...rest, API_DOCS: API_DOCS ?? (rest.NODE_ENV === 'production' ? 'authenticated' : 'public') };
}

export const backupDir = (config: Pick<Config, 'BACKUP_DIR' | 'DATA_DIR'>) =>
  resolve(config.BACKUP_DIR ?? join(config.DATA_DIR, 'backups'));
