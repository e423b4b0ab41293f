import { SERVER_MESSAGES } from '@gmao/domain/common/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createUser } from './helpers/factories.ts';

/**
 * The current-password check of PUT /api/auth/profile is counted like a login, on the account's key of the login
 * throttle (auth-throttle.ts passwordCheckRules): each failure is audited, and the failure that reaches the
 * account's limit ends the session that was guessing. Thresholds of this file: 3 failures per account, 60 s delay.
 */
const LIMIT = 3;
const WRONG = 'Pas-Le-Bon-9x';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authThrottle: { accountFailures: LIMIT, baseDelaySeconds: 60, maxDelaySeconds: 90 } });
});
afterAll(() => t.close());

const changePassword = (token: string, currentPassword: string, newPassword = 'Nouveau-Depart-9') =>
  t.as(token, { method: 'PUT', url: '/api/auth/profile', payload: { currentPassword, newPassword } });
const profile = (token: string) => t.as(token, { method: 'GET', url: '/api/auth/profile' });

async function failuresAudited(userId: number) {
  const { rows } = await t.database.db.execute<{ summary: string; actor_id: number }>(sql`
    SELECT summary, actor_id FROM audit_log
    WHERE action = 'auth.password_check_failed' AND entity_id = ${String(userId)} ORDER BY id`);
  return rows;
}

describe('wrong current passwords on a password change', () => {
  it('are counted and audited; the one reaching the limit ends the session; the login is throttled too', async () => {
    const user = await createUser(t.database.db);
    const { token, refreshToken } = await t.login(user.username, user.password);

    for (let i = 1; i < LIMIT; i++) {
      const res = await changePassword(token, WRONG);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(SERVER_MESSAGES.wrongCurrentPassword);
    }
    expect((await profile(token)).statusCode).toBe(200);

    const last = await changePassword(token, WRONG);
    expect(last.statusCode).toBe(401);
    expect(last.json().message).toBe(SERVER_MESSAGES.passwordCheckSessionEnded);
    expect((await profile(token)).statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { token: refreshToken },
    });
    expect(refreshed.statusCode).toBe(401);

    const audited = await failuresAudited(user.id);
    expect(audited).toHaveLength(LIMIT);
    expect(audited.every((r) => r.actor_id === user.id)).toBe(true);
    expect(audited[LIMIT - 1]?.summary).toContain('session fermée');
    expect(JSON.stringify(audited)).not.toContain(WRONG);

    // The same account budget as the login: the right password waits for the delay there too.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: user.password },
    });
    expect(login.statusCode).toBe(429);
  });

  it('a right one before the limit changes the password and starts the count over', async () => {
    const user = await createUser(t.database.db);
    const { token } = await t.login(user.username, user.password);
    for (let i = 1; i < LIMIT; i++) expect((await changePassword(token, WRONG)).statusCode).toBe(400);

    const ok = await changePassword(token, user.password);
    expect(ok.statusCode).toBe(200);
    const fresh = ok.json().data.token as string;
    // Counted from zero again: LIMIT − 1 more failures leave the new session open.
    for (let i = 1; i < LIMIT; i++) expect((await changePassword(fresh, WRONG)).statusCode).toBe(400);
    expect((await profile(fresh)).statusCode).toBe(200);
    expect(await failuresAudited(user.id)).toHaveLength(2 * (LIMIT - 1));
  });

  it('while the account is held by failed logins, the check answers 429 without counting nor ending the session', async () => {
    const user = await createUser(t.database.db);
    const { token } = await t.login(user.username, user.password);
    for (let i = 0; i < LIMIT; i++) {
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: user.username, password: WRONG },
      });
    }
    const res = await changePassword(token, user.password);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await profile(token)).statusCode).toBe(200);
    expect(await failuresAudited(user.id)).toHaveLength(0);
  });
});
