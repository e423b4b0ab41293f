import { SYNC_MESSAGES } from '@gmao/domain/common/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createClient, createEquipment, createIntervention, createUser } from './helpers/factories.ts';

/** Changes since (issue 35): the lists' updated_since / cursor, the tombstones of /api/changes, the watermark. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
});
afterAll(() => t.close());

const dbNow = async () =>
  (
    await t.database.db.execute<{ now: string }>(
      sql`SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS now`,
    )
  ).rows[0]!.now;

type Page = { data: { id: number }[]; sync: { cursor: string | null; watermark: string; more: boolean } };
async function page(url: string, token = admin): Promise<Page> {
  const res = await t.as(token, { method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
/** Every id from `since`, following the cursor page after page; and the last cursor. */
async function syncAll(list: string, since: string, limit: number) {
  const ids: number[] = [];
  let p = await page(`${list}?updated_since=${encodeURIComponent(since)}&limit=${limit}`);
  ids.push(...p.data.map((r) => r.id));
  let guard = 0;
  while (p.sync.more && guard++ < 50) {
    p = await page(`${list}?cursor=${p.sync.cursor}&limit=${limit}`);
    ids.push(...p.data.map((r) => r.id));
  }
  return { ids, cursor: p.sync.cursor! };
}

async function makeThree(kind: string): Promise<number[]> {
  const db = t.database.db;
  const ids: number[] = [];
  for (let n = 0; n < 3; n++) {
    if (kind === 'clients') ids.push((await createClient(db, { nomEntreprise: `Sync ${n} SARL` })).id);
    if (kind === 'equipment') ids.push((await createEquipment(db, { nom: `Transformateur sync ${n}` })).id);
    if (kind === 'interventions') ids.push((await createIntervention(db, { description: `Sync ${n}` })).id);
    if (kind === 'parts') {
      const { rows } = await db.execute<{ id: number }>(
        sql`INSERT INTO parts (reference, designation, unite) VALUES (${`SYNC-${n}-${Date.now()}`}, 'Fusible HTA', 'u') RETURNING id`,
      );
      ids.push(rows[0]!.id);
    }
  }
  return ids;
}
const TABLE: Record<string, string> = {
  clients: 'clients',
  equipment: 'equipements',
  interventions: 'interventions',
  parts: 'parts',
};

