import { ALL_PERMISSIONS } from '@gmao/domain/auth/permissions';
import { ROLE_MESSAGES } from '@gmao/domain/roles/role-schemas';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from './helpers/admin-app.ts';
import { roleId, uniqueName } from './helpers/admin-factories.ts';
import { createUser } from './helpers/factories.ts';

const t = useAdminTestApp();
const { asAdmin } = t;

describe('access', () => {
  it('roles and permissions are for administrators only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/roles' })).statusCode).toBe(401);
    const user = await createUser(t.database.db, { role: 'Responsable' });
    const { token } = await t.login(user.username, user.password);
    for (const [method, url] of [
      ['GET', '/api/roles'],
      ['GET', '/api/permissions'],
      ['POST', '/api/roles'],
      ['PUT', '/api/roles/1'],
      ['DELETE', '/api/roles/1'],
    ] as const) {
      const res = await t.as(token, { method, url, payload: method === 'POST' || method === 'PUT' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('GET /api/permissions and /api/roles', () => {
  it('lists every permission with module, action and description', async () => {
    const res = await asAdmin('GET', '/api/permissions');
    expect(res.statusCode).toBe(200);
    const names = res.json().data.map((p: { name: string }) => p.name);
    expect(names.sort()).toEqual([...ALL_PERMISSIONS].sort());
    expect(res.json().data.find((p: { name: string }) => p.name === 'clients:read')).toMatchObject({
      module: 'clients',
      action: 'read',
      description: 'Consulter les clients',
    });
  });

  it('lists roles with their permissions and user counts, Administrateur first', async () => {
    await createUser(t.database.db, { role: 'Technicien' });
    const res = await asAdmin('GET', '/api/roles');
    expect(res.statusCode).toBe(200);
    const roles = res.json().data;
    expect(roles[0]).toMatchObject({ nom: 'Administrateur', isAdmin: true, userCount: 1 });
    expect(roles[0].permissions).toHaveLength(ALL_PERMISSIONS.length);
    const tech = roles.find((r: { nom: string }) => r.nom === 'Technicien');
    expect(tech.userCount).toBeGreaterThanOrEqual(1);
    expect(tech.permissions).toContain('interventions:update');
    expect(tech.isAdmin).toBe(false);
  });
});

describe('role lifecycle', () => {
  it('creates, updates and deletes a role with its permission set', async () => {
    const nom = uniqueName('Magasinier');
    const created = await asAdmin('POST', '/api/roles', {
      nom,
      description: 'Gère le stock',
      permissions: ['equipment:read', 'equipment:update'],
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({
      nom,
      userCount: 0,
      permissions: ['equipment:read', 'equipment:update'],
    });
    const id = created.json().data.id;

    const updated = await asAdmin('PUT', `/api/roles/${id}`, { nom: `${nom}2`, permissions: ['clients:read'] });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ nom: `${nom}2`, description: null, permissions: ['clients:read'] });

    // the new permissions reach the role's users on their next request
    const user = await createUser(t.database.db, { role: `${nom}2` });
    const { token } = await t.login(user.username, user.password);
    expect((await t.as(token, { method: 'GET', url: '/api/auth/profile' })).json().data.permissions).toEqual([
      'clients:read',
    ]);

    const inUse = await asAdmin('DELETE', `/api/roles/${id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(ROLE_MESSAGES.inUse(1));

    await asAdmin('PUT', `/api/users/${user.id}`, {
      nom: user.nom,
      role_id: await roleId(t.database.db, 'Technicien'),
    });
    const deleted = await asAdmin('DELETE', `/api/roles/${id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await asAdmin('GET', `/api/roles/${id}`)).statusCode).toBe(404);
  });

  it('refuses duplicate names (any case), reserved admin names and unknown permissions', async () => {
    const dup = await asAdmin('POST', '/api/roles', { nom: 'technicien', permissions: [] });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(ROLE_MESSAGES.nameTaken);
    const reserved = await asAdmin('POST', '/api/roles', { nom: 'Admin', permissions: [] });
    expect(reserved.statusCode).toBe(409);
    expect(reserved.json().message).toBe(ROLE_MESSAGES.reservedName);
    const unknown = await asAdmin('POST', '/api/roles', { nom: uniqueName('X'), permissions: ['nuclear:launch'] });
    expect(unknown.statusCode).toBe(400);
    const blank = await asAdmin('POST', '/api/roles', { nom: '  ', permissions: [] });
    expect(blank.json().details[0].msg).toBe(ROLE_MESSAGES.nomRequired);
  });

  it('the Administrateur role cannot lose permissions, be renamed or be deleted', async () => {
    const id = await roleId(t.database.db, 'Administrateur');
    const lose = await asAdmin('PUT', `/api/roles/${id}`, { nom: 'Administrateur', permissions: ['clients:read'] });
    expect(lose.statusCode).toBe(422);
    expect(lose.json().message).toBe(ROLE_MESSAGES.adminRoleLocked);
    const rename = await asAdmin('PUT', `/api/roles/${id}`, { nom: 'Chef', permissions: ALL_PERMISSIONS });
    expect(rename.statusCode).toBe(422);
    const describe = await asAdmin('PUT', `/api/roles/${id}`, {
      nom: 'Administrateur',
      description: 'Tout',
      permissions: ALL_PERMISSIONS,
    });
    expect(describe.statusCode).toBe(200);
    expect(describe.json().data.permissions).toHaveLength(ALL_PERMISSIONS.length);
    expect((await asAdmin('DELETE', `/api/roles/${id}`)).statusCode).toBe(422);
  });
});
