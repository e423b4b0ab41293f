import type { SessionUser } from '@gmao/domain/auth/user';
import { makePagination } from '@gmao/domain/common/api';
import { MAIL_TEMPLATES } from '@gmao/domain/mail/mail-schemas';
import {
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_MAX_ENDPOINTS,
  WEBHOOK_MAX_PAYLOAD_BYTES,
  WEBHOOK_MESSAGES,
  WEBHOOK_PREVIOUS_SECRET_HOURS,
  WEBHOOK_RETRY_SECONDS,
  WEBHOOK_TIMEOUT_MS,
  type Webhook,
  type WebhookBody,
  type WebhookEvent,
  type WebhookWithSecret,
} from '@gmao/domain/webhooks/webhook-schemas';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { enqueue, type JobHandler } from '../jobs/jobs.service.ts';
import { companyName, enqueueEmail } from '../mail/mail.service.ts';
import {
  type AllowedAddresses,
  NO_ALLOWED_ADDRESSES,
  type Resolver,
  resolveWebhookTarget,
  WebhookTargetError,
} from './address-guard.ts';
import { type AttemptOutcome, newEventId, newWebhookSecret, postWebhook, webhookHeaders } from './sender.ts';
import * as repo from './webhooks.repository.ts';

export { NO_ALLOWED_ADDRESSES, parseAllowedAddresses } from './address-guard.ts';

/** The job that sends one delivery (one attempt per job; a failed attempt enqueues the next one). */
export const WEBHOOK_JOB = 'webhook.deliver';

// --- emission: in the transaction of the change --------------------------------------------------------------------

/**
 * Writes the event to the outbox of every enabled endpoint that receives `type`, in the caller's transaction (the
 * change and its event commit or roll back together), and enqueues its sending on the job queue (same transaction).
 * `data`: the public fields of the object, or a function that reads them (called only when an endpoint listens).
 * The body is `{ type, timestamp, data }`; past 256 kB, the thin event `{ type, timestamp, data: { id } }`.
 */
export async function emitWebhookEvent(
  tx: DbOrTx,
  type: WebhookEvent,
  data: Record<string, unknown> | (() => Promise<Record<string, unknown> | null>),
): Promise<string | null> {
  const endpoints = await repo.subscribedEndpoints(tx, type);
  if (endpoints.length === 0) return null;
  const fields = typeof data === 'function' ? await data() : data;
  if (!fields) return null;
  const timestamp = new Date().toISOString();
  let payload = JSON.stringify({ type, timestamp, data: fields });
  if (Buffer.byteLength(payload, 'utf8') > WEBHOOK_MAX_PAYLOAD_BYTES) {
    payload = JSON.stringify({ type, timestamp, data: { id: fields.id ?? null } });
  }
  const id = newEventId();
  const deliveries = await repo.insertDeliveries(tx, endpoints, { id, type, payload });
  for (const deliveryId of deliveries) await enqueue(tx, WEBHOOK_JOB, { deliveryId });
  return id;
}

/** An intervention event: its public fields (client, equipment, technician named; no note, cost or phone). */
export function emitInterventionEvent(
  tx: DbOrTx,
  type: Extract<WebhookEvent, `intervention.${string}`>,
  interventionId: number,
  extra: Record<string, unknown> = {},
) {
  return emitWebhookEvent(tx, type, async () => {
    const intervention = await repo.interventionData(tx, interventionId);
    return intervention && { ...intervention, ...extra };
  });
}

/** sla.at_risk (75 % of the time used) or sla.breached, for one clock of an intervention. */
export function emitSlaEvent(tx: DbOrTx, type: 'sla.at_risk' | 'sla.breached', interventionId: number, cible: string) {
  return emitWebhookEvent(tx, type, async () => {
    const intervention = await repo.interventionData(tx, interventionId);
    if (!intervention) return null;
    return { id: interventionId, sla: await repo.slaData(tx, interventionId, cible), intervention };
  });
}

