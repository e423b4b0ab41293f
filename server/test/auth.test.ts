import { AUTH_MESSAGES } from '@gmao/domain/auth/auth-schemas';
import { SERVER_MESSAGES } from '@gmao/domain/common/messages';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { TEST_ADMIN } from './helpers/constants.ts';
import { createUser } from './helpers/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, payload: payload as object });

describe('POST /api/auth/login', () => {
  it('returns a short-lived token, a refresh token and the normalized admin user', async () => {
    const res = await post('/api/auth/login', TEST_ADMIN);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.refreshToken).toEqual(expect.any(String));
    expect(body.data.user).toMatchObject({ username: 'admin', role: 'Administrateur', section: 'Administration' });
    expect(body.data.user.permissions).toContain('clients:read');
    const claims = JSON.parse(Buffer.from(body.data.token.split('.')[1], 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(15 * 60);
  });

  it('answers 401 with one message whether the user exists or not', async () => {
    const wrongPassword = await post('/api/auth/login', { username: 'admin', password: 'nope123' });
    const unknownUser = await post('/api/auth/login', { username: 'ghost_user', password: 'nope123' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json().message).toBe(SERVER_MESSAGES.invalidCredentials);
    expect(unknownUser.json().message).toBe(SERVER_MESSAGES.invalidCredentials);
  });

  it('validates with the spec messages', async () => {
    const res = await post('/api/auth/login', { username: 'ab', password: '' });
    expect(res.statusCode).toBe(400);
    const msgs = res.json().details.map((d: { msg: string }) => d.msg);
    expect(msgs).toContain(AUTH_MESSAGES.usernameMin);
    expect(msgs).toContain(AUTH_MESSAGES.passwordRequired);
  });

  it('refuses a disabled account with a French explanation', async () => {
    const user = await createUser(t.database.db, { enabled: false });
    const res = await post('/api/auth/login', { username: user.username, password: user.password });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(SERVER_MESSAGES.accountDisabled);
  });
});

describe('POST /api/auth/register', () => {
  const payload = {
    nom: 'Salma Idrissi',
    username: 'salma_idrissi',
    password: 'Atelier2024',
    section: 'Maintenance Électrique',
  };

  it('creates a disabled account that cannot log in until activated', async () => {
    const res = await post('/api/auth/register', payload);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      success: true,
      data: { token: null, user: { username: 'salma_idrissi', enabled: false } },
    });
    expect(res.json().message).toBe(SERVER_MESSAGES.registrationPending);
    const login = await post('/api/auth/login', { username: payload.username, password: payload.password });
    expect(login.statusCode).toBe(403);
    await t.database.db.execute(sql`UPDATE users SET enabled = true WHERE username = 'salma_idrissi'`);
    const after = await post('/api/auth/login', { username: payload.username, password: payload.password });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.user.section).toBe('Maintenance Électrique');
  });

  it('refuses a taken username (any case) with 409', async () => {
    const res = await post('/api/auth/register', { ...payload, username: 'ADMIN' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SERVER_MESSAGES.usernameTaken);
  });

  it('enforces the registration rules on the server', async () => {
    const res = await post('/api/auth/register', {
      nom: 'A',
      username: 'bad name',
      password: 'lettersonly',
      section: 'x'.repeat(101),
    });
    expect(res.statusCode).toBe(400);
    const msgs = res.json().details.map((d: { msg: string }) => d.msg);
    expect(msgs).toEqual(
      expect.arrayContaining([
        AUTH_MESSAGES.nomMin,
        AUTH_MESSAGES.usernameChars,
        AUTH_MESSAGES.passwordLetterDigit,
        AUTH_MESSAGES.sectionMax,
      ]),
    );
  });
});

describe('refresh tokens', () => {
  it('rotate on every use; a reused token revokes the whole family', async () => {
    const { refreshToken: first } = await t.login();
    const r1 = await post('/api/auth/refresh-token', { token: first });
    expect(r1.statusCode).toBe(200);
    const second = r1.json().data.refreshToken;
    expect(second).not.toBe(first);
    expect(r1.json().data.user.username).toBe('admin');

    // replaying the rotated token: refused, and the live one dies with its family
    expect((await post('/api/auth/refresh-token', { token: first })).statusCode).toBe(401);
    const r2 = await post('/api/auth/refresh-token', { token: second });
    expect(r2.statusCode).toBe(401);
    expect(r2.json().message).toBe(SERVER_MESSAGES.invalidRefreshToken);
  });

  it('logout revokes the refresh token', async () => {
    const { refreshToken } = await t.login();
    const out = await post('/api/auth/logout', { refreshToken });
    expect(out.statusCode).toBe(200);
    expect((await post('/api/auth/refresh-token', { token: refreshToken })).statusCode).toBe(401);
  });

  it('an unknown token is refused', async () => {
    expect((await post('/api/auth/refresh-token', { token: 'not-a-token' })).statusCode).toBe(401);
  });
});

describe('/api/auth/profile', () => {
  it('requires a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/profile' });
    expect(res.statusCode).toBe(401);
    const bad = await t.as('garbage', { method: 'GET', url: '/api/auth/profile' });
    expect(bad.statusCode).toBe(401);
  });

  it('reads and updates the profile', async () => {
    const user = await createUser(t.database.db, { nom: 'Karim Alaoui' });
    const { token } = await t.login(user.username, user.password);
    const read = await t.as(token, { method: 'GET', url: '/api/auth/profile' });
    expect(read.json().data).toMatchObject({ nom: 'Karim Alaoui', role: 'Technicien' });
    const upd = await t.as(token, { method: 'PUT', url: '/api/auth/profile', payload: { nom: 'Karim El Alaoui' } });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().message).toBe('Profil mis à jour avec succès');
    expect(upd.json().data.nom).toBe('Karim El Alaoui');
  });

  it('changes the password only with the right current password', async () => {
    const user = await createUser(t.database.db);
    const { token } = await t.login(user.username, user.password);
    const wrong = await t.as(token, {
      method: 'PUT',
      url: '/api/auth/profile',
      payload: { currentPassword: 'wrong-one1', newPassword: 'nouveau123' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(SERVER_MESSAGES.wrongCurrentPassword);
    const ok = await t.as(token, {
      method: 'PUT',
      url: '/api/auth/profile',
      payload: { currentPassword: user.password, newPassword: 'nouveau123' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Mot de passe modifié avec succès');
    expect((await post('/api/auth/login', { username: user.username, password: user.password })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { username: user.username, password: 'nouveau123' })).statusCode).toBe(200);
  });

  it('a disabled account loses access at once, even with a live access token', async () => {
    const user = await createUser(t.database.db);
    const { token, refreshToken } = await t.login(user.username, user.password);
    await t.database.db.execute(sql`UPDATE users SET enabled = false WHERE id = ${user.id}`);
    expect((await t.as(token, { method: 'GET', url: '/api/auth/profile' })).statusCode).toBe(401);
    expect((await post('/api/auth/refresh-token', { token: refreshToken })).statusCode).toBe(401);
  });
});
