import createClient from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// Written from the server's OpenAPI document by `npm run openapi:types` (openapi-typescript), which `npm run
// typecheck` runs first: this file is typechecked against the document as the server builds it now, so a path, a
// parameter or a body that changes in the server without its document (or the other way round) fails the typecheck.
import type { paths } from './generated/gmao-api.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createEquipment, createRole, createUser } from './helpers/factories.ts';

/** Issue 35: an integrator's generated client, authenticated with an API token, creates and completes an intervention. */
let t: TestApp;
let baseUrl: string;
let equipementId: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  equipementId = (await createEquipment(t.database.db)).id;
});
afterAll(() => t.close());

describe('a client generated from the OpenAPI document (openapi-typescript + openapi-fetch)', () => {
  it('creates a token with its session, then creates, starts and completes an intervention with the token', async () => {
    await createRole(t.database.db, 'Intégration GTB', [
      'interventions:read',
      'interventions:create',
      'interventions:update',
    ]);
    const owner = await createUser(t.database.db, { role: 'Intégration GTB', nom: 'Compte de service GTB' });
    const session = createClient<paths>({ baseUrl });
    const login = await session.POST('/api/auth/login', {
      body: { username: owner.username, password: owner.password },
    });
    expect(login.response.status).toBe(200);
    const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
    const created = await session.POST('/api/tokens', {
      headers: bearer(login.data!.data.token),
      body: {
        nom: 'GTB site de Tanger',
        scopes: ['interventions:read', 'interventions:create', 'interventions:update'],
        expire_le: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
      },
    });
    expect(created.response.status, JSON.stringify(created.error)).toBe(201);
    const token = created.data!.data.token;
    expect(token).toMatch(/^gmao_pat_/);

    const api = createClient<paths>({ baseUrl, headers: bearer(token) });
    const opened = await api.POST('/api/interventions', {
      body: {
        equipement_id: equipementId,
        description: 'Alarme GTB : surchauffe du transformateur T2',
        date: new Date().toISOString().slice(0, 10),
        urgence: true,
      },
    });
    expect(opened.response.status, JSON.stringify(opened.error)).toBe(201);
    const id = opened.data!.data.id;
    for (const statut of ['EN_COURS', 'TERMINEE'] as const) {
      const moved = await api.PUT('/api/interventions/{id}/status', { params: { path: { id } }, body: { statut } });
      expect(moved.response.status, JSON.stringify(moved.error)).toBe(200);
    }
    const read = await api.GET('/api/interventions/{id}', { params: { path: { id } } });
    expect(read.data!.data).toMatchObject({ id, statut: 'TERMINEE', urgence: true });

    // the same client, as its token's scopes say: no user administration
    const users = await api.GET('/api/users');
    expect(users.response.status).toBe(403);
  });
});