/** habilitation.expiring (issue 34): a titre or a medical fitness reached 90 / 30 / 0 days before its end. */
export function emitHabilitationExpiring(tx: DbOrTx, data: Record<string, unknown>) {
  return emitWebhookEvent(tx, 'habilitation.expiring', data);
}

/** part.low_stock: the part's available quantity crossed down to its threshold. */
export function emitLowStock(tx: DbOrTx, partId: number) {
  return emitWebhookEvent(tx, 'part.low_stock', () => repo.partData(tx, partId));
}

/** plan.generated: one generation step of a plan created these interventions. */
export function emitPlanGenerated(tx: DbOrTx, planId: number, interventionIds: readonly number[]) {
  return emitWebhookEvent(tx, 'plan.generated', async () => {
    const plan = await repo.planData(tx, planId);
    return plan && { ...plan, interventions: interventionIds };
  });
}

// --- administration ------------------------------------------------------------------------------------------------

export interface WebhookSettings {
  allowed: AllowedAddresses;
  resolve?: Resolver;
}

async function checkUrl(url: string, settings: WebhookSettings) {
  try {
    await resolveWebhookTarget(url, settings.allowed, settings.resolve);
  } catch (err) {
    if (!(err instanceof WebhookTargetError)) throw err;
    throw new AppError('BAD_REQUEST', err.message, [{ field: 'url', msg: err.message }]);
  }
}

async function mustFind(db: DbOrTx, id: number): Promise<Webhook> {
  const found = await repo.findEndpoint(db, id);
  if (!found) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
  return found;
}

const unique = (events: readonly string[]) => [...new Set(events)];

export const listWebhooks = (db: Db) => repo.listEndpoints(db);
export const getWebhook = (db: Db, id: number) => mustFind(db, id);

export async function createWebhook(
  db: Db,
  user: SessionUser,
  input: WebhookBody,
  settings: WebhookSettings,
): Promise<WebhookWithSecret> {
  await checkUrl(input.url, settings);
  const secret = newWebhookSecret();
  const id = await db.transaction(async (tx) => {
    if ((await repo.countEndpointsLocked(tx)) >= WEBHOOK_MAX_ENDPOINTS) {
      throw new AppError('BUSINESS_RULE', WEBHOOK_MESSAGES.tooMany);
    }
    const created = await repo.insertEndpoint(tx, {
      ...input,
      events: unique(input.events),
      secret,
      createdBy: user.id,
    });
    await recordAudit(tx, {
      action: 'webhook.create',
      entityType: 'webhook',
      entityId: created,
      summary: `Webhook ${input.url}`,
      after: { url: input.url, events: unique(input.events), actif: input.actif },
    });
    return created;
  });
  return { ...(await mustFind(db, id)), secret };
}

export async function updateWebhook(
  db: Db,
  id: number,
  input: WebhookBody,
  settings: WebhookSettings,
): Promise<Webhook> {
  const before = await mustFind(db, id);
  if (input.url !== before.url) await checkUrl(input.url, settings);
  await db.transaction(async (tx) => {
    if (!(await repo.updateEndpoint(tx, id, { ...input, events: unique(input.events) }))) {
      throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
    }
    // Disabled: what was still to be sent is given up (a redelivery sends it again once enabled).
    if (!input.actif) await repo.abandonPending(tx, id, WEBHOOK_MESSAGES.endpointDisabled);
    await recordAudit(tx, {
      action: 'webhook.update',
      entityType: 'webhook',
      entityId: id,
      summary: `Webhook ${input.url}${before.actif !== input.actif ? (input.actif ? ' activé' : ' désactivé') : ''}`,
      before: { url: before.url, events: before.events, actif: before.actif },
      after: { url: input.url, events: unique(input.events), actif: input.actif },
    });
  });
  return mustFind(db, id);
}

