import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../../server/src/db/embedded.ts';
import { E2E_ADMIN, REPO_ROOT, type RunningServer, startServer } from '../support/server.ts';

/**
 * README "Plusieurs instances": two server processes on one PostgreSQL (DATABASE_URL) and one uploads folder (a
 * shared volume), started at the same instant on an empty database.
 */
let embedded: EmbeddedDatabase;
let pgDir: string;
let sharedDir: string;
let databaseUrl: string;
let a: RunningServer;
let b: RunningServer;

beforeAll(async () => {
  pgDir = await mkdtemp(join(tmpdir(), 'gmao-multi-pg-'));
  sharedDir = await mkdtemp(join(tmpdir(), 'gmao-multi-data-'));
  embedded = await startEmbeddedPostgres(pgDir);
  databaseUrl = embedded.url; // its empty `gmao` database, as the app's role
  // No JWT_SECRET: the instances must agree on the key through the database.
  const env = { DATABASE_URL: databaseUrl, JWT_SECRET: '' };
  [a, b] = await Promise.all([startServer({ dataDir: sharedDir, env }), startServer({ dataDir: sharedDir, env })]);
});
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  await embedded?.stop();
  await rm(pgDir, { recursive: true, force: true });
  await rm(sharedDir, { recursive: true, force: true });
});

async function query<R extends pg.QueryResultRow>(text: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<R>(text)).rows;
  } finally {
    await client.end();
  }
}

async function login(server: RunningServer) {
  const res = await fetch(`${server.baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { token: string; refreshToken: string } }).data;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('two instances on one PostgreSQL', () => {
  it('started together, they migrated once, seeded once and created one administrator', async () => {
    const shipped = readdirSync(join(REPO_ROOT, 'server', 'src', 'db', 'migrations')).filter((f) => f.endsWith('.sql'));
    const applied = await query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
    expect(applied.map((r) => r.name)).toEqual(shipped.sort());
    expect(await query('SELECT id FROM users')).toHaveLength(1);
    const roles = await query<{ nom: string }>('SELECT nom FROM roles ORDER BY nom');
    expect(roles.map((r) => r.nom)).toEqual(['Administrateur', 'Consultation', 'Responsable', 'Technicien']);
    // At most one of them printed a generated password (here none: ADMIN_PASSWORD is set), one says it created it.
    const creators = [a, b].filter((s) => s.output().includes('First administrator created'));
    expect(creators).toHaveLength(1);
  });

  it('a token and a refresh token from one instance are accepted by the other', async () => {
    const session = await login(a);
    const profile = await fetch(`${b.baseURL}/api/auth/profile`, { headers: bearer(session.token) });
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { data: { username: string } }).data.username).toBe(E2E_ADMIN.username);
    const refreshed = await fetch(`${b.baseURL}/api/auth/refresh-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: session.refreshToken }),
    });
    expect(refreshed.status).toBe(200);
    // The rotated token is now spent on both.
    const replay = await fetch(`${a.baseURL}/api/auth/refresh-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: session.refreshToken }),
    });
    expect(replay.status).toBe(401);
  });

  it('failed logins counted by one instance throttle the account on the other', async () => {
    const attempt = (server: RunningServer, password: string) =>
      fetch(`${server.baseURL}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'inconnu_partage', password }),
      });
    // LOGIN_ACCOUNT_FAILURES is 5 (the default): five failures through A…
    for (let n = 0; n < 5; n++) expect((await attempt(a, `Mauvais-${n}-essai`)).status).toBe(401);
    // …and the next attempt through B waits.
    const throttled = await attempt(b, 'Mauvais-5-essai');
    expect(throttled.status).toBe(429);
    expect(Number(throttled.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a file uploaded through one instance is downloaded through the other', async () => {
    const { token } = await login(a);
    const post = (server: RunningServer, path: string, body: unknown) =>
      fetch(`${server.baseURL}${path}`, {
        method: 'POST',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }).then((r) => r.json() as Promise<{ data: { id: number } }>);
    const client = await post(a, '/api/clients', { nom_entreprise: 'Sucrerie du Gharb', ville: 'Kénitra' });
    const equipment = await post(b, '/api/equipment', {
      nom: 'Groupe électrogène 500 kVA',
      proprietaire_id: client.data.id,
    });
    const intervention = await post(a, '/api/interventions', {
      equipement_id: equipment.data.id,
      date: new Date().toISOString().slice(0, 10),
      description: 'Vidange et essais en charge',
    });
    const id = intervention.data.id;
    expect(id).toBeGreaterThan(0);

    const pdf = Buffer.from('%PDF-1.4\n% rapport de vidange\n%%EOF\n');
    const form = new FormData();
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'vidange.pdf');
    const up = await fetch(`${a.baseURL}/api/interventions/${id}/attachments`, {
      method: 'POST',
      headers: bearer(token),
      body: form,
    });
    expect(up.status).toBe(201);
    const attId = ((await up.json()) as { data: { id: number } }).data.id;
    const down = await fetch(`${b.baseURL}/api/interventions/${id}/attachments/${attId}/download`, {
      headers: bearer(token),
    });
    expect(down.status).toBe(200);
    expect(Buffer.from(await down.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('a list page kept by one instance shows at once a change made through the other', async () => {
    const { token } = await login(a);
    const hits = async () => {
      const text = await fetch(`${a.baseURL}/api/metrics`, { headers: bearer(token) }).then((r) => r.text());
      return Number(text.match(/^gmao_list_cache_answers_total\{[^}]*result="hit"[^}]*\} (\d+)/m)?.[1] ?? 0);
    };
    const listed = async () => {
      const res = await fetch(`${a.baseURL}/api/interventions?page=1&limit=20`, { headers: bearer(token) });
      expect(res.status).toBe(200);
      return ((await res.json()) as { data: { id: number; statut: string }[] }).data;
    };
    // The intervention the test above created (through instance a).
    const first = (await listed())[0];
    if (!first) throw new Error('no intervention listed');
    expect(first.statut).toBe('PLANIFIEE');
    const before = await hits();
    expect((await listed())[0]).toEqual(expect.objectContaining({ id: first.id, statut: 'PLANIFIEE' }));
    expect(await hits()).toBe(before + 1);

    const put = await fetch(`${b.baseURL}/api/interventions/${first.id}/status`, {
      method: 'PUT',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ statut: 'EN_COURS' }),
    });
    expect(put.status).toBe(200);
    expect((await listed()).find((r) => r.id === first.id)?.statut).toBe('EN_COURS');
  });
});
