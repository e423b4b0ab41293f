import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ListFilters, listQueries } from '../src/modules/interventions/list.repository.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import { createClient, createEquipment, createIntervention, createUser } from './helpers/factories.ts';

/**
 * The interventions list's cache (issue 16, modules/interventions/list-cache.ts, migration 0036): a page is served
 * again while nothing it shows has changed, and never once something has, whichever table the change is in.
 */
let t: TestApp;
let admin: string;
let ids: { client: number; equipment: number; technician: number; intervention: number };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.adminToken();
  const db = t.database.db;
  const client = await createClient(db, { nomEntreprise: 'Cimenterie du Souss', ville: 'Agadir' });
  const equipment = await createEquipment(db, { nom: 'Transformateur T1', proprietaireId: client.id });
  const technician = await createUser(db, { nom: 'Youssef Technicien' });
  const intervention = await createIntervention(db, {
    equipementId: equipment.id,
    technicianId: technician.id,
    statut: 'EN_COURS',
    description: 'Contrôle des cellules HTA',
  });
  ids = { client: client.id, equipment: equipment.id, technician: technician.id, intervention: intervention.id };
});
afterAll(() => t.close());

const URL = '/api/interventions?page=1&limit=20';

async function answers(result: 'hit' | 'miss' | 'unkept'): Promise<number> {
  const metric = await t.app.metrics.getSingleMetric('gmao_list_cache_answers_total')?.get();
  return metric?.values.find((v) => v.labels.result === result)?.value ?? 0;
}