export async function deleteWebhook(db: Db, id: number): Promise<void> {
  const before = await mustFind(db, id);
  await db.transaction(async (tx) => {
    if (!(await repo.deleteEndpoint(tx, id))) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
    await recordAudit(tx, {
      action: 'webhook.delete',
      entityType: 'webhook',
      entityId: id,
      summary: `Webhook ${before.url} supprimé`,
      before: { url: before.url, events: before.events, actif: before.actif },
    });
  });
}

/** A new secret, shown once; the previous one keeps signing (second signature) for 24 hours. */
export async function rotateWebhookSecret(db: Db, id: number): Promise<WebhookWithSecret> {
  const secret = newWebhookSecret();
  await db.transaction(async (tx) => {
    if (!(await repo.rotateSecret(tx, id, secret, WEBHOOK_PREVIOUS_SECRET_HOURS))) {
      throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.notFound);
    }
    await recordAudit(tx, {
      action: 'webhook.rotate_secret',
      entityType: 'webhook',
      entityId: id,
      summary: `Secret du webhook #${id} renouvelé (l'ancien reste valable ${WEBHOOK_PREVIOUS_SECRET_HOURS} h)`,
    });
  });
  return { ...(await mustFind(db, id)), secret };
}

export async function listWebhookDeliveries(db: Db, id: number, page: number, limit: number) {
  await mustFind(db, id);
  const { items, total } = await repo.listDeliveries(db, id, page, limit);
  return { items, pagination: makePagination(total, page, limit) };
}

/** "Renvoyer": the same event (same webhook-id and body) sent again as a new delivery, now. */
export async function redeliver(db: Db, id: number, deliveryId: number) {
  if (!(await mustFind(db, id)).actif) throw new AppError('BUSINESS_RULE', WEBHOOK_MESSAGES.redeliverDisabled);
  const created = await db.transaction(async (tx) => {
    const newId = await repo.insertRedelivery(tx, id, deliveryId);
    if (newId === null) throw new AppError('NOT_FOUND', WEBHOOK_MESSAGES.deliveryNotFound);
    await enqueue(tx, WEBHOOK_JOB, { deliveryId: newId });
    return newId;
  });
  return (await repo.findDelivery(db, id, created))!;
}

export const purgeWebhookDeliveries = (db: Db, days = 30) => repo.purgeDeliveries(db, days);

// --- delivery: the job queue's handler -----------------------------------------------------------------------------

export interface WebhookDeliveryOptions extends WebhookSettings {
  timeoutMs?: number;
  /** Delays between attempts (seconds); tests shorten them. */
  retrySeconds?: readonly number[];
  /** ±10 % by default; tests set 0 to read exact times. */
  jitter?: number;
}

/** The delay before the next attempt: Retry-After when the receiver asked (at most a day), else the schedule ± jitter. */
export function nextDelaySeconds(
  attempts: number,
  retryAfter: number | null,
  schedule: readonly number[] = WEBHOOK_RETRY_SECONDS,
  jitter = 0.1,
): number {
  if (retryAfter !== null) return Math.min(Math.max(retryAfter, 1), 86_400);
  const base = schedule[Math.min(attempts - 1, schedule.length - 1)] ?? 0;
  return base * (1 - jitter + 2 * jitter * Math.random());
}

/** Thrown when another runner is sending the delivery: the queue tries the job again later. */
class DeliveryBusyError extends Error {}

/**
 * One attempt of one delivery (see the repository's claim: never two at once). A failure on our side (the database)
 * puts the delivery back to EN_ATTENTE and rethrows, so that the queue runs the job again.
 */
async function deliver(db: Db, deliveryId: number, opts: WebhookDeliveryOptions) {
  const d = await repo.claimDelivery(db, deliveryId);
  if (!d) {
    if ((await repo.deliveryStatut(db, deliveryId)) === 'ENVOI') throw new DeliveryBusyError('delivery being sent');
    return; // finished, or gone with its endpoint
  }
  try {
    await sendOnce(db, d, opts);
  } catch (err) {
    await repo.releaseDelivery(db, d.id).catch(() => {});
    throw err;
  }
}

