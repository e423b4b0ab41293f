import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LIFECYCLE_MESSAGES as M } from '@gmao/domain/interventions/lifecycle-schemas';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createIntervention, createUser } from './helpers/factories.ts';

let t: TestApp;
let admin: string;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'gmao-lifecycle-'));
  process.env.DATA_DIR = dataDir;
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const put = (id: number, action: string, token = admin) =>
  t.as(token, { method: 'PUT', url: `/api/interventions/${id}/${action}` });
const get = (url: string, token = admin) => t.as(token, { method: 'GET', url: `/api/interventions${url}` });
const listIds = async (query: string) =>
  ((await get(`?limit=100&${query}`)).json().data as { id: number }[]).map((r) => r.id);
const notes = async (id: number) => {
  const { rows } = await t.database.db.execute<{ note: string }>(
    sql`SELECT note FROM intervention_history WHERE intervention_id = ${id} ORDER BY id`,
  );
  return rows.map((r) => r.note);
};
const token = async (role: string) => {
  const u = await createUser(t.database.db, { role });
  return (await t.login(u.username, u.password)).token;
};

describe('soft-delete and restore', () => {
  it('moves to the trash (hidden from list, detail and status counts), then restores, with history notes', async () => {
    const i = await createIntervention(t.database.db, { description: 'lifecycle-trash' });
    const before = (await get('/status-counts?search=lifecycle-trash')).json().data.total;
    const res = await put(i.id, 'soft-delete');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(M.softDeleted);
    // the spec's delete message (§8), then where it went
    expect(M.softDeleted).toBe(
      'Intervention supprimée avec succès : déplacée dans la Corbeille — restaurable depuis Interventions → Corbeille',
    );
    expect(res.json().data.deletedAt).not.toBeNull();
    expect(await listIds('search=lifecycle-trash')).toEqual([]);
    expect(await listIds('search=lifecycle-trash&scope=deleted')).toEqual([i.id]);
    expect((await get(`/${i.id}`)).statusCode).toBe(404);
    expect((await get('/status-counts?search=lifecycle-trash')).json().data.total).toBe(before - 1);
    expect((await put(i.id, 'soft-delete')).json().message).toBe(M.alreadyDeleted);
    expect((await put(i.id, 'archive')).statusCode).toBe(409);

    const restored = await put(i.id, 'restore');
    expect(restored.statusCode).toBe(200);
    expect(restored.json().message).toBe(M.restored);
    expect(await listIds('search=lifecycle-trash')).toEqual([i.id]);
    expect((await put(i.id, 'restore')).statusCode).toBe(409);
    expect(await notes(i.id)).toEqual([M.historySoftDeleted, M.historyRestored]);
  });

  it('refuses while a timer runs; can-delete says why', async () => {
    const i = await createIntervention(t.database.db, { statut: 'EN_COURS' });
    await t.as(admin, { method: 'POST', url: `/api/interventions/${i.id}/timer/start` });
    const check = (await get(`/${i.id}/can-delete`)).json().data;
    expect(check).toMatchObject({ canDelete: false, reasons: [M.runningTimer], dependencies: { timerSessions: 1 } });
    const res = await put(i.id, 'soft-delete');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(M.runningTimer);
    await t.as(admin, { method: 'POST', url: `/api/interventions/${i.id}/timer/stop` });
    expect((await get(`/${i.id}/can-delete`)).json().data).toMatchObject({ canDelete: true, reasons: [] });
  });
});

