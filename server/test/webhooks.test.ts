import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { metricsToday } from '@gmao/domain/dashboard/metrics';
import { addDays } from '@gmao/domain/plans/recurrence';
import { WEBHOOK_MESSAGES, WEBHOOK_RETRY_SECONDS } from '@gmao/domain/webhooks/webhook-schemas';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/database.ts';
import { advanceSlaClocks } from '../src/modules/interventions/sla/sla.job.ts';
import { JobRunner } from '../src/modules/jobs/jobs.service.ts';
import { configureMail } from '../src/modules/mail/mail.service.ts';
import { fileRequest } from '../src/modules/requests/requests.service.ts';
import {
  NO_ALLOWED_ADDRESSES,
  resolveWebhookTarget,
  WebhookTargetError,
} from '../src/modules/webhooks/address-guard.ts';
import {
  emitWebhookEvent,
  nextDelaySeconds,
  parseAllowedAddresses,
  webhookJobHandlers,
} from '../src/modules/webhooks/webhooks.service.ts';
import { localDiskStorage } from '../src/storage/file-storage.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createClient, createEquipment, createUser } from './helpers/factories.ts';

/**
 * Outgoing webhooks (issue 35): a receiver in the test (a local HTTP server, reachable because the test's allow-list
 * names 127.0.0.1) checks every request with the `standardwebhooks` package — the reference implementation, not our
 * code — and answers what each test scripts (500, 410, Retry-After, a redirect, a long body).
 */
/** An event's body as the tests read it. */
type EventBody = {
  type: string;
  data: { id: number; sla: { cible: string; etat: string }; intervention: object; interventions: number[] };
};
type Received = { headers: http.IncomingHttpHeaders; body: string };
type Answer = { status: number; headers?: Record<string, string>; body?: string; hang?: boolean };

