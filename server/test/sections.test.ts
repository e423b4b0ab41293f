import { SECTION_MESSAGES } from '@gmao/domain/sections/section-schemas';
import { describe, expect, it } from 'vitest';
import { useAdminTestApp } from './helpers/admin-app.ts';
import { uniqueName } from './helpers/admin-factories.ts';
import { createUser } from './helpers/factories.ts';

const t = useAdminTestApp();
const { asAdmin } = t;

describe('access', () => {
  it('any authenticated user reads sections; only administrators change them', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/sections' })).statusCode).toBe(401);
    const user = await createUser(t.database.db);
    const { token } = await t.login(user.username, user.password);
    const list = await t.as(token, { method: 'GET', url: '/api/sections' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((s: { nom: string }) => s.nom)).toContain('Maintenance Électrique');
    for (const [method, url] of [
      ['POST', '/api/sections'],
      ['PUT', '/api/sections/1'],
      ['DELETE', '/api/sections/1'],
      ['GET', '/api/sections/1'],
    ] as const) {
      const res = await t.as(token, { method, url, payload: method === 'POST' || method === 'PUT' ? {} : undefined });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});

describe('section lifecycle', () => {
  it('creates a section whose responsible person joins it; lists it with member count', async () => {
    const chief = await createUser(t.database.db, { nom: 'Rachid Bennani' });
    const nom = uniqueName('Électricité HT');
    const res = await asAdmin('POST', '/api/sections', { nom, description: 'Haute tension', responsable_id: chief.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      nom,
      description: 'Haute tension',
      responsable_id: chief.id,
      responsable: { id: chief.id, nom: 'Rachid Bennani', username: chief.username },
      memberCount: 1,
    });
    const list = (await asAdmin('GET', '/api/sections')).json().data;
    expect(list.find((s: { nom: string }) => s.nom === nom).memberCount).toBe(1);
  });

  it('moving the responsible person to another section keeps one responsibility per person', async () => {
    const chief = await createUser(t.database.db);
    const a = (await asAdmin('POST', '/api/sections', { nom: uniqueName('A'), responsable_id: chief.id })).json().data;
    const b = (await asAdmin('POST', '/api/sections', { nom: uniqueName('B'), responsable_id: chief.id })).json().data;
    expect(b).toMatchObject({ responsable_id: chief.id, memberCount: 1 });
    const aAfter = (await asAdmin('GET', `/api/sections/${a.id}`)).json().data;
    expect(aAfter).toMatchObject({ responsable: null, memberCount: 0 });
    // moving the user out of b through the users API also ends the responsibility
    const tech = (await asAdmin('GET', `/api/users/${chief.id}`)).json().data;
    await asAdmin('PUT', `/api/users/${chief.id}`, { nom: tech.nom, role_id: tech.role_id, section_id: a.id });
    expect((await asAdmin('GET', `/api/sections/${b.id}`)).json().data.responsable).toBeNull();
    expect((await asAdmin('GET', `/api/users/${chief.id}`)).json().data.section).toMatchObject({
      id: a.id,
      isResponsible: false,
    });
  });

  it('updates name, description and responsible; refuses duplicates (409) and unknown users (400)', async () => {
    const s = (await asAdmin('POST', '/api/sections', { nom: uniqueName('C') })).json().data;
    const dup = await asAdmin('PUT', `/api/sections/${s.id}`, { nom: 'maintenance électrique' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(SECTION_MESSAGES.nameTaken);
    const ghost = await asAdmin('PUT', `/api/sections/${s.id}`, { nom: s.nom, responsable_id: 999999 });
    expect(ghost.statusCode).toBe(400);
    expect(ghost.json().message).toBe(SECTION_MESSAGES.unknownResponsible);
    const ok = await asAdmin('PUT', `/api/sections/${s.id}`, { nom: `${s.nom} bis`, description: '' });
    expect(ok.json().data).toMatchObject({ nom: `${s.nom} bis`, description: null });
    const blank = await asAdmin('POST', '/api/sections', { nom: '' });
    expect(blank.json().details[0].msg).toBe(SECTION_MESSAGES.nomRequired);
  });

  it('a section with users cannot be deleted (409); an empty one can', async () => {
    const s = (await asAdmin('POST', '/api/sections', { nom: uniqueName('D') })).json().data;
    const user = await createUser(t.database.db, { sectionId: s.id });
    const refused = await asAdmin('DELETE', `/api/sections/${s.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SECTION_MESSAGES.hasMembers(1));
    await asAdmin('DELETE', `/api/users/${user.id}`);
    expect((await asAdmin('DELETE', `/api/sections/${s.id}`)).statusCode).toBe(200);
    expect((await asAdmin('DELETE', `/api/sections/${s.id}`)).statusCode).toBe(404);
  });
});