describe('archive and unarchive', () => {
  it('archives closed interventions only; archived ones are listed under scope=archived', async () => {
    const open = await createIntervention(t.database.db, { description: 'lifecycle-arch', statut: 'EN_COURS' });
    const done = await createIntervention(t.database.db, { description: 'lifecycle-arch', statut: 'TERMINEE' });
    const refused = await put(open.id, 'archive');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(M.archiveOpenRefused);
    const res = await put(done.id, 'archive');
    expect(res.json()).toMatchObject({ message: M.archived, data: { id: done.id, archivedAt: expect.any(String) } });
    expect(await listIds('search=lifecycle-arch')).toEqual([open.id]);
    expect(await listIds('search=lifecycle-arch&scope=archived')).toEqual([done.id]);
    expect((await put(done.id, 'archive')).json().message).toBe(M.alreadyArchived);
    expect((await put(done.id, 'unarchive')).json().message).toBe(M.unarchived);
    expect((await put(done.id, 'unarchive')).json().message).toBe(M.notArchived);
    expect(await listIds('search=lifecycle-arch')).toEqual([done.id, open.id].sort((a, b) => b - a));
    expect(await notes(done.id)).toEqual([M.historyArchived, M.historyUnarchived]);
  });

  it('an archived record put in the trash is listed in the trash only', async () => {
    const i = await createIntervention(t.database.db, { description: 'lifecycle-both', statut: 'ANNULEE' });
    await put(i.id, 'archive');
    await put(i.id, 'soft-delete');
    expect(await listIds('search=lifecycle-both&scope=archived')).toEqual([]);
    expect(await listIds('search=lifecycle-both&scope=deleted')).toEqual([i.id]);
    expect((await put(i.id, 'unarchive')).statusCode).toBe(409);
  });
});

describe('dependencies and force delete', () => {
  it('counts dependants, then deletes everything for good (files too), in any state', async () => {
    const i = await createIntervention(t.database.db);
    await t.as(admin, { method: 'POST', url: `/api/interventions/${i.id}/comments`, payload: { comment: 'Vu' } });
    await t.as(admin, {
      method: 'POST',
      url: `/api/interventions/${i.id}/materials`,
      payload: { designation: 'Fusible', quantite: '2', prixUnitaire: '10' },
    });
    const B = '----b';
    const body = `--${B}\r\nContent-Disposition: form-data; name="file"; filename="m.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n--${B}--\r\n`;
    const up = await t.as(admin, {
      method: 'POST',
      url: `/api/interventions/${i.id}/attachments`,
      headers: { 'content-type': `multipart/form-data; boundary=${B}` },
      payload: body,
    });
    expect(up.statusCode).toBe(201);
    const dir = join(dataDir, 'uploads', 'interventions', String(i.id));
    expect(await readdir(dir)).toHaveLength(1);
    await put(i.id, 'soft-delete');
    const deps = (await get(`/${i.id}/dependencies`)).json().data;
    expect(deps).toEqual({ history: 1, materials: 1, comments: 1, attachments: 1, timerSessions: 0 });

    const res = await t.as(admin, { method: 'DELETE', url: `/api/interventions/${i.id}/force` });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(M.forceDeleted);
    expect(existsSync(dir) ? await readdir(dir) : []).toEqual([]);
    expect(await notes(i.id)).toEqual([]);
    expect((await get(`/${i.id}/dependencies`)).statusCode).toBe(404);
    expect((await t.as(admin, { method: 'DELETE', url: `/api/interventions/${i.id}/force` })).statusCode).toBe(404);
  });
});

describe('access', () => {
  it('soft-delete, restore, archive, unarchive and force delete all need interventions:delete', async () => {
    const techUser = await createUser(t.database.db, { role: 'Technicien' });
    const tech = (await t.login(techUser.username, techUser.password)).token;
    const viewer = await token('Consultation');
    const responsable = await token('Responsable');
    // Even his own intervention: the lifecycle is not part of the technician's work.
    const i = await createIntervention(t.database.db, {
      statut: 'TERMINEE',
      creerPar: techUser.id,
      technicianId: techUser.id,
    });
    for (const action of ['soft-delete', 'restore', 'archive', 'unarchive']) {
      expect((await put(i.id, action, tech)).statusCode, action).toBe(403);
    }
    expect((await t.as(tech, { method: 'DELETE', url: `/api/interventions/${i.id}/force` })).statusCode).toBe(403);
    expect((await put(i.id, 'archive', viewer)).statusCode).toBe(403);
    expect(await notes(i.id)).toEqual([]);
    expect((await put(i.id, 'archive', responsable)).statusCode).toBe(200);
    expect((await put(i.id, 'unarchive', responsable)).statusCode).toBe(200);
    expect((await get(`/${i.id}/can-delete`, viewer)).statusCode).toBe(200);
    expect((await get(`/${i.id}/dependencies`, viewer)).statusCode).toBe(200);
  });
});
