import { AUTH_MESSAGES } from '@gmao/domain/auth/auth-schemas';
import { PASSWORD_MESSAGES, passwordPolicyError } from '@gmao/domain/auth/password-policy';
import { SERVER_MESSAGES } from '@gmao/domain/common/messages';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { bootstrapAdmin } from '../src/db/seed.ts';
import { useAdminTestApp } from './helpers/admin-app.ts';
import { roleId, uniqueName } from './helpers/admin-factories.ts';
import { createTestApp } from './helpers/app.ts';
import { createUser } from './helpers/factories.ts';

/** One password policy on every path that sets a password, and the change forced after an administrator set one. */
const t = useAdminTestApp();
const { asAdmin } = t;
let technicien: number;
beforeAll(async () => {
  technicien = await roleId(t.database.db, 'Technicien');
});

const fieldErrors = (res: { json(): { details?: { field: string; msg: string }[] } }) => res.json().details ?? [];

describe('every path that sets a password applies the policy', () => {
  it('registration', async () => {
    const register = (username: string, password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { nom: 'Salma Idrissi', username, password },
      });
    for (const [password, msg] of [
      ['Court12', PASSWORD_MESSAGES.min],
      ['qwerty123456', PASSWORD_MESSAGES.common],
      ['Salma_Idrissi1', PASSWORD_MESSAGES.sameAsUsername],
    ] as const) {
      const res = await register('salma_idrissi1', password);
      expect(res.statusCode, password).toBe(400);
      expect(fieldErrors(res), password).toContainEqual({ field: 'password', msg });
    }
    expect((await register('salma_idrissi1', 'Atelier-Agadir-7')).statusCode).toBe(201);
  });

  it('an administrator creating an account', async () => {
    const create = (username: string, password: string) =>
      asAdmin('POST', '/api/users', { nom: 'Karim Alaoui', username, password, role_id: technicien });
    for (const [password, msg] of [
      ['abc12', PASSWORD_MESSAGES.min],
      ['1q2w3e4r5t', PASSWORD_MESSAGES.common],
      ['KARIM_ALAOUI9', PASSWORD_MESSAGES.sameAsUsername],
    ] as const) {
      const res = await create('karim_alaoui9', password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json().message, password).toBe(msg);
      expect(fieldErrors(res), password).toContainEqual({ field: 'password', msg });
    }
    expect((await create('karim_alaoui9', 'Kenitra-Poste-2')).statusCode).toBe(201);
  });

  it('an administrator setting a password (the username is not in the body: checked against the account)', async () => {
    const user = await createUser(t.database.db, { username: uniqueName('hassan') });
    const update = (password: string) =>
      asAdmin('PUT', `/api/users/${user.id}`, { nom: user.nom, role_id: technicien, password });
    for (const [password, msg] of [
      ['court1', PASSWORD_MESSAGES.min],
      ['password123', PASSWORD_MESSAGES.common],
      [user.username.toUpperCase(), PASSWORD_MESSAGES.sameAsUsername],
    ] as const) {
      const res = await update(password);
      expect(res.statusCode, password).toBe(400);
      expect(fieldErrors(res), password).toContainEqual({ field: 'password', msg });
    }
    expect((await update('Tanger-Atelier-5')).statusCode).toBe(200);
  });

  it('a user changing their own password', async () => {
    const user = await createUser(t.database.db, { username: uniqueName('nadia') });
    const { token } = await t.login(user.username, user.password);
    const change = (newPassword: string) =>
      t.as(token, {
        method: 'PUT',
        url: '/api/auth/profile',
        payload: { currentPassword: user.password, newPassword },
      });
    for (const [password, msg] of [
      ['Court12', PASSWORD_MESSAGES.min],
      ['Qwerty12345', PASSWORD_MESSAGES.common],
      [user.username, PASSWORD_MESSAGES.sameAsUsername],
    ] as const) {
      const res = await change(password);
      expect(res.statusCode, password).toBe(400);
      expect(fieldErrors(res), password).toContainEqual({ field: 'newPassword', msg });
    }
    expect((await change('Casablanca-Nord-3')).statusCode).toBe(200);
  });

  it('the bootstrap administrator: ADMIN_PASSWORD must pass it, or the server does not start', () => {
    const env = (ADMIN_PASSWORD?: string) => ({ ADMIN_USERNAME: 'chef2024atelier', ADMIN_PASSWORD });
    expect(() => loadConfig(env('Admin123!'))).toThrow(
      `Invalid configuration: ADMIN_PASSWORD: ${PASSWORD_MESSAGES.min}`,
    );
    expect(() => loadConfig(env('Password123'))).toThrow(PASSWORD_MESSAGES.common);
    expect(() => loadConfig(env('CHEF2024ATELIER'))).toThrow(PASSWORD_MESSAGES.sameAsUsername);
    expect(loadConfig(env('Chef-Atelier-2024')).ADMIN_PASSWORD).toBe('Chef-Atelier-2024');
    expect(loadConfig(env()).ADMIN_PASSWORD).toBeUndefined();
  });

  it('the login form keeps the spec’s 6-character minimum for passwords chosen before the policy', async () => {
    const user = await createUser(t.database.db, { password: 'ancien1' });
    expect((await t.login(user.username, 'ancien1')).token).toEqual(expect.any(String));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: 'abc' },
    });
    expect(fieldErrors(res)).toContainEqual({ field: 'password', msg: AUTH_MESSAGES.passwordMin });
  });
});