describe('lists with updated_since', () => {
  it.each(['interventions', 'clients', 'equipment', 'parts'])(
    '/api/%s: the changes since, oldest first, paged by the cursor; a change comes again after the cursor',
    async (kind) => {
      const since = await dbNow();
      const made = await makeThree(kind);
      const first = await syncAll(`/api/${kind}`, since, 2);
      // (creating an equipment may create its client, an intervention its equipment: only these rows are of this list)
      expect(first.ids.filter((id) => made.includes(id))).toEqual(made);
      expect(new Set(first.ids).size).toBe(first.ids.length);
      // nothing new since the cursor
      expect((await page(`/api/${kind}?cursor=${first.cursor}`)).data).toEqual([]);
      // a change of the first row, by any writer (here SQL: the trigger keeps updated_at)
      const column =
        kind === 'clients' ? 'ville' : kind === 'parts' ? 'famille' : kind === 'equipment' ? 'marque' : 'note';
      await t.database.db.execute(
        sql`UPDATE ${sql.raw(TABLE[kind]!)} SET ${sql.raw(column)} = 'modifié' WHERE id = ${made[0]!}`,
      );
      const after = await page(`/api/${kind}?cursor=${first.cursor}`);
      expect(after.data.map((r) => r.id)).toEqual([made[0]]);
    },
  );

  it('walks rows changed by one transaction (same instant) one at a time, each once', async () => {
    const since = await dbNow();
    const made = await makeThree('clients');
    await t.database.db.execute(sql`UPDATE clients SET ville = 'Kénitra' WHERE id = ANY(${sql.param(made)}::int[])`);
    const { ids } = await syncAll('/api/clients', since, 1);
    expect(ids).toEqual(made);
  });

  it('holds back what follows a transaction still running, then gives both once it commits', async () => {
    const [a, b] = await makeThree('clients');
    const { cursor } = await syncAll('/api/clients', '2000-01-01T00:00:00Z', 500);
    const open = await t.database.pool.connect();
    try {
      await open.query('BEGIN');
      await open.query(`UPDATE clients SET ville = 'Tanger' WHERE id = $1`, [a]);
      // committed after the open transaction began: its updated_at is later than the open one's will be
      await t.database.db.execute(sql`UPDATE clients SET ville = 'Agadir' WHERE id = ${b!}`);
      const held = await page(`/api/clients?cursor=${cursor}`);
      expect(held.data.map((r) => r.id)).toEqual([]);
      await open.query('COMMIT');
    } finally {
      open.release();
    }
    const both = await page(`/api/clients?cursor=${cursor}`);
    expect(both.data.map((r) => r.id).sort((x, y) => x - y)).toEqual([a, b].sort((x, y) => x! - y!));
  });

  it('answers the largest cursor its schema accepts (an id past the int column) with an empty page, not a 500', async () => {
    for (const url of ['/api/interventions?cursor=99999999999999999.9999999999', '/api/changes?cursor=1.9999999999']) {
      const res = await t.as(admin, { method: 'GET', url });
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('refuses a malformed instant or cursor in French', async () => {
    for (const [q, message] of [
      ['updated_since=hier', SYNC_MESSAGES.since],
      ['cursor=abc', SYNC_MESSAGES.cursor],
    ]) {
      const res = await t.as(admin, { method: 'GET', url: `/api/interventions?${q}` });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });
});

describe('GET /api/changes', () => {
  it('lists deletions, and interventions sent to the trash or the archive, since an instant or a cursor', async () => {
    const since = await dbNow();
    const client = await createClient(t.database.db, { nomEntreprise: 'Éphémère SARL' });
    const [trashed, archived] = [await createIntervention(t.database.db), await createIntervention(t.database.db)];
    await t.database.db.execute(sql`DELETE FROM clients WHERE id = ${client.id}`);
    await t.database.db.execute(sql`UPDATE interventions SET deleted_at = now() WHERE id = ${trashed.id}`);
    await t.database.db.execute(sql`UPDATE interventions SET archived_at = now() WHERE id = ${archived.id}`);
    const res = await t.as(admin, { method: 'GET', url: `/api/changes?since=${encodeURIComponent(since)}` });
    expect(res.statusCode, res.body).toBe(200);
    const got = res
      .json()
      .data.deleted.map((d: { type: string; id: number; raison: string }) => `${d.type} ${d.id} ${d.raison}`);
    expect(got).toEqual([
      `client ${client.id} SUPPRIMEE`,
      `intervention ${trashed.id} CORBEILLE`,
      `intervention ${archived.id} ARCHIVEE`,
    ]);
    const cursor = res.json().data.sync.cursor;
    const onlyInterventions = await t.as(admin, {
      method: 'GET',
      url: `/api/changes?since=${encodeURIComponent(since)}&types=intervention`,
    });
    expect(onlyInterventions.json().data.deleted).toHaveLength(2);
    // restored from the trash, it is in the list's changes again
    const before = await syncAll('/api/interventions', since, 500);
    await t.database.db.execute(sql`UPDATE interventions SET deleted_at = NULL WHERE id = ${trashed.id}`);
    expect((await page(`/api/interventions?cursor=${before.cursor}`)).data.map((r) => r.id)).toEqual([trashed.id]);
    expect((await t.as(admin, { method: 'GET', url: `/api/changes?cursor=${cursor}` })).json().data.deleted).toEqual(
      [],
    );
  });

  it('answers only the types the user may read; asks since or a cursor', async () => {
    const tech = await createUser(t.database.db, { role: 'Technicien' });
    const token = (await t.login(tech.username, tech.password)).token;
    const since = encodeURIComponent('2000-01-01T00:00:00Z');
    const perms = (await t.as(token, { method: 'GET', url: '/api/auth/profile' })).json().data.permissions as string[];
    const res = await t.as(token, { method: 'GET', url: `/api/changes?since=${since}&types=part,client` });
    if (!perms.includes('stock:read') || !perms.includes('clients:read')) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/Vous n'avez pas accès aux suppressions de ce type/);
    }
    const none = await t.as(admin, { method: 'GET', url: '/api/changes' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(SYNC_MESSAGES.sinceOrCursor);
    expect((await t.app.inject({ method: 'GET', url: `/api/changes?since=${since}` })).statusCode).toBe(401);
  });
});
