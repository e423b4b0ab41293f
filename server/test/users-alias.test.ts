import { USER_ADMIN_MESSAGES } from '@gmao/domain/users/messages';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { roleId } from './helpers/admin-factories.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createRole, createUser } from './helpers/factories.ts';

// Own file: an extra administrator changes the "last admin" arithmetic of the other user tests.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('a role named Admin (an alias of Administrateur, spec §6) administers users and counts as an admin', async () => {
  await createRole(t.database.db, 'Admin', []);
  const alias = await createUser(t.database.db, { role: 'Admin', nom: 'Alias Admin' });
  const { token } = await t.login(alias.username, alias.password);
  expect((await t.as(token, { method: 'GET', url: '/api/users' })).statusCode).toBe(200);

  // with the alias admin enabled, the seeded admin may be demoted; then the alias is the last one
  const admin = await t.adminToken();
  const me = (await t.as(admin, { method: 'GET', url: '/api/auth/profile' })).json().data;
  const technicien = await roleId(t.database.db, 'Technicien');
  const demoteSeeded = await t.as(token, {
    method: 'PUT',
    url: `/api/users/${me.id}`,
    payload: { nom: me.nom, role_id: technicien },
  });
  expect(demoteSeeded.statusCode).toBe(200);
  const demoteSelf = await t.as(token, {
    method: 'PUT',
    url: `/api/users/${alias.id}`,
    payload: { nom: alias.nom, role_id: technicien },
  });
  expect(demoteSelf.statusCode).toBe(422);
  expect(demoteSelf.json().message).toBe(USER_ADMIN_MESSAGES.lastAdminDemote);
});
