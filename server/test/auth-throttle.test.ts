import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVER_MESSAGES } from '@gmao/domain/common/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { TEST_ADMIN } from './helpers/constants.ts';
import { createUser } from './helpers/factories.ts';

/**
 * Login and registration throttling over real sockets: every request leaves from a chosen loopback address
 * (127.0.0.N via `localAddress`), which is the address the server sees (trustProxy is off).
 * Thresholds of this file: 5 failures per account, 10 per address, 60 s first delay, 90 s cap.
 */
const SETTINGS = {
  accountFailures: 5,
  addressFailures: 10,
  globalFailures: 1000,
  baseDelaySeconds: 60,
  maxDelaySeconds: 90,
};
const WRONG = 'Mauvais-Mot2passe';

type Answer = { status: number; retryAfter: number | null; message: string };

let t: TestApp;
let port: number;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ authThrottle: SETTINGS, logStream: { write: (line) => logLines.push(line) } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

function postFrom(
  localAddress: string,
  path: string,
  body: object,
  headers: Record<string, string> = {},
  serverPort = port,
): Promise<Answer> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: serverPort,
        path,
        method: 'POST',
        localAddress,
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => {
          const retryAfter = res.headers['retry-after'];
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: retryAfter === undefined ? null : Number(retryAfter),
            message: JSON.parse(text).message,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const login = (from: string, username: string, password: string, headers?: Record<string, string>) =>
  postFrom(from, '/api/auth/login', { username, password }, headers);

/** "After the delay" without waiting: the stored delay is moved into the past. */
const endDelay = (key: string) =>
  t.database.db.execute(sql`UPDATE auth_throttle SET blocked_until = now() - interval '1 second' WHERE key = ${key}`);

describe('brute force on one account', () => {
  it('50 attempts from 10 addresses: throttled after 5 failures, delay doubling up to its cap, real user back after it', async () => {
    const user = await createUser(t.database.db);
    const answers: Answer[] = [];
    for (let i = 0; i < 50; i++) answers.push(await login(`127.0.0.${2 + (i % 10)}`, user.username, WRONG));

    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([401, 401, 401, 401, 401]);
    expect(answers.slice(5).every((a) => a.status === 429)).toBe(true);
    for (const a of answers.slice(5)) {
      expect(a.retryAfter).toBeGreaterThan(0);
      expect(a.retryAfter).toBeLessThanOrEqual(60);
      expect(a.message).toBe(SERVER_MESSAGES.loginThrottled(a.retryAfter!));
    }
    // Each address made only 5 attempts (under its limit of 10): the account's own limit did this.
    // The right password is refused too while the delay runs, from any address.
    expect((await login('127.0.0.12', user.username, user.password)).status).toBe(429);

    // The delay over, one more failure doubles it (60 s → 120 s, capped at 90 s).
    await endDelay(`acct:${user.username.toLowerCase()}`);
    expect((await login('127.0.0.3', user.username, WRONG)).status).toBe(401);
    const longer = await login('127.0.0.4', user.username, user.password);
    expect(longer.status).toBe(429);
    expect(longer.retryAfter).toBeGreaterThan(60);
    expect(longer.retryAfter).toBeLessThanOrEqual(90);

    // After the delay the real user logs in, and the success starts the account's count over.
    await endDelay(`acct:${user.username.toLowerCase()}`);
    expect((await login('127.0.0.5', user.username, user.password)).status).toBe(200);
    expect((await login('127.0.0.5', user.username, WRONG)).status).toBe(401);
  });

  it('logs each lockout without the password', async () => {
    const user = await createUser(t.database.db);
    for (let i = 0; i < 6; i++) await login('127.0.0.13', user.username, WRONG);
    const lockouts = logLines.filter((l) => l.includes(`acct:${user.username.toLowerCase()}`));
    expect(lockouts).toHaveLength(1);
    expect(JSON.parse(lockouts[0])).toMatchObject({ level: 40, lockout: 'account', attempts: 5, ip: '127.0.0.13' });
    expect(logLines.join('\n')).not.toContain(WRONG);
    // …and to the audit log (who was locked, after how many attempts), never with the password either
    const { rows } = await t.database.db.execute<{ summary: string; entity_id: string; all: string }>(sql`
      SELECT summary, entity_id, row_to_json(a)::text AS all FROM audit_log a
      WHERE action = 'auth.lockout' AND summary LIKE ${`%${user.username.toLowerCase()}%`}`);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.entity_id).toBe('account');
    expect(rows[0]?.summary).toContain('après 5 tentative(s)');
    expect(rows[0]?.all).not.toContain(WRONG);
  });

  it('concurrent guesses cannot slip in together: 20 at once, 5 are checked', async () => {
    const user = await createUser(t.database.db);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(`127.0.0.${40 + (i % 10)}`, user.username, WRONG)),
    );
    expect(answers.filter((a) => a.status === 401)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(15);
  });
});