describe('a password chosen by an administrator must be changed at the first login', () => {
  async function createdByAdmin() {
    const username = uniqueName('omar');
    const res = await asAdmin('POST', '/api/users', {
      nom: 'Omar Tazi',
      username,
      password: 'Premier-Acces-1',
      role_id: technicien,
    });
    expect(res.statusCode).toBe(201);
    return { id: res.json().data.id as number, username, password: 'Premier-Acces-1' };
  }

  it('until it is changed, only the profile, the password change and logout answer', async () => {
    const created = await createdByAdmin();
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: created.username, password: created.password },
    });
    expect(login.statusCode).toBe(200);
    const { token, user } = login.json().data;
    expect(user.mustChangePassword).toBe(true);

    const sections = await t.as(token, { method: 'GET', url: '/api/sections' });
    expect(sections.statusCode).toBe(403);
    expect(sections.json().message).toBe(SERVER_MESSAGES.passwordChangeRequired);
    expect((await t.as(token, { method: 'GET', url: '/api/clients' })).statusCode).toBe(403);
    const me = await t.as(token, { method: 'GET', url: '/api/auth/profile' });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.mustChangePassword).toBe(true);
    const rename = await t.as(token, { method: 'PUT', url: '/api/auth/profile', payload: { nom: 'Omar T.' } });
    expect(rename.statusCode).toBe(403);

    const changed = await t.as(token, {
      method: 'PUT',
      url: '/api/auth/profile',
      payload: { currentPassword: created.password, newPassword: 'Mon-Propre-Choix-7' },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.user.mustChangePassword).toBe(false);
    const fresh = changed.json().data.token;
    expect((await t.as(fresh, { method: 'GET', url: '/api/sections' })).statusCode).toBe(200);
    const again = await t.login(created.username, 'Mon-Propre-Choix-7');
    expect((await t.as(again.token, { method: 'GET', url: '/api/clients' })).statusCode).toBe(200);
  });

  it('logout still works while the change is pending', async () => {
    const created = await createdByAdmin();
    const { token, refreshToken } = await t.login(created.username, created.password);
    const out = await t.as(token, { method: 'POST', url: '/api/auth/logout', payload: { refreshToken } });
    expect(out.statusCode).toBe(200);
    expect((await t.as(token, { method: 'GET', url: '/api/auth/profile' })).statusCode).toBe(401);
  });

  it('is set when an administrator sets someone’s password, not their own, nor for a self-registration', async () => {
    const user = await createUser(t.database.db);
    await asAdmin('PUT', `/api/users/${user.id}`, { nom: user.nom, role_id: technicien, password: 'Remis-A-Zero-4' });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: user.username, password: 'Remis-A-Zero-4' },
    });
    expect(reset.json().data.user.mustChangePassword).toBe(true);

    // Last use of the administrator's token in this file: changing one's own password ends one's own sessions.
    const me = (await asAdmin('GET', '/api/auth/profile')).json().data;
    const own = await asAdmin('PUT', `/api/users/${me.id}`, {
      nom: me.nom,
      role_id: me.roleId,
      password: 'Admin-Nouveau-2025',
    });
    expect(own.statusCode).toBe(200);
    const adminLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: me.username, password: 'Admin-Nouveau-2025' },
    });
    expect(adminLogin.json().data.user.mustChangePassword).toBe(false);

    const username = uniqueName('salma');
    const reg = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { nom: 'Salma Idrissi', username, password: 'Mon-Choix-2024' },
    });
    await t.database.db.execute(sql`UPDATE users SET enabled = true WHERE id = ${reg.json().data.user.id}`);
    const self = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password: 'Mon-Choix-2024' },
    });
    expect(self.json().data.user.mustChangePassword).toBe(false);
  });

  it('a generated first-administrator password follows the policy and must be changed; ADMIN_PASSWORD need not', async () => {
    const fresh = await createTestApp();
    try {
      await fresh.database.db.execute(sql`DELETE FROM users`);
      const generated = await bootstrapAdmin(fresh.database.db, { username: 'chef' });
      expect(passwordPolicyError(generated.generatedPassword!, { username: 'chef' })).toBeNull();
      const login = await fresh.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'chef', password: generated.generatedPassword },
      });
      expect(login.json().data.user.mustChangePassword).toBe(true);

      await fresh.database.db.execute(sql`DELETE FROM refresh_tokens`);
      await fresh.database.db.execute(sql`DELETE FROM users`);
      await bootstrapAdmin(fresh.database.db, { username: 'chef', password: 'Chef-Atelier-2024' });
      const chosen = await fresh.login('chef', 'Chef-Atelier-2024');
      expect((await fresh.as(chosen.token, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});
