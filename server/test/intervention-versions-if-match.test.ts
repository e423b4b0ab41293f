import { POLICY_MESSAGES } from '@gmao/domain/interventions/policy';
import { VERSION_CONFLICT_CODE, VERSION_MESSAGES } from '@gmao/domain/interventions/version-schemas';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers/app.ts';
import { createIntervention, createUser } from './helpers/factories.ts';
import { url, useVersionFixtures } from './helpers/version-fixtures.ts';

/**
 * Versions of an intervention (ARCHITECTURE.md "Versions and sync"), the writer's side: If-Match or body `version`
 * compared under the row lock (409 VERSION_CONFLICT with the current state, nothing written), rights before the
 * version, no version = the behaviour of before, and the OpenAPI description. The version numbers themselves (+1 per
 * accepted write, ETag on GET) are in intervention-versions.test.ts.
 */
const { fixtures, send, stored, upload, firstChecklistItem } = useVersionFixtures();
let t: TestApp;
let adminId: number;
beforeAll(() => {
  ({ t, adminId } = fixtures);
});

const historyCount = async (id: number) =>
  (
    await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM intervention_history WHERE intervention_id = ${id}`,
    )
  ).rows[0].n;

describe('If-Match and body version', () => {
  it('a stale If-Match is a 409 VERSION_CONFLICT with the current intervention, and nothing is written', async () => {
    const i = await createIntervention(t.database.db);
    // Tab A moves it on (version 1 → 2); tab B still shows version 1.
    const moved = await send('PUT', url(i.id, '/status'), { statut: 'EN_COURS' }, { 'if-match': '"v1"' });
    expect(moved.statusCode).toBe(200);
    expect(moved.headers.etag).toBe('"v2"');
    const historyBefore = await historyCount(i.id);
    const stale = await send('PUT', url(i.id, '/status'), { statut: 'ANNULEE' }, { 'if-match': '"v1"' });
    expect(stale.statusCode).toBe(409);
    const body = stale.json();
    expect(body).toMatchObject({ success: false, code: VERSION_CONFLICT_CODE, message: VERSION_MESSAGES.conflict });
    expect(body.data).toMatchObject({ id: i.id, statut: 'EN_COURS', version: 2 });
    expect(await stored(i.id)).toMatchObject({ statut: 'EN_COURS', version: 2 });
    expect(await historyCount(i.id)).toBe(historyBefore);
  });

  it('refuses a stale version on every kind of single-intervention write, writing nothing', async () => {
    const i = await createIntervention(t.database.db, { creerPar: adminId });
    const itemId = await firstChecklistItem(i.id);
    const material = await send('POST', url(i.id, '/materials'), {
      designation: 'Joint',
      quantite: '1',
      prixUnitaire: '5',
    });
    const comment = await send('POST', url(i.id, '/comments'), { comment: 'Vu' });
    const current = (await stored(i.id)).version;
    const stale = { 'if-match': `"v${current - 1}"` };
    const writes: [string, InjectOptions['method'], string, object?][] = [
      ['fields', 'PUT', url(i.id), { description: 'Autre' }],
      ['note', 'POST', url(i.id, '/workflow/notes'), { note: 'Note' }],
      ['tick', 'PUT', url(i.id, `/checklist/${itemId}`), { checked: true }],
      ['diagnostic', 'POST', url(i.id, '/diagnostic'), { constat: 'Usure' }],
      ['material', 'POST', url(i.id, '/materials'), { designation: 'Vis', quantite: '1', prixUnitaire: '1' }],
      ['material delete', 'DELETE', url(i.id, `/materials/${material.json().data.id}`)],
      ['comment delete', 'DELETE', url(i.id, `/comments/${comment.json().data.id}`)],
      ['timer', 'POST', url(i.id, '/timer/start')],
      ['assign', 'PUT', url(i.id, '/assign'), { technicianId: adminId }],
      ['trash', 'PUT', url(i.id, '/soft-delete')],
      ['delete', 'DELETE', url(i.id)],
    ];
    for (const [name, method, path, payload] of writes) {
      const res = await send(method, path, payload, stale);
      expect(res.statusCode, name).toBe(409);
      expect(res.json().code, name).toBe(VERSION_CONFLICT_CODE);
      expect(res.json().data.version, name).toBe(current);
    }
    const row = await stored(i.id);
    expect(row).toMatchObject({ version: current, statut: 'PLANIFIEE', technician_id: null });
    const upload409 = await upload(i.id, stale);
    expect(upload409.statusCode).toBe(409);
    const attachments = (await send('GET', url(i.id, '/attachments'))).json().data;
    expect(attachments).toEqual([]);
    expect((await send('GET', url(i.id))).json().data.description).toBe('Maintenance préventive annuelle');
  });

  it('the current version passes and the answer carries the next ETag', async () => {
    const i = await createIntervention(t.database.db);
    const res = await send('PUT', url(i.id), { description: 'Nouvelle description' }, { 'if-match': '"v1"' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.version).toBe(2);
    expect(res.headers.etag).toBe('"v2"');
  });

  it('without If-Match nor version, writes behave as before: the last one wins', async () => {
    const i = await createIntervention(t.database.db);
    expect((await send('PUT', url(i.id), { description: 'Première' })).statusCode).toBe(200);
    const second = await send('PUT', url(i.id), { description: 'Seconde' });
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({ description: 'Seconde', version: 3 });
  });

  it('`version` in the body works like If-Match; both must agree; If-Match: * asks nothing', async () => {
    const i = await createIntervention(t.database.db);
    const ok = await send('PUT', url(i.id, '/status'), { statut: 'EN_COURS', version: 1 });
    expect(ok.statusCode).toBe(200);
    const stale = await send('PUT', url(i.id, '/status'), { statut: 'EN_PAUSE', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().data.statut).toBe('EN_COURS');
    const disagree = await send(
      'PUT',
      url(i.id, '/status'),
      { statut: 'EN_PAUSE', version: 2 },
      { 'if-match': '"v1"' },
    );
    expect(disagree.statusCode).toBe(400);
    expect(disagree.json().message).toBe(VERSION_MESSAGES.versionsDiffer);
    const any = await send('PUT', url(i.id, '/status'), { statut: 'EN_PAUSE' }, { 'if-match': '*' });
    expect(any.statusCode).toBe(200);
    expect(await stored(i.id)).toMatchObject({ statut: 'EN_PAUSE', version: 3 });
  });

  it('a malformed If-Match or body version is a 400 with a French message', async () => {
    const i = await createIntervention(t.database.db);
    for (const header of ['v1', '"1"', 'W/"v1"', '"v0"', '"v1", "v2"', '"vx"']) {
      const res = await send('PUT', url(i.id, '/status'), { statut: 'EN_COURS' }, { 'if-match': header });
      expect(res.statusCode, header).toBe(400);
      expect(res.json().message, header).toBe(VERSION_MESSAGES.ifMatchInvalid);
    }
    for (const version of [0, -1, 1.5, '1']) {
      const res = await send('PUT', url(i.id, '/status'), { statut: 'EN_COURS', version });
      expect(res.statusCode, String(version)).toBe(400);
      expect(res.json().message).toBe(VERSION_MESSAGES.versionInvalid);
    }
    expect(await stored(i.id)).toMatchObject({ statut: 'PLANIFIEE', version: 1 });
  });

  it('rights come before the version: a technician on someone else’s intervention gets 403, not 409', async () => {
    const i = await createIntervention(t.database.db, { creerPar: adminId });
    const tech = await createUser(t.database.db);
    const { token } = await t.login(tech.username, tech.password);
    const res = await t.as(token, {
      method: 'PUT',
      url: url(i.id, '/status'),
      headers: { 'if-match': '"v9"' },
      payload: { statut: 'EN_COURS' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(POLICY_MESSAGES.notInvolved);
  });

  it('two tabs writing on the same version at once: one wins, the other gets the 409 (compared under the lock)', async () => {
    const i = await createIntervention(t.database.db);
    const [a, b] = await Promise.all([
      send('PUT', url(i.id, '/status'), { statut: 'EN_COURS' }, { 'if-match': '"v1"' }),
      send('PUT', url(i.id, '/status'), { statut: 'ANNULEE' }, { 'if-match': '"v1"' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const winner = a.statusCode === 200 ? a : b;
    const loser = a.statusCode === 200 ? b : a;
    expect(loser.json().data.statut).toBe(winner.json().data.statut);
    expect(await stored(i.id)).toMatchObject({ statut: winner.json().data.statut, version: 2 });
    expect(await historyCount(i.id)).toBe(1);
  });

  it('OpenAPI documents If-Match on the writes and the ETag on GET', async () => {
    const doc = (await send('GET', '/api/docs/json')).json();
    const put = doc.paths['/api/interventions/{id}/status'].put;
    expect(put.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toContain('header:if-match');
    expect(put.description).toContain('VERSION_CONFLICT');
    expect(doc.paths['/api/interventions/{id}'].get.summary).toContain('ETag');
  });
});