describe('password spraying from one address', () => {
  it('30 usernames from one address: throttled after 10 failures; other addresses unaffected', async () => {
    const real = await createUser(t.database.db);
    const answers: Answer[] = [];
    for (let i = 0; i < 30; i++) {
      const username = i % 3 === 0 ? (await createUser(t.database.db)).username : `inconnu_${i}`;
      answers.push(await login('127.0.0.20', username, 'Printemps2024'));
    }
    expect(answers.slice(0, 10).every((a) => a.status === 401)).toBe(true);
    expect(answers.slice(10).every((a) => a.status === 429)).toBe(true);
    expect(answers[10].message).toBe(SERVER_MESSAGES.loginThrottled(answers[10].retryAfter!));

    // The address stays throttled whatever header it sends (X-Forwarded-For is not trusted)…
    expect((await login('127.0.0.20', real.username, real.password, { 'x-forwarded-for': '10.1.2.3' })).status).toBe(
      429,
    );
    // …while the same user from another address logs in (each sprayed account failed once only).
    expect((await login('127.0.0.21', real.username, real.password)).status).toBe(200);
  });
});

describe('registration from one address', () => {
  it('answers 429 after 10 requests from one address, with Retry-After; another address still registers', async () => {
    const register = (from: string, i: number) =>
      postFrom(from, '/api/auth/register', { nom: 'Salma Idrissi', username: `demande_${i}`, password: 'Atelier2024' });
    const answers: Answer[] = [];
    for (let i = 0; i < 12; i++) answers.push(await register('127.0.0.30', i));
    expect(answers.slice(0, 10).every((a) => a.status === 201)).toBe(true);
    expect(answers.slice(10).map((a) => a.status)).toEqual([429, 429]);
    expect(answers[10].retryAfter).toBeGreaterThan(0);
    expect(answers[10].message).toBe(SERVER_MESSAGES.registrationThrottled(answers[10].retryAfter!));
    expect((await register('127.0.0.31', 99)).status).toBe(201);
  });
});

describe('global ceiling', () => {
  it('past 8 failures in the window every login waits, then works again', async () => {
    const g = await createTestApp({
      authThrottle: { accountFailures: 100, addressFailures: 100, globalFailures: 8, baseDelaySeconds: 60 },
    });
    try {
      await g.app.listen({ port: 0, host: '127.0.0.1' });
      const gPort = (g.app.server.address() as AddressInfo).port;
      const gLogin = (from: string, body: object) => postFrom(from, '/api/auth/login', body, {}, gPort);
      for (let i = 0; i < 8; i++) {
        expect((await gLogin(`127.0.0.${50 + (i % 4)}`, { username: `compte_${i}`, password: WRONG })).status).toBe(
          401,
        );
      }
      const refused = await gLogin('127.0.0.60', TEST_ADMIN);
      expect(refused.status).toBe(429);
      expect(refused.retryAfter).toBeGreaterThan(0);
      await g.database.db.execute(
        sql`UPDATE auth_throttle SET blocked_until = now() - interval '1 second' WHERE key = 'global'`,
      );
      expect((await gLogin('127.0.0.60', TEST_ADMIN)).status).toBe(200);
    } finally {
      await g.close();
    }
  });
});

describe('odd input', () => {
  it('a huge username is counted like any other, not a server error', async () => {
    const huge = randomBytes(4000).toString('base64'); // incompressible: longer than an index entry may be
    expect((await login('127.0.0.71', huge, WRONG)).status).toBe(401);
  });
});

describe('stale counters', () => {
  it('are deleted when the global window starts over, so the table does not grow forever', async () => {
    await t.database.db.execute(sql`
      INSERT INTO auth_throttle (key, failures, window_start) VALUES ('acct:ancien_compte', 3, now() - interval '1 hour')`);
    await t.database.db.execute(
      sql`UPDATE auth_throttle SET window_start = now() - interval '1 hour' WHERE key = 'global'`,
    );
    expect((await login('127.0.0.70', 'quelqu_un', WRONG)).status).toBe(401);
    const { rows } = await t.database.db.execute(sql`SELECT key FROM auth_throttle WHERE key = 'acct:ancien_compte'`);
    expect(rows).toEqual([]);
  });
});