interface Receiver {
  url: string;
  port: number;
  received: Received[];
  answers: Answer[];
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const answers: Answer[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      const a = answers.shift() ?? { status: 200 };
      if (a.hang) return; // never answers (the sender's timeout)
      res.writeHead(a.status, a.headers);
      res.end(a.body ?? 'ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    answers,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const allowed = parseAllowedAddresses('127.0.0.1, ::1');
const JWT_SECRET = randomBytes(32).toString('hex');
let t: TestApp;
let admin: string;
let rx: Receiver;
let runner: JobRunner;
let equipmentId: number;

beforeAll(async () => {
  t = await createTestApp({ deps: { webhooks: { allowed }, jwtSecret: JWT_SECRET } });
  admin = await t.adminToken();
  rx = await startReceiver();
  runner = new JobRunner(t.database.db, webhookJobHandlers(t.database.db, { allowed, jitter: 0 }));
  equipmentId = (await createEquipment(t.database.db)).id;
});
afterAll(async () => {
  await rx?.close();
  await t?.close();
});
beforeEach(async () => {
  // each test starts with no endpoint and nothing left to send
  await t.database.db.execute(sql`DELETE FROM webhook_endpoints`);
  await t.database.db.execute(sql`DELETE FROM jobs WHERE name = 'webhook.deliver'`);
  rx.received.length = 0;
  rx.answers.length = 0;
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = admin) =>
  t.as(token, { method, url, ...(payload ? { payload } : {}) });

async function createEndpoint(events: string[], url = rx.url) {
  const res = await api('POST', '/api/webhooks', { url, events, actif: true });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; secret: string };
}

async function createIntervention() {
  const res = await api('POST', '/api/interventions', {
    equipement_id: equipmentId,
    date: '2026-03-02',
    description: 'Alarme GTB : pompe P2 en défaut',
    urgence: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

/** Runs the queue until nothing due is left (each retry is a job of its own). */
async function drain(r = runner) {
  while ((await r.runOnce()) > 0) {}
}

/** Makes every waiting retry due now (instead of waiting 5 s, 5 min…). */
async function retryNow() {
  await t.database.db.execute(
    sql`UPDATE jobs SET run_at = now() WHERE name = 'webhook.deliver' AND done_at IS NULL AND failed_at IS NULL`,
  );
}

const deliveries = async (endpointId: number) =>
  (await api('GET', `/api/webhooks/${endpointId}/deliveries?limit=100`)).json().data as {
    id: number;
    event_id: string;
    event_type: string;
    statut: string;
    attempts: number;
    next_attempt_at: string | null;
    last_status_code: number | null;
    last_duration_ms: number | null;
    last_error: string | null;
    response_excerpt: string | null;
  }[];

const count = async (query: ReturnType<typeof sql>) => (await t.database.db.execute<{ n: number }>(query)).rows[0]!.n;

describe('webhook endpoints', () => {
  it('gives a whsec_ secret (base64 of 32 bytes) once; lists and reads without it', async () => {
    const created = await createEndpoint(['intervention.created']);
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(32);
    const list = await api('GET', '/api/webhooks');
    expect(list.json().data).toHaveLength(1);
    expect(list.body).not.toContain(created.secret.slice(6));
    const one = await api('GET', `/api/webhooks/${created.id}`);
    expect(one.json().data).toMatchObject({ url: rx.url, events: ['intervention.created'], actif: true });
    expect(one.json().data).not.toHaveProperty('secret');
  });

  it('signs a delivery that standardwebhooks verifies, with the public fields of the intervention', async () => {
    const endpoint = await createEndpoint(['intervention.created', 'intervention.status_changed']);
    const id = await createIntervention();
    await t.database.db.execute(
      sql`UPDATE interventions SET note = 'Note interne : client difficile' WHERE id = ${id}`,
    );
    const moved = await api('PUT', `/api/interventions/${id}/status`, { statut: 'EN_COURS' });
    expect(moved.statusCode, moved.body).toBe(200);
    await drain();
    expect(rx.received).toHaveLength(2);
    const wh = new Webhook(endpoint.secret);
    const [created, changed] = rx.received.map((r) => wh.verify(r.body, r.headers as Record<string, string>)) as {
      type: string;
      timestamp: string;
      data: Record<string, unknown>;
    }[];
    expect(created).toMatchObject({ type: 'intervention.created', data: { id, statut: 'PLANIFIEE', urgence: true } });
    expect(changed).toMatchObject({
      type: 'intervention.status_changed',
      data: { id, statut: 'EN_COURS', statut_precedent: 'PLANIFIEE' },
    });
    expect(Number.isNaN(Date.parse(changed!.timestamp))).toBe(false);
    // the internal note never leaves
    expect(rx.received[1]!.body).not.toContain('Note interne');
    expect(changed!.data).not.toHaveProperty('note');
    // a tampered body or a wrong secret does not verify
    const r = rx.received[0]!;
    expect(() => wh.verify(r.body.replace('PLANIFIEE', 'TERMINEE'), r.headers as Record<string, string>)).toThrow();
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(
        r.body,
        r.headers as Record<string, string>,
      ),
    ).toThrow();
    const log = await deliveries(endpoint.id);
    expect(log.map((d) => [d.event_type, d.statut, d.attempts, d.last_status_code])).toEqual([
      ['intervention.status_changed', 'LIVRE', 1, 200],
      ['intervention.created', 'LIVRE', 1, 200],
    ]);
    expect(log[0]!.response_excerpt).toBe('ok');
    expect(log[0]!.last_duration_ms).toBeGreaterThanOrEqual(0);
  });

  it('sends intervention.assigned and intervention.completed from their own doors', async () => {
    const endpoint = await createEndpoint(['intervention.assigned', 'intervention.completed']);
    const tech = await createUser(t.database.db, { role: 'Technicien', nom: 'Hamza Ouali' });
    const id = await createIntervention();
    expect((await api('PUT', `/api/interventions/${id}/assign`, { technicianId: tech.id })).statusCode).toBe(200);
    for (const statut of ['EN_COURS', 'TERMINEE']) {
      const res = await api('PUT', `/api/interventions/${id}/status`, { statut });
      expect(res.statusCode, res.body).toBe(200);
    }
    await drain();
    const wh = new Webhook(endpoint.secret);
    const events = rx.received.map(
      (r) => wh.verify(r.body, r.headers as Record<string, string>) as { type: string; data: Record<string, unknown> },
    );
    // (webhooks promise no order between events: each carries its own)
    events.sort((a, b) => a.type.localeCompare(b.type));
    expect(events.map((e) => e.type)).toEqual(['intervention.assigned', 'intervention.completed']);
    expect(events[0]!.data).toMatchObject({ id, technicien: { id: tech.id, nom: 'Hamza Ouali' } });
    expect(events[1]!.data).toMatchObject({ id, statut: 'TERMINEE' });
  });
});

describe('webhook delivery', () => {
  it('retries after a 500 with the same webhook-id, on the schedule, until a 2xx', async () => {
    const endpoint = await createEndpoint(['intervention.created']);
    rx.answers.push({ status: 500, body: 'boom' });
    await createIntervention();
    await drain();
    expect(rx.received).toHaveLength(1);
    let [d] = await deliveries(endpoint.id);
    expect(d).toMatchObject({ statut: 'EN_ATTENTE', attempts: 1, last_status_code: 500, response_excerpt: 'boom' });
    // the first retry waits 5 s (jitter 0 in this test)
    const wait = (Date.parse(d!.next_attempt_at!) - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(WEBHOOK_RETRY_SECONDS[0]);
    await drain();
    expect(rx.received).toHaveLength(1); // not due yet
    await retryNow();
    await drain();
    expect(rx.received).toHaveLength(2);
    expect(rx.received[1]!.headers['webhook-id']).toBe(rx.received[0]!.headers['webhook-id']);
    new Webhook(endpoint.secret).verify(rx.received[1]!.body, rx.received[1]!.headers as Record<string, string>);
    [d] = await deliveries(endpoint.id);
    expect(d).toMatchObject({ statut: 'LIVRE', attempts: 2, last_status_code: 200, next_attempt_at: null });
  });

  it('honours Retry-After, keeps 1 KB of the answer, does not follow a redirect', async () => {
    const endpoint = await createEndpoint(['intervention.created']);
    rx.answers.push({ status: 503, headers: { 'retry-after': '120' }, body: 'é'.repeat(1500) });
    await createIntervention();
    await drain();
    let [d] = await deliveries(endpoint.id);
    const wait = (Date.parse(d!.next_attempt_at!) - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(100);
    expect(wait).toBeLessThanOrEqual(120);
    expect(Buffer.byteLength(d!.response_excerpt!, 'utf8')).toBeLessThanOrEqual(1024);
    expect(d!.response_excerpt!.length).toBe(512);
    rx.answers.push({ status: 302, headers: { location: 'http://10.0.0.1/' } });
    await retryNow();
    await drain();
    [d] = await deliveries(endpoint.id);
    expect(d).toMatchObject({ statut: 'EN_ATTENTE', attempts: 2, last_status_code: 302 });
    expect(d!.last_error).toBe(WEBHOOK_MESSAGES.redirectRefused);
    expect(rx.received).toHaveLength(2); // the Location was not requested
  });

  it('the retry schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h with ±10 % jitter', () => {
    expect(WEBHOOK_RETRY_SECONDS).toEqual([5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400]);
    for (let attempt = 1; attempt <= 9; attempt++) {
      const base = WEBHOOK_RETRY_SECONDS[attempt - 1]!;
      for (let i = 0; i < 20; i++) {
        const delay = nextDelaySeconds(attempt, null);
        expect(delay).toBeGreaterThanOrEqual(base * 0.9);
        expect(delay).toBeLessThanOrEqual(base * 1.1);
      }
    }
    expect(nextDelaySeconds(1, 3600)).toBe(3600);
    expect(nextDelaySeconds(1, 10 ** 9)).toBe(86_400);
  });

  it('gives up after the 10th attempt', async () => {
    const endpoint = await createEndpoint(['intervention.created']);
    for (let i = 0; i < 10; i++) rx.answers.push({ status: 500 });
    await createIntervention();
    for (let i = 0; i < 12; i++) {
      await drain();
      await retryNow();
    }
    expect(rx.received).toHaveLength(10);
    expect(new Set(rx.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const [d] = await deliveries(endpoint.id);
    expect(d).toMatchObject({ statut: 'ECHEC', attempts: 10, next_attempt_at: null });
  });

  it('a 410 disables the endpoint and e-mails the administrators; nothing is sent after', async () => {
    configureMail({ smtpUrl: 'smtp://127.0.0.1:9', appUrl: 'http://localhost:3000', companyName: 'GMAO' });
    await t.database.db.execute(sql`UPDATE users SET email = 'admin@atlas-froid.ma' WHERE username = 'admin'`);
    const endpoint = await createEndpoint(['intervention.created']);
    rx.answers.push({ status: 410 });
    await createIntervention();
    await drain();
    const one = (await api('GET', `/api/webhooks/${endpoint.id}`)).json().data;
    expect(one).toMatchObject({ actif: false, disabled_reason: WEBHOOK_MESSAGES.disabledGone });
    const mails = await t.database.db.execute<{ to: string; subject: string }>(
      sql`SELECT data->>'to' AS to, data->>'subject' AS subject FROM jobs WHERE name = 'mail.send'
          AND data->>'subject' LIKE ${`%${WEBHOOK_MESSAGES.disabledBy410Title}%`}`,
    );
    expect(mails.rows.map((m) => m.to)).toEqual(['admin@atlas-froid.ma']);
    await createIntervention();
    await drain();
    expect(rx.received).toHaveLength(1);
    expect(await deliveries(endpoint.id)).toHaveLength(1);
  });

  it('sends each event exactly once with two instances on the same database', async () => {
    const endpoint = await createEndpoint(['intervention.created']);
    const url = t.database.pool.options.connectionString!;
    const second = openDatabase(url, { max: 3 });
    // a second app on the same database (same signing key: a session is valid on both, as behind a balancer)
    const other = await buildApp({
      database: second,
      jwtSecret: JWT_SECRET,
      logLevel: 'silent',
      webhooks: { allowed },
    });
    try {
      // the events are made on both instances, alternately
      for (let i = 0; i < 12; i++) {
        const res = await (i % 2 === 0 ? t.app : other).inject({
          method: 'POST',
          url: '/api/interventions',
          headers: { authorization: `Bearer ${admin}` },
          payload: { equipement_id: equipmentId, date: '2026-03-02', description: `Alarme ${i}` },
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      const a = new JobRunner(t.database.db, webhookJobHandlers(t.database.db, { allowed }), { batch: 2 });
      const b = new JobRunner(second.db, webhookJobHandlers(second.db, { allowed }), { batch: 2 });
      await Promise.all([drain(a), drain(b), drain(a), drain(b)]);
      const byId = new Map<string, number>();
      for (const r of rx.received)
        byId.set(String(r.headers['webhook-id']), (byId.get(String(r.headers['webhook-id'])) ?? 0) + 1);
      expect(byId.size).toBe(12);
      expect([...byId.values()].every((n) => n === 1)).toBe(true);
      const log = await deliveries(endpoint.id);
      expect(log.every((d) => d.statut === 'LIVRE' && d.attempts === 1)).toBe(true);
    } finally {
      await other.close();
      await second.close();
    }
  });

  it('after a rotation sends two signatures, each verified by its secret, for 24 h', async () => {
    const endpoint = await createEndpoint(['intervention.created']);
    const rotated = await api('POST', `/api/webhooks/${endpoint.id}/rotate-secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = rotated.json().data as { secret: string; previous_secret_expires_at: string };
    expect(fresh.secret).not.toBe(endpoint.secret);
    const hours = (Date.parse(fresh.previous_secret_expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    await createIntervention();
    await drain();
    const r = rx.received[0]!;
    expect(String(r.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [fresh.secret, endpoint.secret])
      new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
    // 24 h later the old secret signs no more
    await t.database.db.execute(
      sql`UPDATE webhook_endpoints SET previous_secret_expires_at = now() - interval '1 second' WHERE id = ${endpoint.id}`,
    );
    await createIntervention();
    await drain();
    const later = rx.received[1]!;
    expect(String(later.headers['webhook-signature']).split(' ')).toHaveLength(1);
    new Webhook(fresh.secret).verify(later.body, later.headers as Record<string, string>);
    expect(() => new Webhook(endpoint.secret).verify(later.body, later.headers as Record<string, string>)).toThrow();
  });

  it('« Renvoyer » sends the same event (same webhook-id) again as a new delivery', async () => {
    const endpoint = await createEndpoint(['intervention.created']);
    await createIntervention();
    await drain();
    const [first] = await deliveries(endpoint.id);
    const res = await api('POST', `/api/webhooks/${endpoint.id}/deliveries/${first!.id}/redeliver`);
    expect(res.statusCode, res.body).toBe(201);
    await drain();
    expect(rx.received).toHaveLength(2);
    expect(rx.received[1]!.headers['webhook-id']).toBe(rx.received[0]!.headers['webhook-id']);
    expect(rx.received[1]!.body).toBe(rx.received[0]!.body);
    const log = await deliveries(endpoint.id);
    expect(log.map((d) => [d.event_id, d.statut])).toEqual([
      [first!.event_id, 'LIVRE'],
      [first!.event_id, 'LIVRE'],
    ]);
    const other = await createEndpoint(['intervention.created']);
    const wrong = await api('POST', `/api/webhooks/${other.id}/deliveries/${first!.id}/redeliver`);
    expect(wrong.statusCode).toBe(404);
  });

  it('never sends a delivery another runner is sending; takes it over once that sender is gone', async () => {
    const endpoint = await createEndpoint(['intervention.created']);
    await createIntervention();
    // another instance claimed it a moment ago and is sending
    await t.database.db.execute(sql`UPDATE webhook_deliveries SET statut = 'ENVOI', sending_since = now()
      WHERE endpoint_id = ${endpoint.id}`);
    await drain();
    expect(rx.received).toHaveLength(0);
    const job = await t.database.db.execute<{ done: boolean; failed: boolean }>(sql`
      SELECT done_at IS NOT NULL AS done, failed_at IS NOT NULL AS failed FROM jobs WHERE name = 'webhook.deliver'`);
    expect(job.rows).toEqual([{ done: false, failed: false }]); // kept for a later try
    // that sender died (its process killed mid-send): after 2 minutes the delivery is taken over
    await t.database.db.execute(sql`UPDATE webhook_deliveries SET sending_since = now() - interval '3 minutes'
      WHERE endpoint_id = ${endpoint.id}`);
    await retryNow();
    await drain();
    expect(rx.received).toHaveLength(1);
    expect((await deliveries(endpoint.id))[0]).toMatchObject({ statut: 'LIVRE' });
  });

  it('reads WEBHOOK_ALLOWED_ADDRESSES from the environment, refusing what is not an address or a range', () => {
    const env = { JWT_SECRET: 'x'.repeat(32) };
    expect(
      loadConfig({ ...env, WEBHOOK_ALLOWED_ADDRESSES: '127.0.0.1, 10.0.0.0/8, ::1' }).WEBHOOK_ALLOWED_ADDRESSES,
    ).toBe('127.0.0.1, 10.0.0.0/8, ::1');
    expect(loadConfig(env).WEBHOOK_ALLOWED_ADDRESSES).toBeUndefined();
    for (const bad of ['intranet.local', '10.0.0.0/40', '10.0.0.1/x'])
      expect(() => loadConfig({ ...env, WEBHOOK_ALLOWED_ADDRESSES: bad })).toThrow(/WEBHOOK_ALLOWED_ADDRESSES/);
  });

  it('fails an attempt that gets no answer within the timeout', async () => {
    const endpoint = await createEndpoint(['intervention.created']);
    rx.answers.push({ status: 200, hang: true });
    await createIntervention();
    const quick = new JobRunner(t.database.db, webhookJobHandlers(t.database.db, { allowed, timeoutMs: 300 }));
    await drain(quick);
    const [d] = await deliveries(endpoint.id);
    expect(d).toMatchObject({ statut: 'EN_ATTENTE', attempts: 1, last_status_code: null });
    expect(d!.last_error).toBe(WEBHOOK_MESSAGES.timeout);
  });
});

describe('the outbox and the transaction of the change', () => {
  it('has the event iff the change committed', async () => {
    const endpoint = await createEndpoint(['intervention.status_changed', 'part.low_stock']);
    const id = await createIntervention();
    const before = await count(
      sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = ${endpoint.id}`,
    );
    // a refused move (PLANIFIEE → TERMINEE is not a transition) rolls back: no event
    const refused = await api('PUT', `/api/interventions/${id}/status`, { statut: 'TERMINEE' });
    expect(refused.statusCode).toBe(422);
    expect(await count(sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = ${endpoint.id}`)).toBe(
      before,
    );
    // an event emitted in a transaction that rolls back leaves neither outbox row nor job
    const jobs = await count(sql`SELECT count(*)::int AS n FROM jobs WHERE name = 'webhook.deliver'`);
    await expect(
      t.database.db.transaction(async (tx) => {
        await emitWebhookEvent(tx, 'part.low_stock', { id: 1 });
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await count(sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = ${endpoint.id}`)).toBe(
      before,
    );
    expect(await count(sql`SELECT count(*)::int AS n FROM jobs WHERE name = 'webhook.deliver'`)).toBe(jobs);
    // the accepted move commits its event with it
    expect((await api('PUT', `/api/interventions/${id}/status`, { statut: 'EN_COURS' })).statusCode).toBe(200);
    expect(await count(sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = ${endpoint.id}`)).toBe(
      before + 1,
    );
  });

  it('sends a thin event { id } instead of a payload over 256 kB; nothing for an event no endpoint chose', async () => {
    const endpoint = await createEndpoint(['part.low_stock']);
    await t.database.db.transaction(async (tx) => {
      await emitWebhookEvent(tx, 'part.low_stock', { id: 77, notes: 'x'.repeat(300 * 1024) });
      expect(await emitWebhookEvent(tx, 'plan.generated', { id: 5 })).toBeNull();
    });
    await drain();
    expect(rx.received).toHaveLength(1);
    const event = new Webhook(endpoint.secret).verify(
      rx.received[0]!.body,
      rx.received[0]!.headers as Record<string, string>,
    ) as { type: string; data: unknown };
    expect(event).toMatchObject({ type: 'part.low_stock', data: { id: 77 } });
    expect(event.data).toEqual({ id: 77 });
  });

  it('sends part.low_stock when a movement takes a part down to its threshold', async () => {
    const endpoint = await createEndpoint(['part.low_stock']);
    const part = await api('POST', '/api/parts', {
      reference: 'SKF-6204',
      designation: 'Roulement SKF 6204',
      unite: 'u',
      prix_unitaire: '42.00',
      seuil_reappro: '5',
    });
    expect(part.statusCode, part.body).toBe(201);
    const locations = (await api('GET', '/api/stock/locations')).json().data as { id: number; nom: string }[];
    const central = locations.find((l) => l.nom === 'Magasin central')!.id;
    const move = (type: string, quantite: number) =>
      api('POST', '/api/stock/movements', { part_id: part.json().data.id, location_id: central, type, quantite });
    expect((await move('RECEPTION', 10)).statusCode).toBe(201);
    expect((await move('SORTIE', 6)).statusCode).toBe(201);
    await drain();
    expect(rx.received).toHaveLength(1);
    const event = new Webhook(endpoint.secret).verify(
      rx.received[0]!.body,
      rx.received[0]!.headers as Record<string, string>,
    ) as { type: string; data: Record<string, unknown> };
    expect(event.type).toBe('part.low_stock');
    expect(event.data).toMatchObject({ id: part.json().data.id, reference: 'SKF-6204', disponible: 4 });
    expect(event.data).not.toHaveProperty('prix_unitaire');
  });
});

describe('events of the SLA clocks and of preventive plans', () => {
  it('sends sla.at_risk at 75 % and sla.breached past the deadline, once each', async () => {
    const endpoint = await createEndpoint(['sla.at_risk', 'sla.breached']);
    const { rows } = await t.database.db.execute<{ id: number }>(
      sql`SELECT id FROM business_calendars WHERE nom = 'Astreinte 24/7'`,
    );
    const client = await createClient(t.database.db);
    const covered = await createEquipment(t.database.db, { proprietaireId: client.id });
    const today = metricsToday();
    const contract = await api('POST', '/api/contracts', {
      client_id: client.id,
      numero: `SLA-WH-${client.id}`,
      type: 'COMPLET',
      date_debut: addDays(today, -10),
      date_fin: addDays(today, 300),
      reconduction_tacite: false,
      equipement_ids: [covered.id],
      calendrier_id: rows[0]!.id,
      montant_annuel_ht: '1000.00',
      garanties: [
        { urgence: true, cible: 'PRISE_EN_COMPTE', minutes: 30 },
        { urgence: true, cible: 'RETABLISSEMENT', minutes: 480 },
      ],
      statuts_pause: [],
    });
    expect(contract.statusCode, contract.body).toBe(201);
    const res = await api('POST', '/api/interventions', { equipement_id: covered.id, urgence: true, date: today });
    const id = res.json().data.id as number;
    // time passes: 75 % of the RETABLISSEMENT clock, and the PRISE_EN_COMPTE deadline
    await t.database.db.execute(sql`UPDATE intervention_sla SET alerte_le = now() - interval '1 minute'
      WHERE intervention_id = ${id} AND cible = 'RETABLISSEMENT'`);
    await t.database.db.execute(sql`UPDATE intervention_sla SET echeance = now() - interval '1 minute',
      alerte_le = now() - interval '10 minutes', notified_75_at = now() WHERE intervention_id = ${id} AND cible = 'PRISE_EN_COMPTE'`);
    await advanceSlaClocks(t.database.db);
    await advanceSlaClocks(t.database.db); // a second step sends nothing again
    await drain();
    const wh = new Webhook(endpoint.secret);
    const events = rx.received
      .map((r) => wh.verify(r.body, r.headers as Record<string, string>) as EventBody)
      .sort((a, b) => a.type.localeCompare(b.type));
    expect(events.map((e) => [e.type, e.data.id, e.data.sla.cible])).toEqual([
      ['sla.at_risk', id, 'RETABLISSEMENT'],
      ['sla.breached', id, 'PRISE_EN_COMPTE'],
    ]);
    expect(events[1]!.data.sla.etat).toBe('DEPASSE');
    expect(events[1]!.data.intervention).toMatchObject({ id, urgence: true, client: { id: client.id } });
  });

  it('sends plan.generated with the interventions one generation created (and intervention.created for each)', async () => {
    const endpoint = await createEndpoint(['plan.generated', 'intervention.created']);
    const equipment = await createEquipment(t.database.db);
    const today = metricsToday();
    const templates = (await api('GET', '/api/interventions/templates')).json().data as { id: number }[];
    const plan = await api('POST', '/api/plans', {
      nom: 'Visite mensuelle chambre froide',
      template_id: templates[0]!.id,
      equipement_id: equipment.id,
      rrule: 'FREQ=WEEKLY',
      date_debut: today,
      jours_avance: 7,
    });
    expect(plan.statusCode, plan.body).toBe(201);
    const generated = await api('POST', `/api/plans/${plan.json().data.id}/generate`);
    expect(generated.statusCode, generated.body).toBe(200);
    const ids = generated.json().data.intervention_ids as number[];
    expect(ids.length).toBeGreaterThan(0);
    await drain();
    const wh = new Webhook(endpoint.secret);
    const events = rx.received.map((r) => wh.verify(r.body, r.headers as Record<string, string>) as EventBody);
    const planEvents = events.filter((e) => e.type === 'plan.generated');
    expect(planEvents).toHaveLength(1);
    expect(planEvents[0]!.data).toMatchObject({ id: plan.json().data.id, interventions: ids });
    expect(
      events
        .filter((e) => e.type === 'intervention.created')
        .map((e) => e.data.id)
        .sort((a: number, b: number) => a - b),
    ).toEqual([...ids].sort((a, b) => a - b));
  });
});

describe('SSRF guard', () => {
  const refused = async (
    url: string,
    list = NO_ALLOWED_ADDRESSES,
    resolve?: Parameters<typeof resolveWebhookTarget>[2],
  ) => {
    try {
      await resolveWebhookTarget(url, list, resolve);
      return null;
    } catch (err) {
      expect(err).toBeInstanceOf(WebhookTargetError);
      return (err as Error).message;
    }
  };

  it('refuses loopback, private, link-local, metadata and a name resolving to loopback, outside the allow-list', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://10.0.0.1/hook',
      'https://172.16.5.4/hook',
      'https://192.168.1.10/hook',
      'https://169.254.169.254/latest/meta-data/',
      'https://100.100.100.200/',
      'https://[::1]/hook',
      'https://[fd00:ec2::254]/',
      'https://[fe80::1]/',
      'https://[::ffff:127.0.0.1]/',
      'https://0.0.0.0/',
      'https://localhost/hook',
    ]) {
      expect(await refused(url), url).toMatch(/^Adresse refusée/);
    }
    // every address of the name must pass, not only the first
    const mixed = async () => [
      { address: '41.214.150.10', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ];
    expect(await refused('https://hooks.example.ma/', NO_ALLOWED_ADDRESSES, mixed)).toBe(
      WEBHOOK_MESSAGES.addressRefused('10.1.2.3'),
    );
    // a public address over https passes; plain http does not
    const publicOnly = async () => [{ address: '41.214.150.10', family: 4 }];
    expect(await refused('https://hooks.example.ma/', NO_ALLOWED_ADDRESSES, publicOnly)).toBeNull();
    expect(await refused('http://hooks.example.ma/', NO_ALLOWED_ADDRESSES, publicOnly)).toBe(
      WEBHOOK_MESSAGES.httpsRequired,
    );
    // the allow-list opens exactly what it names (CIDR too)
    const list = parseAllowedAddresses('127.0.0.1, 10.20.0.0/16');
    expect(await refused('http://127.0.0.1:8080/', list)).toBeNull();
    expect(await refused('https://10.20.3.4/', list)).toBeNull();
    expect(await refused('https://10.21.0.1/', list)).toMatch(/^Adresse refusée/);
    expect(() => parseAllowedAddresses('10.0.0.0/33')).toThrow();
    expect(() => parseAllowedAddresses('intranet.local')).toThrow();
  });

  it('refuses such addresses at creation (400) and at sending time; connects to the checked address only', async () => {
    for (const url of ['https://10.0.0.1/hook', 'https://169.254.169.254/', 'http://192.168.0.1/', 'ftp://x.ma/']) {
      const res = await api('POST', '/api/webhooks', { url, events: ['intervention.created'], actif: true });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().message).toMatch(/Adresse refusée|URL http\(s\)/);
    }
    expect(await count(sql`SELECT count(*)::int AS n FROM webhook_endpoints`)).toBe(0);
    // created while allowed; an instance without the allow-list refuses to send to it
    const endpoint = await createEndpoint(['intervention.created']);
    await createIntervention();
    const strict = new JobRunner(t.database.db, webhookJobHandlers(t.database.db, { allowed: NO_ALLOWED_ADDRESSES }));
    await drain(strict);
    expect(rx.received).toHaveLength(0);
    const [d] = await deliveries(endpoint.id);
    expect(d!.last_error).toBe(WEBHOOK_MESSAGES.addressRefused('127.0.0.1'));
    // a name is resolved once, checked, and that address is the one connected to (Host keeps the name)
    await t.database.db.execute(
      sql`UPDATE webhook_endpoints SET url = ${`http://hooks.atlas-froid.test:${rx.port}/hook`} WHERE id = ${endpoint.id}`,
    );
    const resolved: string[] = [];
    const pinned = new JobRunner(
      t.database.db,
      webhookJobHandlers(t.database.db, {
        allowed,
        resolve: async (host) => {
          resolved.push(host);
          return [{ address: '127.0.0.1', family: 4 }];
        },
      }),
    );
    await retryNow();
    await drain(pinned);
    expect(resolved).toEqual(['hooks.atlas-froid.test']);
    expect(rx.received).toHaveLength(1);
    expect(rx.received[0]!.headers.host).toBe(`hooks.atlas-froid.test:${rx.port}`);
  });
});

describe('webhooks routes × roles, and a fuzz pass of the bodies', () => {
  it('are for administrators only (every other role 403, a token refused)', async () => {
    const routes = t.app.routeAccess.filter((r) => r.url.startsWith('/api/webhooks'));
    expect(routes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(
      [
        'DELETE /api/webhooks/:id',
        'GET /api/webhooks',
        'GET /api/webhooks/:id',
        'GET /api/webhooks/:id/deliveries',
        'POST /api/webhooks',
        'POST /api/webhooks/:id/deliveries/:did/redeliver',
        'POST /api/webhooks/:id/rotate-secret',
        'PUT /api/webhooks/:id',
      ].sort(),
    );
    for (const r of routes) expect(r.access, `${r.method} ${r.url}`).toEqual({ role: 'Administrateur' });
    const endpoint = await createEndpoint(['intervention.created']);
    const body = { url: rx.url, events: ['intervention.created'], actif: true };
    for (const role of ['Responsable', 'Technicien', 'Consultation']) {
      const u = await createUser(t.database.db, { role });
      const token = (await t.login(u.username, u.password)).token;
      for (const [method, url, payload] of [
        ['GET', '/api/webhooks'],
        ['POST', '/api/webhooks', body],
        ['GET', `/api/webhooks/${endpoint.id}`],
        ['PUT', `/api/webhooks/${endpoint.id}`, body],
        ['DELETE', `/api/webhooks/${endpoint.id}`],
        ['POST', `/api/webhooks/${endpoint.id}/rotate-secret`],
        ['GET', `/api/webhooks/${endpoint.id}/deliveries`],
        ['POST', `/api/webhooks/${endpoint.id}/deliveries/1/redeliver`],
      ] as const) {
        const res = await api(method, url, payload, token);
        expect(res.statusCode, `${role} ${method} ${url}`).toBe(403);
      }
    }
    // an API token is never an administrator, even the administrator's own
    const minted = await api('POST', '/api/tokens', {
      nom: 'ERP',
      scopes: ['interventions:read'],
      expire_le: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
    });
    expect(minted.statusCode, minted.body).toBe(201);
    const byToken = await api('GET', '/api/webhooks', undefined, minted.json().data.token);
    expect(byToken.statusCode).toBe(403);
    expect((await api('GET', `/api/webhooks/${endpoint.id}`)).json().data.actif).toBe(true);
    expect(await count(sql`SELECT count(*)::int AS n FROM webhook_endpoints`)).toBe(1);
  });

  it('refuses a 51st endpoint (every event is written once per endpoint)', async () => {
    await t.database.db.execute(sql`
      INSERT INTO webhook_endpoints (url, events, secret)
      SELECT 'https://41.214.150.10/h' || g, ARRAY['intervention.created'], 'whsec_x' FROM generate_series(1, 50) g`);
    const res = await api('POST', '/api/webhooks', { url: rx.url, events: ['intervention.created'], actif: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(WEBHOOK_MESSAGES.tooMany);
    expect(await count(sql`SELECT count(*)::int AS n FROM webhook_endpoints`)).toBe(50);
  });

  it('updates, disables (pending deliveries given up), enables and deletes', async () => {
    const endpoint = await createEndpoint(['intervention.created']);
    rx.answers.push({ status: 500 });
    await createIntervention();
    await drain();
    const off = await api('PUT', `/api/webhooks/${endpoint.id}`, {
      url: rx.url,
      events: ['intervention.created', 'sla.breached', 'sla.breached'],
      actif: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ actif: false, events: ['intervention.created', 'sla.breached'] });
    const [d] = await deliveries(endpoint.id);
    expect(d).toMatchObject({ statut: 'ECHEC', last_error: WEBHOOK_MESSAGES.endpointDisabled });
    const again = await api('POST', `/api/webhooks/${endpoint.id}/deliveries/${d!.id}/redeliver`);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(WEBHOOK_MESSAGES.redeliverDisabled);
    await retryNow();
    await drain();
    expect(rx.received).toHaveLength(1);
    const on = await api('PUT', `/api/webhooks/${endpoint.id}`, { url: rx.url, events: ['sla.breached'], actif: true });
    expect(on.json().data).toMatchObject({ actif: true, disabled_reason: null });
    expect((await api('DELETE', `/api/webhooks/${endpoint.id}`)).statusCode).toBe(200);
    expect((await api('GET', `/api/webhooks/${endpoint.id}`)).statusCode).toBe(404);
    expect(await count(sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = ${endpoint.id}`)).toBe(
      0,
    );
  });

  it('random values in every field never give a 5xx, and only a valid body writes', async () => {
    const valid = { url: rx.url, events: ['intervention.created'], actif: true };
    const scalars = [
      null,
      '',
      'x'.repeat(3000),
      -1,
      0,
      1.5,
      2 ** 31,
      true,
      [],
      [null],
      ['nope'],
      {},
      '\u0000',
      '\ud800',
    ];
    const bad: string[] = [];
    let accepted = 0;
    const endpoint = await createEndpoint(['intervention.created']);
    for (const value of scalars) {
      for (const key of Object.keys(valid)) {
        for (const [method, url] of [
          ['POST', '/api/webhooks'],
          ['PUT', `/api/webhooks/${endpoint.id}`],
        ] as const) {
          const res = await api(method, url, { ...valid, [key]: value });
          if (res.statusCode >= 500) bad.push(`${method} ${key}=${JSON.stringify(value)} → ${res.statusCode}`);
          else if (res.statusCode < 300 && method === 'POST') accepted++;
        }
      }
    }
    for (const id of ['0', '-1', '2147483648', 'abc', '1e3']) {
      for (const url of [`/api/webhooks/${id}`, `/api/webhooks/${endpoint.id}/deliveries/${id}/redeliver`]) {
        const res = await api(url.endsWith('redeliver') ? 'POST' : 'GET', url);
        if (res.statusCode >= 500) bad.push(`${url} → ${res.statusCode}`);
      }
    }
    const page = await api('GET', `/api/webhooks/${endpoint.id}/deliveries?page=-1&limit=1000`);
    expect(page.statusCode).toBe(400);
    expect(bad).toEqual([]);
    // the one valid body among them: actif=true
    expect(accepted).toBe(1);
    expect(await count(sql`SELECT count(*)::int AS n FROM webhook_endpoints`)).toBe(2);
  });
});

describe('request.received (issue 33 meets 35)', () => {
  it("a request filed by QR code reaches the integrator, without the requester's phone or e-mail", async () => {
    const endpoint = await createEndpoint(['request.received']);
    const storage = localDiskStorage(mkdtempSync(join(tmpdir(), 'gmao-webhook-requests-')));
    const id = await fileRequest(t.database.db, storage, {
      source: 'QR',
      equipementId: equipmentId,
      form: {
        description: 'Le groupe électrogène ne démarre plus',
        nom: 'Karim Tazi',
        telephone: '0612345678',
        email: 'karim@client.ma',
      },
      photos: [],
    });
    await drain();
    const mine = rx.received.filter((r) => r.headers['webhook-id'] && r.body.includes('request.received'));
    expect(mine).toHaveLength(1);
    const event = new Webhook(endpoint.secret).verify(mine[0]!.body, mine[0]!.headers as Record<string, string>) as {
      type: string;
      data: Record<string, unknown>;
    };
    expect(event.type).toBe('request.received');
    expect(event.data).toMatchObject({ id, statut: 'NOUVELLE', source: 'QR', equipement_id: equipmentId });
    expect(mine[0]!.body).not.toContain('0612345678');
    expect(mine[0]!.body).not.toContain('karim@client.ma');
  });
});
