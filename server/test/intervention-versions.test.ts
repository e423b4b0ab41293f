import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { POLICY_MESSAGES } from '@gmao/domain/interventions/policy';
import { VERSION_CONFLICT_CODE, VERSION_MESSAGES } from '@gmao/domain/interventions/version-schemas';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createIntervention, createUser } from './helpers/factories.ts';
import { PDF } from './helpers/sample-files.ts';

/**
 * Versions of an intervention (ARCHITECTURE.md "Versions and sync"): +1 per accepted write of every kind, ETag on
 * GET, If-Match or body `version` compared under the row lock (409 VERSION_CONFLICT with the current state, nothing
 * written), no version = the behaviour of before.
 */
let t: TestApp;
let admin: string;
let adminId: number;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'gmao-versions-'));
  process.env.DATA_DIR = dataDir;
  t = await createTestApp();
  admin = await t.adminToken();
  adminId = (await t.as(admin, { method: 'GET', url: '/api/auth/profile' })).json().data.id;
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const url = (id: number, rest = '') => `/api/interventions/${id}${rest}`;
const send = (method: InjectOptions['method'], path: string, payload?: object, headers: Record<string, string> = {}) =>
  t.as(admin, { method, url: path, headers, ...(payload ? { payload } : {}) });

/** The stored row, whatever its state (trash and archive included). */
async function stored(id: number) {
  const { rows } = await t.database.db.execute<{ version: number; statut: string; technician_id: number | null }>(
    sql`SELECT version, statut, technician_id FROM interventions WHERE id = ${id}`,
  );
  return rows[0];
}
const historyCount = async (id: number) =>
  (
    await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM intervention_history WHERE intervention_id = ${id}`,
    )
  ).rows[0].n;

const BOUNDARY = '----gmaoversionboundary';
const multipart = (content: Buffer) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="mesures.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
const upload = (id: number, headers: Record<string, string> = {}) =>
  t.as(admin, {
    method: 'POST',
    url: url(id, '/attachments'),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
    payload: multipart(PDF),
  });

const firstChecklistItem = async (id: number) => {
  const res = await send('POST', url(id, '/checklist'), { label: 'Contrôle visuel' });
  return res.json().data.items[0].id as number;
};

describe('version and ETag', () => {
  it('a new intervention is at version 1; GET answers it in the body and as ETag "v1", the workflow carries it', async () => {
    const created = await createIntervention(t.database.db);
    const res = await send('GET', url(created.id));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.version).toBe(1);
    expect(res.headers.etag).toBe('"v1"');
    expect((await send('GET', url(created.id, '/workflow'))).json().data.version).toBe(1);
    const posted = await send('POST', '/api/interventions', {
      equipement_id: created.equipementId,
      date: '2026-03-02',
    });
    expect(posted.json().data.version).toBe(1);
    const listed = (await send('GET', `/api/interventions?equipement_id=${created.equipementId}`)).json().data;
    expect(listed.map((i: { version: number }) => i.version)).toEqual([1, 1]);
  });
});

describe('every kind of write raises the version by exactly one', () => {
  it('fields, status, notes, records, checklist, materials, comments, timer, assignment, comptes rendus, review, attachments, lifecycle', async () => {
    const tech = await createUser(t.database.db, { nom: 'Karim Technicien' });
    const i = await createIntervention(t.database.db, { creerPar: adminId });
    const id = i.id;
    const itemId = await firstChecklistItem(id); // +1 (checklist add)
    const steps: [string, () => Promise<{ statusCode: number; json(): { data: { id?: number } } }>][] = [
      ['PUT /:id fields', () => send('PUT', url(id), { description: 'Remplacement du roulement' })],
      ['checklist tick', () => send('PUT', url(id, `/checklist/${itemId}`), { checked: true })],
      ['workflow note', () => send('POST', url(id, '/workflow/notes'), { note: 'Client prévenu' })],
      ['diagnostic', () => send('POST', url(id, '/diagnostic'), { constat: 'Roulement usé' })],
      [
        'planification with its technician',
        () => send('PUT', url(id, '/planification'), { datePrevue: '2026-12-01', technicianId: tech.id }),
      ],
      ['unassign', () => send('DELETE', url(id, '/assign'))],
      ['assign', () => send('PUT', url(id, '/assign'), { technicianId: tech.id })],
      ['status', () => send('PUT', url(id, '/status'), { statut: 'EN_COURS' })],
      ['timer start', () => send('POST', url(id, '/timer/start'))],
      ['timer stop', () => send('POST', url(id, '/timer/stop'))],
      ['quality control', () => send('POST', url(id, '/controle-qualite'), { resultat: 'CONFORME' })],
      [
        'material',
        () => send('POST', url(id, '/materials'), { designation: 'Roulement 6204', quantite: '2', prixUnitaire: '85' }),
      ],
      ['comment', () => send('POST', url(id, '/comments'), { comment: 'Pièce en stock' })],
      ['compte rendu', () => send('POST', url(id, '/report'), { titre: 'Visite', contenu: 'RAS' })],
      ['attachment', () => upload(id)],
      ['PUT /:id with a statut', () => send('PUT', url(id), { statut: 'TERMINEE' })],
      ['review submit', () => send('POST', url(id, '/review/submit'), {})],
      ['review approve', () => send('POST', url(id, '/review/approve'), {})],
      ['archive', () => send('PUT', url(id, '/archive'))],
      ['unarchive', () => send('PUT', url(id, '/unarchive'))],
    ];
    const created: Record<string, number> = {};
    for (const [name, write] of steps) {
      const before = (await stored(id)).version;
      const res = await write();
      expect(res.statusCode, name).toBeLessThan(300);
      expect((await stored(id)).version, name).toBe(before + 1);
      const dataId = res.json().data?.id;
      if (typeof dataId === 'number') created[name] = dataId;
    }
    // Changes and deletions of items, then the checklist step removal and the trash.
    const itemWrites: [string, () => Promise<{ statusCode: number }>][] = [
      ['material edit', () => send('PUT', url(id, `/materials/${created.material}`), { quantite: '3' })],
      ['comment edit', () => send('PUT', url(id, `/comments/${created.comment}`), { comment: 'Pièce commandée' })],
      [
        'compte rendu edit',
        () => send('PUT', url(id, `/reports/${created['compte rendu']}`), { titre: 'Visite', contenu: 'OK' }),
      ],
      ['material delete', () => send('DELETE', url(id, `/materials/${created.material}`))],
      ['comment delete', () => send('DELETE', url(id, `/comments/${created.comment}`))],
      ['attachment delete', () => send('DELETE', url(id, `/attachments/${created.attachment}`))],
      ['checklist remove', () => send('DELETE', url(id, `/checklist/${itemId}`))],
      ['soft-delete', () => send('PUT', url(id, '/soft-delete'))],
      ['restore', () => send('PUT', url(id, '/restore'))],
    ];
    for (const [name, write] of itemWrites) {
      const before = (await stored(id)).version;
      const res = await write();
      expect(res.statusCode, name).toBeLessThan(300);
      expect((await stored(id)).version, name).toBe(before + 1);
    }
  });

  it('a refused write (422, 403, 409) leaves the version as it was', async () => {
    const i = await createIntervention(t.database.db, { statut: 'TERMINEE' });
    const before = (await stored(i.id)).version;
    expect((await send('PUT', url(i.id, '/status'), { statut: 'EN_PAUSE' })).statusCode).toBe(422);
    expect((await send('POST', url(i.id, '/timer/stop'))).statusCode).toBe(409);
    const other = await createUser(t.database.db, { nom: 'Badr Technicien' });
    const session = await t.login(other.username, other.password);
    const refused = await t.as(session.token, {
      method: 'PUT',
      url: url(i.id, '/status'),
      payload: { statut: 'PLANIFIEE' },
    });
    expect(refused.statusCode).toBe(403);
    expect((await stored(i.id)).version).toBe(before);
  });

  it('bulk status and bulk assignment raise each intervention that changes, and only those', async () => {
    const tech = await createUser(t.database.db, { nom: 'Hamza Technicien' });
    const a = await createIntervention(t.database.db);
    const b = await createIntervention(t.database.db, { statut: 'EN_COURS', technicianId: tech.id });
    const status = await send('PUT', '/api/interventions/bulk/status', { ids: [a.id, b.id], status: 'EN_COURS' });
    expect(status.statusCode).toBe(200);
    expect([(await stored(a.id)).version, (await stored(b.id)).version]).toEqual([2, 1]);
    const assign = await send('PUT', '/api/interventions/bulk/assign', { ids: [a.id, b.id], technicianId: tech.id });
    expect(assign.statusCode).toBe(200);
    expect([(await stored(a.id)).version, (await stored(b.id)).version]).toEqual([3, 1]);
  });
});

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