async function sendOnce(db: Db, d: repo.ClaimedDelivery, opts: WebhookDeliveryOptions) {
  if (!d.actif) {
    await repo.recordAttempt(db, d.id, {
      statut: 'ECHEC',
      retryAt: null,
      status: null,
      durationMs: null,
      error: WEBHOOK_MESSAGES.endpointDisabled,
      excerpt: null,
    });
    return;
  }
  const body = d.payload_text;
  let outcome: AttemptOutcome;
  try {
    const target = await resolveWebhookTarget(d.url, opts.allowed, opts.resolve);
    const secrets = d.previous_secret ? [d.secret, d.previous_secret] : [d.secret];
    const headers = webhookHeaders(secrets, d.event_id, Math.floor(Date.now() / 1000), body);
    outcome = await postWebhook(target, headers, body, opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
  } catch (err) {
    if (!(err instanceof WebhookTargetError)) throw err;
    outcome = { status: null, durationMs: 0, excerpt: null, retryAfterSeconds: null, error: err.message };
  }
  const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const attempt = {
    status: outcome.status,
    durationMs: outcome.durationMs,
    error: outcome.error,
    excerpt: outcome.excerpt,
  };
  await db.transaction(async (tx) => {
    if (ok) {
      await repo.recordAttempt(tx, d.id, { ...attempt, statut: 'LIVRE', retryAt: null });
    } else if (outcome.status === 410) {
      await repo.recordAttempt(tx, d.id, { ...attempt, statut: 'ECHEC', retryAt: null });
      await disableGone(tx, d.endpoint_id, d.url);
    } else if (d.attempts >= WEBHOOK_MAX_ATTEMPTS) {
      await repo.recordAttempt(tx, d.id, { ...attempt, statut: 'ECHEC', retryAt: null });
    } else {
      const delay = nextDelaySeconds(d.attempts, outcome.retryAfterSeconds, opts.retrySeconds, opts.jitter);
      const retryAt = new Date(Date.now() + delay * 1000);
      await repo.recordAttempt(tx, d.id, { ...attempt, statut: 'EN_ATTENTE', retryAt });
      await enqueue(tx, WEBHOOK_JOB, { deliveryId: d.id }, { runAt: retryAt });
    }
  });
}

/** 410 Gone: the endpoint is disabled, what it still had to receive is given up, the administrators are told. */
async function disableGone(tx: DbOrTx, endpointId: number, url: string) {
  if (!(await repo.disableEndpoint(tx, endpointId, WEBHOOK_MESSAGES.disabledGone))) return;
  await repo.abandonPending(tx, endpointId, WEBHOOK_MESSAGES.endpointDisabled);
  await recordAudit(tx, {
    action: 'webhook.disabled_gone',
    entityType: 'webhook',
    entityId: endpointId,
    summary: WEBHOOK_MESSAGES.disabledBy410(url),
  });
  const content = MAIL_TEMPLATES.notification(companyName(), {
    title: WEBHOOK_MESSAGES.disabledBy410Title,
    message: WEBHOOK_MESSAGES.disabledBy410(url),
    link: null,
  });
  for (const email of await repo.administratorEmails(tx)) await enqueueEmail(tx, email, content);
}

/** The queue's handlers of this module (main.ts and tests give them to the JobRunner). */
export function webhookJobHandlers(
  db: Db,
  opts: WebhookDeliveryOptions = { allowed: NO_ALLOWED_ADDRESSES },
): Record<string, JobHandler> {
  return {
    [WEBHOOK_JOB]: async (data) => {
      const { deliveryId } = data as { deliveryId: number };
      await deliver(db, deliveryId, opts);
    },
  };
}
