import { SERVER_MESSAGES } from '@gmao/domain/common/messages';
import { USER_ADMIN_MESSAGES, USER_FORM_MESSAGES } from '@gmao/domain/users/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminTestApp } from './helpers/admin-app.ts';
import { createSection, roleId, uniqueName } from './helpers/admin-factories.ts';
import { createUser } from './helpers/factories.ts';

const t = useAdminTestApp();
const { asAdmin } = t;
let technicien: number;
beforeAll(async () => {
  technicien = await roleId(t.database.db, 'Technicien');
});

const newUserPayload = (overrides: Record<string, unknown> = {}) => ({
  nom: 'Karim Alaoui',
  username: uniqueName('karim'),
  password: 'Atelier2024',
  role_id: technicien,
  ...overrides,
});

describe('access', () => {
  it('refuses anonymous callers (401) and non-admins (403) on every users route', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(401);
    const user = await createUser(t.database.db, { role: 'Responsable' });
    const { token } = await t.login(user.username, user.password);
    for (const [method, url] of [
      ['GET', '/api/users'],
      ['GET', `/api/users/${user.id}`],
      ['POST', '/api/users'],
      ['PUT', `/api/users/${user.id}`],
      ['POST', `/api/users/${user.id}/activate`],
      ['DELETE', `/api/users/${user.id}`],
    ] as const) {
      const res = await t.as(token, { method, url, payload: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('POST /api/users', () => {
  it('creates an enabled user (default) with role and section objects; the user can log in', async () => {
    const section = await createSection(t.database.db);
    const payload = newUserPayload({ section_id: section.id });
    const res = await asAdmin('POST', '/api/users', payload);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Utilisateur créé avec succès');
    expect(res.json().data).toMatchObject({
      nom: 'Karim Alaoui',
      username: payload.username,
      enabled: true,
      pending: false,
      role: { id: technicien, nom: 'Technicien' },
      role_id: technicien,
      section: { id: section.id, nom: section.nom, isResponsible: false },
      section_id: section.id,
    });
    expect(res.json().data.permissions).toContain('interventions:create');
    expect(res.json().data).not.toHaveProperty('password');
    expect(res.json().data).not.toHaveProperty('passwordHash');
    const login = await t.login(payload.username, 'Atelier2024');
    expect(login.token).toEqual(expect.any(String));
  });

  it('refuses a username already taken, whatever its case (409)', async () => {
    const res = await asAdmin('POST', '/api/users', newUserPayload({ username: 'ADMIN' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SERVER_MESSAGES.usernameTaken);
    expect(res.json().details).toEqual([{ field: 'username', msg: SERVER_MESSAGES.usernameTaken }]);
  });

  it('validates with the user-form messages of the spec', async () => {
    const res = await asAdmin('POST', '/api/users', { nom: '', username: 'ab' });
    expect(res.statusCode).toBe(400);
    const msgs = res.json().details.map((d: { msg: string }) => d.msg);
    expect(msgs).toEqual(
      expect.arrayContaining([
        USER_FORM_MESSAGES.nomRequired,
        USER_FORM_MESSAGES.usernameMin,
        USER_FORM_MESSAGES.passwordRequiredForNew,
        USER_FORM_MESSAGES.roleRequired,
      ]),
    );
    const short = await asAdmin('POST', '/api/users', newUserPayload({ password: '12345' }));
    expect(short.json().details.map((d: { msg: string }) => d.msg)).toContain(USER_FORM_MESSAGES.passwordMin);
  });

  it('refuses an unknown role or section (400)', async () => {
    const res = await asAdmin('POST', '/api/users', newUserPayload({ role_id: 99999 }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(USER_ADMIN_MESSAGES.unknownRole);
    const sec = await asAdmin('POST', '/api/users', newUserPayload({ section_id: 99999 }));
    expect(sec.json().message).toBe(USER_ADMIN_MESSAGES.unknownSection);
  });
});

describe('GET /api/users', () => {
  it('paginates, searches by name or username and filters by role, section and status', async () => {
    const section = await createSection(t.database.db);
    const tag = uniqueName('zz');
    for (let i = 0; i < 3; i++) {
      await asAdmin('POST', '/api/users', newUserPayload({ nom: `Nadia ${tag} ${i}`, section_id: section.id }));
    }
    await asAdmin('POST', '/api/users', newUserPayload({ username: `${tag}_off`, enabled: false }));

    const page = await asAdmin('GET', `/api/users?search=${tag}&limit=2&page=1`);
    expect(page.statusCode).toBe(200);
    expect(page.json().pagination).toEqual({ total: 4, pages: 2, page: 1, limit: 2 });
    expect(page.json().data).toHaveLength(2);

    const bySection = await asAdmin('GET', `/api/users?section_id=${section.id}`);
    expect(bySection.json().pagination.total).toBe(3);
    const disabled = await asAdmin('GET', `/api/users?search=${tag}&enabled=false`);
    expect(disabled.json().data.map((u: { username: string }) => u.username)).toEqual([`${tag}_off`]);
    const byRole = await asAdmin(
      'GET',
      `/api/users?search=${tag}&role_id=${await roleId(t.database.db, 'Consultation')}`,
    );
    expect(byRole.json().pagination.total).toBe(0);
    const byUsername = await asAdmin('GET', `/api/users?search=${tag.toUpperCase()}_OFF`);
    expect(byUsername.json().pagination.total).toBe(1);
    // % and _ in the search are literal characters
    expect((await asAdmin('GET', '/api/users?search=%25')).json().pagination.total).toBe(0);
  });

  it('GET /api/users/:id returns the user with its permissions; 404 when unknown', async () => {
    const created = (await asAdmin('POST', '/api/users', newUserPayload())).json().data;
    const res = await asAdmin('GET', `/api/users/${created.id}`);
    expect(res.json().data).toMatchObject({ id: created.id, username: created.username });
    expect(res.json().data.createdAt).toEqual(expect.any(String));
    expect((await asAdmin('GET', '/api/users/999999')).statusCode).toBe(404);
  });
});

describe('PUT /api/users/:id', () => {
  it('changes the password only when given, and never the username', async () => {
    const created = (await asAdmin('POST', '/api/users', newUserPayload())).json().data;
    const base = { nom: 'Karim A.', role_id: technicien, username: 'renamed_user' };
    const keep = await asAdmin('PUT', `/api/users/${created.id}`, { ...base, password: '' });
    expect(keep.statusCode).toBe(200);
    expect(keep.json().data).toMatchObject({ nom: 'Karim A.', username: created.username });
    expect(keep.json().message).toBe('Utilisateur modifié avec succès');
    await t.login(created.username, 'Atelier2024');
    await asAdmin('PUT', `/api/users/${created.id}`, { ...base, password: 'Nouveau2025' });
    await expect(t.login(created.username, 'Atelier2024')).rejects.toThrow();
    await t.login(created.username, 'Nouveau2025');
  });

  it('refuses to disable one’s own account (403)', async () => {
    const me = (await asAdmin('GET', '/api/users?search=admin'))
      .json()
      .data.find((u: { username: string }) => u.username === 'admin');
    const res = await asAdmin('PUT', `/api/users/${me.id}`, { nom: me.nom, role_id: me.role_id, enabled: false });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(USER_ADMIN_MESSAGES.cannotDisableSelf);
  });

  it('refuses to demote the last enabled administrator (422), allows it when another admin exists', async () => {
    const me = (await asAdmin('GET', '/api/users?search=admin'))
      .json()
      .data.find((u: { username: string }) => u.username === 'admin');
    const demote = await asAdmin('PUT', `/api/users/${me.id}`, { nom: me.nom, role_id: technicien });
    expect(demote.statusCode).toBe(422);
    expect(demote.json().message).toBe(USER_ADMIN_MESSAGES.lastAdminDemote);
    // a second admin: now the first one could be demoted (we demote the second one back instead)
    const second = await createUser(t.database.db, { role: 'Administrateur' });
    const res = await asAdmin('PUT', `/api/users/${second.id}`, { nom: second.nom, role_id: technicien });
    expect(res.statusCode).toBe(200);
  });

  it('disabling revokes the refresh tokens and refuses the live access token at once (401)', async () => {
    const user = await createUser(t.database.db);
    const session = await t.login(user.username, user.password);
    expect((await t.as(session.token, { method: 'GET', url: '/api/auth/profile' })).statusCode).toBe(200);
    const res = await asAdmin('PUT', `/api/users/${user.id}`, { nom: user.nom, role_id: technicien, enabled: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ enabled: false, pending: false });
    expect((await t.as(session.token, { method: 'GET', url: '/api/auth/profile' })).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { token: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    // re-enabling does not revive the revoked refresh token
    await asAdmin('PUT', `/api/users/${user.id}`, { nom: user.nom, role_id: technicien, enabled: true });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { token: session.refreshToken },
    });
    expect(again.statusCode).toBe(401);
  });
});

describe('usernames the admin form accepts', () => {
  it('takes dotted, dashed and e-mail usernames (the demo accounts can be recreated), refuses spaces and quotes', async () => {
    for (const username of [
      `n.elfassi_${Date.now()}`,
      `k-bennani-${Date.now()}`,
      `m.tazi+${Date.now()}`.replace('+', '@'),
    ]) {
      const res = await asAdmin('POST', '/api/users', newUserPayload({ username, password: 'Chantier-Kenitra-7' }));
      expect(res.statusCode, username).toBe(201);
    }
    for (const username of ['a b c', "o'brien", 'x<y>']) {
      const res = await asAdmin('POST', '/api/users', newUserPayload({ username, password: 'Chantier-Kenitra-7' }));
      expect(res.statusCode, username).toBe(400);
      expect(res.json().message).toBe(USER_FORM_MESSAGES.usernameChars);
    }
  });
});
