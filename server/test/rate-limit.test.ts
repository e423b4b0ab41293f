import { randomBytes } from 'node:crypto';
import { SERVER_MESSAGES } from '@gmao/domain/common/messages';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

/**
 * POST /api/auth/refresh-token allows 60 requests a minute per address. The counters live in PostgreSQL, so two
 * instances on one database share them: with the plugin's in-memory store each would have allowed 60.
 */
let t: TestApp;
let second: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp();
  second = await buildApp({ database: t.database, jwtSecret: randomBytes(32).toString('hex'), logLevel: 'silent' });
  await second.ready();
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const refresh = (app: FastifyInstance, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/refresh-token',
    payload: { token: 'jeton-inconnu' },
    remoteAddress: ip,
  });

describe('refresh-token rate limit', () => {
  it('counts across instances: the 61st request of a minute from one address is refused, on either instance', async () => {
    const ip = '10.1.2.3';
    const codes: number[] = [];
    for (let i = 0; i < 60; i++) codes.push((await refresh(i % 2 === 0 ? t.app : second, ip)).statusCode);
    expect(codes.filter((c) => c === 429)).toEqual([]);
    const refused = await refresh(t.app, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ success: false, message: SERVER_MESSAGES.tooManyRequests });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await refresh(second, ip)).statusCode).toBe(429);
    // another address is not concerned
    expect((await refresh(second, '10.9.9.9')).statusCode).toBe(401);
  });

  it('allows the address again once its window is over', async () => {
    const ip = '10.4.5.6';
    for (let i = 0; i < 61; i++) await refresh(t.app, ip);
    expect((await refresh(second, ip)).statusCode).toBe(429);
    await t.database.db.execute(
      sql`UPDATE rate_limits SET window_start = now() - interval '61 seconds' WHERE key LIKE ${`%|${ip}`}`,
    );
    expect((await refresh(second, ip)).statusCode).toBe(401);
    const { rows } = await t.database.db.execute<{ hits: number }>(
      sql`SELECT hits FROM rate_limits WHERE key LIKE ${`%|${ip}`}`,
    );
    expect(rows).toEqual([{ hits: 1 }]);
  });

  it('forgets windows over for more than a day when a window restarts', async () => {
    await t.database.db.execute(
      sql`INSERT INTO rate_limits (key, hits, window_start) VALUES ('POST /api/auth/refresh-token|10.0.0.1', 3, now() - interval '2 days')`,
    );
    await refresh(t.app, '10.7.7.7'); // a new key: its window starts
    const { rows } = await t.database.db.execute(sql`SELECT 1 FROM rate_limits WHERE key LIKE '%|10.0.0.1'`);
    expect(rows).toEqual([]);
  });
});
