import { SERVER_MESSAGES } from '@gmao/domain/common/messages';
import { USER_ADMIN_MESSAGES } from '@gmao/domain/users/messages';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from './helpers/admin-app.ts';
import { createSection, roleId, uniqueName } from './helpers/admin-factories.ts';
import { createClient, createUser } from './helpers/factories.ts';

const t = useAdminTestApp();
const { asAdmin } = t;

describe('DELETE /api/users/:id', () => {
  it('nobody deletes their own account (403)', async () => {
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/profile',
      headers: { authorization: `Bearer ${t.admin}` },
    });
    const res = await asAdmin('DELETE', `/api/users/${me.json().data.id}`);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(USER_ADMIN_MESSAGES.cannotDeleteSelf);
  });

  it('soft-deletes: records keep their author name, the session dies, the username is free again', async () => {
    const user = await createUser(t.database.db, { nom: 'Hassan Ouazzani' });
    const session = await t.login(user.username, user.password);
    const client = await createClient(t.database.db, { creerPar: user.id });
    const section = await createSection(t.database.db, { responsableId: user.id });
    await t.database.db.execute(sql`UPDATE users SET section_id = ${section.id} WHERE id = ${user.id}`);

    const res = await asAdmin('DELETE', `/api/users/${user.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Utilisateur supprimé avec succès');

    const { rows } = await t.database.db.execute<{ nom: string }>(
      sql`SELECT u.nom FROM clients c JOIN users u ON u.id = c.creer_par WHERE c.id = ${client.id}`,
    );
    expect(rows[0].nom).toBe('Hassan Ouazzani');
    expect((await asAdmin('GET', `/api/users/${user.id}`)).statusCode).toBe(404);
    expect((await asAdmin('GET', `/api/users?search=${user.username}`)).json().pagination.total).toBe(0);
    expect((await t.as(session.token, { method: 'GET', url: '/api/auth/profile' })).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh-token',
      payload: { token: session.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    // the section lost its responsible person and its member
    const sections = (await asAdmin('GET', '/api/sections')).json().data;
    expect(sections.find((s: { id: number }) => s.id === section.id)).toMatchObject({
      responsable: null,
      memberCount: 0,
    });
    // the username can be given to someone else
    const again = await asAdmin('POST', '/api/users', {
      nom: 'Autre',
      username: user.username,
      password: 'Atelier2024',
      role_id: await roleId(t.database.db, 'Technicien'),
    });
    expect(again.statusCode).toBe(201);
    expect((await asAdmin('DELETE', `/api/users/${user.id}`)).statusCode).toBe(404);
  });

  it('another administrator can be deleted while one enabled admin remains', async () => {
    const other = await createUser(t.database.db, { role: 'Administrateur' });
    expect((await asAdmin('DELETE', `/api/users/${other.id}`)).statusCode).toBe(200);
  });
});

describe('self-registration activation', () => {
  const register = async () => {
    const username = uniqueName('reg');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { nom: 'Salma Idrissi', username, password: 'Atelier2024', section: 'Atelier inconnu' },
    });
    expect(res.statusCode).toBe(201);
    return { id: res.json().data.user.id as number, username };
  };

  it('a pending account shows as Inactif + pending, is counted, and can be activated with role and section', async () => {
    const { id, username } = await register();
    const pending = await asAdmin('GET', '/api/users?pending=true&limit=100');
    const row = pending.json().data.find((u: { id: number }) => u.id === id);
    expect(row).toMatchObject({ enabled: false, pending: true, requestedSection: 'Atelier inconnu', section: null });
    expect(pending.json().pagination.total).toBeGreaterThanOrEqual(1);
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username, password: 'Atelier2024' },
    });
    expect(denied.statusCode).toBe(403);

    const section = await createSection(t.database.db);
    const technicien = await roleId(t.database.db, 'Technicien');
    const res = await asAdmin('POST', `/api/users/${id}/activate`, { role_id: technicien, section_id: section.id });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(USER_ADMIN_MESSAGES.activated);
    expect(res.json().data).toMatchObject({
      enabled: true,
      pending: false,
      role: { nom: 'Technicien' },
      section: { id: section.id },
    });
    const login = await t.login(username, 'Atelier2024');
    expect(login.token).toEqual(expect.any(String));
    const stillPending = (await asAdmin('GET', '/api/users?pending=true&limit=100')).json().data;
    expect(stillPending.some((u: { id: number }) => u.id === id)).toBe(false);
  });

  it('activation keeps the registration role when none is given; a disabled (not pending) account is not pending', async () => {
    const { id } = await register();
    const res = await asAdmin('POST', `/api/users/${id}/activate`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ enabled: true, role: { nom: 'Consultation' } });
    const put = await asAdmin('PUT', `/api/users/${id}`, {
      nom: 'Salma Idrissi',
      role_id: res.json().data.role_id,
      enabled: false,
    });
    expect(put.json().data).toMatchObject({ enabled: false, pending: false });
  });

  it('a disabled account created by an admin can also be enabled through PUT', async () => {
    const created = await asAdmin('POST', '/api/users', {
      nom: 'Omar Tazi',
      username: uniqueName('omar'),
      password: 'Atelier2024',
      role_id: await roleId(t.database.db, 'Technicien'),
      enabled: false,
    });
    expect(created.json().data).toMatchObject({ enabled: false, pending: true });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { username: created.json().data.username, password: 'Atelier2024' },
    });
    expect(login.json().message).toBe(SERVER_MESSAGES.accountDisabled);
    const res = await asAdmin('PUT', `/api/users/${created.json().data.id}`, {
      nom: 'Omar Tazi',
      role_id: created.json().data.role_id,
      enabled: true,
    });
    expect(res.json().data).toMatchObject({ enabled: true, pending: false });
  });
});

describe('section responsibility on the user', () => {
  it('the responsible user’s section object carries isResponsible', async () => {
    const user = await createUser(t.database.db);
    const res = await asAdmin('POST', '/api/sections', { nom: uniqueName('Froid'), responsable_id: user.id });
    expect(res.statusCode).toBe(201);
    const detail = (await asAdmin('GET', `/api/users/${user.id}`)).json().data;
    expect(detail.section).toEqual({ id: res.json().data.id, nom: res.json().data.nom, isResponsible: true });
    // the session sees it too (spec §6: a section manager)
    const { token } = await t.login(user.username, user.password);
    const profile = await t.as(token, { method: 'GET', url: '/api/auth/profile' });
    expect(profile.json().data.isResponsible).toBe(true);
  });
});