async function list(url = URL, headers: Record<string, string> = {}) {
  const res = await t.as(admin, { method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  return res.json() as { data: Record<string, unknown>[]; pagination: unknown };
}

/** The page, asked for twice: the second answer must be the kept page. */
async function kept(url = URL) {
  await list(url);
  const hits = await answers('hit');
  const body = await list(url);
  expect(await answers('hit')).toBe(hits + 1);
  return body;
}

const ours = (body: { data: Record<string, unknown>[] }) => {
  const row = body.data.find((r) => r.id === ids.intervention);
  if (!row) throw new Error('the intervention is not listed');
  return row as {
    statut: string;
    technician: { nom: string } | null;
    reviewStatus: string | null;
    equipement: { nom: string; proprietaire: { nom_entreprise: string } };
  };
};

describe('list cache', () => {
  it('serves a page again, as read, while nothing changed; a client asking no-cache reads it anew', async () => {
    const first = await kept();
    const hits = await answers('hit');
    expect(await list()).toEqual(first);
    expect(await answers('hit')).toBe(hits + 1);
    expect(await list(URL, { 'cache-control': 'no-cache' })).toEqual(first);
    expect(await answers('hit')).toBe(hits + 1);
    // Another query is another page.
    const filtered = await list(`${URL}&statut=PLANIFIEE`);
    expect(filtered.data.map((r) => r.id)).not.toContain(ids.intervention);
  });

  it('refuses a user without the permission even when the page is kept', async () => {
    await kept();
    const u = await createUser(t.database.db, { nom: 'Sans Rôle', role: null });
    const { token } = await t.login(u.username, u.password);
    expect((await t.as(token, { method: 'GET', url: URL })).statusCode).toBe(403);
  });

  it('shows at once a status change made through the API', async () => {
    expect(ours(await kept()).statut).toBe('EN_COURS');
    const res = await t.as(admin, {
      method: 'PUT',
      url: `/api/interventions/${ids.intervention}/status`,
      payload: { statut: 'EN_PAUSE' },
    });
    expect(res.statusCode).toBe(200);
    expect(ours(await list()).statut).toBe('EN_PAUSE');
  });

  const changes: [string, () => SQL, (row: ReturnType<typeof ours>) => unknown, unknown][] = [
    [
      'the client’s name (clients)',
      () => sql`UPDATE clients SET nom_entreprise = 'Cimenterie de l’Atlas' WHERE id = ${ids.client}`,
      (r) => r.equipement.proprietaire.nom_entreprise,
      'Cimenterie de l’Atlas',
    ],
    [
      'the equipment’s name (equipements)',
      () => sql`UPDATE equipements SET nom = 'Transformateur T2' WHERE id = ${ids.equipment}`,
      (r) => r.equipement.nom,
      'Transformateur T2',
    ],
    [
      'the technician’s name (users)',
      () => sql`UPDATE users SET nom = 'Youssef Alaoui' WHERE id = ${ids.technician}`,
      (r) => r.technician?.nom,
      'Youssef Alaoui',
    ],
    [
      'its review (intervention_reviews)',
      () =>
        sql`INSERT INTO intervention_reviews (intervention_id, review_status) VALUES (${ids.intervention}, 'SOUMISE')`,
      (r) => r.reviewStatus,
      'SOUMISE',
    ],
  ];
  for (const [what, change, read, expected] of changes)
    it(`shows at once a change of ${what}`, async () => {
      expect(read(ours(await kept()))).not.toEqual(expected);
      await t.database.db.execute(change());
      expect(read(ours(await list()))).toEqual(expected);
    });

  it('does not show a write still in progress, and shows it once committed', async () => {
    const name = (body: { data: Record<string, unknown>[] }) => ours(body).equipement.proprietaire.nom_entreprise;
    expect(name(await kept())).not.toBe('Ciments du Nord');
    const writer = await t.database.pool.connect();
    try {
      await writer.query('BEGIN');
      await writer.query('UPDATE clients SET nom_entreprise = $1 WHERE id = $2', ['Ciments du Nord', ids.client]);
      expect(name(await list(URL, { 'cache-control': 'no-cache' }))).not.toBe('Ciments du Nord');
      expect(name(await kept())).not.toBe('Ciments du Nord');
      await writer.query('COMMIT');
    } finally {
      writer.release();
    }
    expect(name(await list())).toBe('Ciments du Nord');
  });

  it('keeps a page while a table the list does not read changes (the settings)', async () => {
    await kept();
    const hits = await answers('hit');
    await t.database.db.execute(sql`UPDATE app_settings SET updated_at = now()`);
    await list();
    expect(await answers('hit')).toBe(hits + 1);
  });

  it('has the version moved by every table the list’s statements read', async () => {
    const filters: Partial<ListFilters>[] = [
      {},
      { statut: 'EN_COURS' },
      { search: 'cellules' },
      { search: 'n° 12' },
      { review: 'SOUMISE' },
      { champ: 'puissance', valeur: '630' },
      { dateFrom: '2026-01-01', overdue: true },
    ];
    const read = new Set<string>();
    const walk = (node: unknown) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object')
        for (const [k, v] of Object.entries(node)) k === 'Relation Name' ? read.add(String(v)) : walk(v);
    };
    for (const f of filters) {
      const q = listQueries({ scope: 'active', days: 7, ...f } as ListFilters, 1, 20);
      for (const statement of [q.page, q.idsAndCount, q.count]) {
        const { rows } = await t.database.db.execute<{ 'QUERY PLAN': unknown }>(
          sql`EXPLAIN (FORMAT JSON) ${statement}`,
        );
        walk(rows[0]['QUERY PLAN']);
      }
    }
    const { rows } = await t.database.db.execute<{ relname: string }>(
      sql`SELECT c.relname FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid JOIN pg_proc p ON p.oid = g.tgfoid
          WHERE p.proname IN ('list_cache_bump', 'list_cache_bump_if_rows')`,
    );
    const bumping = new Set([...rows.map((r) => r.relname), 'list_cache_versions']);
    expect([...read].sort()).toEqual(expect.arrayContaining(['clients', 'equipements', 'interventions', 'users']));
    expect([...read].filter((table) => !bumping.has(table))).toEqual([]);
  });
});
