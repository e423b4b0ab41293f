import { ACTIVITY_MESSAGES } from '@gmao/domain/interventions/messages';
import { POLICY_MESSAGES } from '@gmao/domain/interventions/policy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createIntervention, createRole, createUser } from './helpers/factories.ts';

let t: TestApp;
let admin: string;
let alice: { id: number; token: string };
let bob: { id: number; token: string };
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  await createRole(t.database.db, 'Technicien commentaires', ['interventions:read', 'interventions:update']);
  for (const [nom, set] of [
    ['Alice Idrissi', (v: typeof alice) => (alice = v)],
    ['Bob Lahlou', (v: typeof bob) => (bob = v)],
  ] as const) {
    const u = await createUser(t.database.db, { nom, role: 'Technicien commentaires' });
    set({ id: u.id, token: (await t.login(u.username, u.password)).token });
  }
});
afterAll(() => t.close());

const url = (id: number, cid?: number) => `/api/interventions/${id}/comments${cid ? `/${cid}` : ''}`;
const post = (id: number, comment: string, token = admin) =>
  t.as(token, { method: 'POST', url: url(id), payload: { comment } });

describe('comments', () => {
  it('adds comments and lists them newest first with paging counted in SQL', async () => {
    const i = await createIntervention(t.database.db);
    const first = await post(i.id, 'Pièce commandée chez le fournisseur', alice.token);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      message: ACTIVITY_MESSAGES.commentCreated,
      data: {
        comment: 'Pièce commandée chez le fournisseur',
        auteur: { id: alice.id, nom: 'Alice Idrissi' },
        edited: false,
      },
    });
    for (const n of [2, 3]) await post(i.id, `Commentaire ${n}`, bob.token);
    const page1 = (await t.as(admin, { method: 'GET', url: `${url(i.id)}?limit=2` })).json();
    expect(page1.pagination).toEqual({ total: 3, pages: 2, page: 1, limit: 2 });
    expect(page1.data.map((c: { comment: string }) => c.comment)).toEqual(['Commentaire 3', 'Commentaire 2']);
    const page2 = (await t.as(admin, { method: 'GET', url: `${url(i.id)}?limit=2&page=2` })).json();
    expect(page2.data.map((c: { comment: string }) => c.comment)).toEqual(['Pièce commandée chez le fournisseur']);
  });

  it('only the author or a holder of interventions:assign (here the administrator) may edit or delete', async () => {
    const i = await createIntervention(t.database.db);
    const c = (await post(i.id, 'Constat initial', alice.token)).json().data;
    const byBob = await t.as(bob.token, { method: 'PUT', url: url(i.id, c.id), payload: { comment: 'Piraté' } });
    expect(byBob.statusCode).toBe(403);
    expect(byBob.json().message).toBe(POLICY_MESSAGES.notAuthor);
    expect((await t.as(bob.token, { method: 'DELETE', url: url(i.id, c.id) })).statusCode).toBe(403);

    const byAlice = await t.as(alice.token, {
      method: 'PUT',
      url: url(i.id, c.id),
      payload: { comment: 'Constat corrigé' },
    });
    expect(byAlice.statusCode).toBe(200);
    expect(byAlice.json()).toMatchObject({
      message: ACTIVITY_MESSAGES.commentUpdated,
      data: { comment: 'Constat corrigé', edited: true },
    });

    const byAdmin = await t.as(admin, { method: 'DELETE', url: url(i.id, c.id) });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().message).toBe(ACTIVITY_MESSAGES.commentDeleted);
    expect((await t.as(admin, { method: 'DELETE', url: url(i.id, c.id) })).statusCode).toBe(404);
  });

  it('validates, scopes to the intervention and needs interventions:update to write', async () => {
    const i = await createIntervention(t.database.db);
    const other = await createIntervention(t.database.db);
    const empty = await post(i.id, '   ');
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json())).toContain(ACTIVITY_MESSAGES.commentRequired);
    const c = (await post(i.id, 'ok')).json().data;
    expect((await t.as(admin, { method: 'PUT', url: url(other.id, c.id), payload: { comment: 'x' } })).statusCode).toBe(
      404,
    );
    expect((await post(999_999, 'x')).statusCode).toBe(404);

    await createRole(t.database.db, 'Lecteur commentaires', ['interventions:read']);
    const reader = await createUser(t.database.db, { role: 'Lecteur commentaires' });
    const { token } = await t.login(reader.username, reader.password);
    expect((await t.as(token, { method: 'GET', url: url(i.id) })).statusCode).toBe(200);
    expect((await post(i.id, 'x', token)).statusCode).toBe(403);
  });
});
