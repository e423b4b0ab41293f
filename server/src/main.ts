import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { backupDir, loadConfig } from './config.ts';
import { openMigratedDatabase } from './db/open.ts';
import { bootstrapAdmin } from './db/seed.ts';
import { purgeAudit } from './modules/audit/audit.service.ts';
import { resolveJwtSecret } from './modules/auth/jwt-secret.service.ts';
import { advanceHabilitationNotices } from './modules/habilitations/habilitation-expiry.service.ts';
import { advanceSlaClocks } from './modules/interventions/sla/sla.job.ts';
import { JobRunner, purgeJobs } from './modules/jobs/jobs.service.ts';
import { configureMail, mailJobHandlers } from './modules/mail/mail.service.ts';
import { notifyNewlyOverdue } from './modules/notifications/alert-notifications.service.ts';
import { generateAllPlans } from './modules/plans/plan-generation.service.ts';
import {
  parseAllowedAddresses,
  purgeWebhookDeliveries,
  webhookJobHandlers,
} from './modules/webhooks/webhooks.service.ts';
import { type BackupScheduler, scheduleBackups } from './ops/nightly.ts';
import { storageFromConfig } from './storage/file-storage.ts';

function defaultWebDist(): string | undefined {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const candidate of [join(here, '../../web/dist'), join(here, '../web/dist')]) {
    if (existsSync(join(candidate, 'index.html'))) return candidate;
  }
  return undefined;
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    console.error((err as Error).message);
    process.exit(1);
  }
  const dataDir = resolve(config.DATA_DIR);
  const opened = await openMigratedDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir,
    onPoolError: (err) => console.error(`database connection error: ${err.message}`),
  });

  const admin = await bootstrapAdmin(opened.database.db, {
    username: config.ADMIN_USERNAME,
    password: config.ADMIN_PASSWORD,
  });
  if (admin.created) {
    console.log(`First administrator created: username "${config.ADMIN_USERNAME}"`);
    if (admin.generatedPassword) {
      console.log(`  generated password (shown once, change it after logging in): ${admin.generatedPassword}`);
    }
  }

  const storage = await storageFromConfig(config, dataDir);
  const webhooks = { allowed: parseAllowedAddresses(config.WEBHOOK_ALLOWED_ADDRESSES) };
  const app = await buildApp({
    database: opened.database,
    jwtSecret: await resolveJwtSecret(opened.database.pool, config.JWT_SECRET, dataDir),
    logLevel: config.LOG_LEVEL,
    webDist: config.WEB_DIST ?? defaultWebDist(),
    metricsToken: config.METRICS_TOKEN,
    storage,
    apiDocs: config.API_DOCS,
    webhooks,
    authThrottle: {
      accountFailures: config.LOGIN_ACCOUNT_FAILURES,
      addressFailures: config.LOGIN_ADDRESS_FAILURES,
      globalFailures: config.LOGIN_GLOBAL_FAILURES,
    },
  });

  // Audit retention: purge at start and every 6 hours (idempotent, so several instances may each run it).
  const purge = () => {
    if (config.AUDIT_RETENTION_DAYS === 0) return;
    purgeAudit(opened.database.db, config.AUDIT_RETENTION_DAYS)
      .then((n) => n > 0 && app.log.info({ purged: n }, 'audit log retention purge'))
      .catch((err: Error) => app.log.error({ err }, 'audit log retention purge failed'));
  };
  purge();
  setInterval(purge, 6 * 3600_000).unref();

  // E-mails and other jobs: every instance runs a runner; PostgreSQL hands each job to one of them.
  configureMail({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    appUrl: config.APP_URL,
    companyName: config.COMPANY_NAME,
  });
  const jobs = new JobRunner(opened.database.db, mailJobHandlers(opened.database.db), {
    onError: (err, job) => app.log.warn({ err, job: job.id, name: job.name }, 'job failed'),
  }).start();
  // Webhook deliveries (issue 35) on a runner of their own: a receiver that takes its 15 s never delays the e-mails.
  const webhookJobs = new JobRunner(opened.database.db, webhookJobHandlers(opened.database.db, webhooks), {
    batch: 10,
    pollMs: 1000,
    onError: (err, job) => app.log.warn({ err, job: job.id, name: job.name }, 'webhook delivery job failed'),
  }).start();
  setInterval(() => void purgeJobs(opened.database.db).catch(() => {}), 24 * 3600_000).unref();
  // The webhook delivery log keeps 30 days of finished deliveries.
  setInterval(() => void purgeWebhookDeliveries(opened.database.db).catch(() => {}), 24 * 3600_000).unref();

  // "An intervention becoming overdue" is notified once: every instance may run the check (SKIP LOCKED + a marker).
  const overdue = setInterval(() => {
    notifyNewlyOverdue(opened.database.db)
      .then((ids) => ids.length > 0 && app.log.info({ notified: ids.length }, 'overdue interventions notified'))
      .catch((err: Error) => app.log.error({ err }, 'overdue notification check failed'));
  }, config.OVERDUE_CHECK_MINUTES * 60_000);
  overdue.unref();

  // SLA clocks (issue 31): every instance advances them every SLA_CHECK_SECONDS (a minute); row locks + markers make
  // each step happen once.
  const slaClocks = setInterval(() => {
    advanceSlaClocks(opened.database.db)
      .then(
        (r) => (r.depasses || r.notified75 || r.notified100 || r.contracts) && app.log.info(r, 'SLA clocks advanced'),
      )
      .catch((err: Error) => app.log.error({ err }, 'SLA clock step failed'));
  }, config.SLA_CHECK_SECONDS * 1000);
  slaClocks.unref();

  // Habilitations (issue 34): the expiry notices (90 / 30 / 0 days), hourly on every instance, once each (markers).
  const habilitationNotices = setInterval(() => {
    advanceHabilitationNotices(opened.database.db)
      .then((n) => n > 0 && app.log.info({ notified: n }, 'habilitation expiry notices'))
      .catch((err: Error) => app.log.error({ err }, 'habilitation expiry notices failed'));
  }, 3600_000);
  habilitationNotices.unref();

  // Preventive plans (issue 17): every instance generates at start and every PLAN_GENERATION_MINUTES; a plan being
  // generated by another instance is skipped (advisory lock) and the occurrences' unique key makes a retry harmless.
  const generatePlans = () =>
    generateAllPlans(opened.database.db, undefined, (planId, err) =>
      app.log.error({ err, planId }, 'preventive plan generation failed'),
    )
      .then((n) => n > 0 && app.log.info({ created: n }, 'preventive interventions generated'))
      .catch((err: Error) => app.log.error({ err }, 'preventive plan generation failed'));
  void generatePlans();
  const planGeneration = setInterval(generatePlans, config.PLAN_GENERATION_MINUTES * 60_000);
  planGeneration.unref();

  // Every instance schedules it; the advisory lock taken by each run lets only one of them back up.
  const backups: BackupScheduler | null = config.BACKUP_CRON
    ? scheduleBackups(
        config.BACKUP_CRON,
        {
          pool: opened.database.pool,
          storage,
          dir: backupDir(config),
          keep: config.BACKUP_KEEP,
          source: opened.embedded ? 'embedded' : 'external',
        },
        { info: (m) => app.log.info(m), error: (m) => app.log.error(m) },
      )
    : null;

  onShutdownSignal(async () => {
    // Fastify stops accepting, answers 503 to new requests on open keep-alive connections, closes idle ones
    // (forceCloseConnections 'idle', its default) and resolves once the requests in progress have been answered.
    const cut = setTimeout(() => {
      console.error(`Requests still in progress after ${config.SHUTDOWN_TIMEOUT_MS} ms: closing their connections`);
      app.server.closeAllConnections();
    }, config.SHUTDOWN_TIMEOUT_MS);
    clearInterval(overdue);
    clearInterval(slaClocks);
    clearInterval(planGeneration);
    await app.close();
    clearTimeout(cut);
    await jobs.stop(); // no new claim; the e-mail being sent finishes
    await webhookJobs.stop(); // the delivery being sent finishes (15 s at most)
    await backups?.stop(); // no new nightly run; wait for one in progress
    await opened.shutdown(); // pool.end(), then a clean stop of the embedded PostgreSQL
  }, config.SHUTDOWN_TIMEOUT_MS);

  await app.listen({ port: config.PORT, host: config.HOST });
  const shown = config.HOST === '0.0.0.0' ? 'localhost' : config.HOST;
  console.log(`GMAO ready on http://${shown}:${config.PORT}`);
}

/**
 * SIGTERM/SIGINT/SIGHUP run `stop` once and exit 0 when it finishes; a second signal exits at once (1), and so does
 * a stop that hangs (a query that never returns keeps the pool open) well past the request timeout.
 */
function onShutdownSignal(stop: () => Promise<void>, timeoutMs: number) {
  let stopping = false;
  const handle = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`${signal} received again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal} received: finishing the requests in progress, then stopping`);
    setTimeout(() => {
      console.error('Shutdown did not finish in time: exiting');
      process.exit(1);
    }, timeoutMs + 30_000).unref();
    stop().then(
      () => process.exit(0),
      (err) => {
        console.error(`Shutdown failed: ${err instanceof Error ? err.message : String(err)}`);
        process.exit(1);
      },
    );
  };
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(sig, handle);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
