import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database.ts';
import {
  type EmbeddedDatabase,
  embeddedAdminUrl,
  loadEmbeddedPostgres,
  startEmbeddedPostgres,
} from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';
import { readPostmasterLock } from '../src/db/postmaster-lock.ts';

/**
 * Issue 29: the embedded PostgreSQL is reachable by no other local user or process. It listens on a unix socket in
 * DATA_DIR/pg (0700) and not on TCP, its passwords are random and kept 0600, and the app connects as a role that is
 * not a superuser (no COPY … TO PROGRAM, no pg_authid). A folder made by an older version (superuser
 * postgres/postgres on TCP, the app connected as it) is moved over at its first start.
 */
const isRoot = process.getuid?.() === 0;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const fn of cleanups.reverse()) await fn().catch(() => undefined);
});

function tempDataDir(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), name));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function start(dataDir: string, lines: string[] = []): Promise<EmbeddedDatabase> {
  const embedded = await startEmbeddedPostgres(dataDir, { log: (l) => lines.push(l) });
  cleanups.push(() => embedded.stop());
  return embedded;
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** The error code of a statement that must fail (undefined when it succeeded). */
async function refusal(client: pg.Client, text: string): Promise<string | undefined> {
  try {
    await client.query(text);
    return undefined;
  } catch (err) {
    return (err as { code?: string }).code;
  }
}

function freePort(): Promise<number> {
  return new Promise((res) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => res(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

const mode = (path: string) => statSync(path).mode & 0o777;

/** The refusals the app's role meets (42501 insufficient_privilege). */
async function expectNotSuperuser(url: string) {
  await withClient(url, async (app) => {
    const { rows } = await app.query('SELECT rolsuper FROM pg_roles WHERE rolname = current_user');
    expect(rows).toEqual([{ rolsuper: false }]);
    expect(await refusal(app, "COPY (SELECT 1) TO PROGRAM 'true'")).toBe('42501');
    expect(await refusal(app, 'SELECT rolpassword FROM pg_authid')).toBe('42501');
    expect(await refusal(app, 'CREATE ROLE intruder SUPERUSER')).toBe('42501');
    expect(await refusal(app, 'CREATE DATABASE intruder')).toBe('42501');
    expect(await refusal(app, "SELECT pg_read_file('postgresql.conf')")).toBe('42501');
  });
}

/** 28P01: password authentication failed. */
async function connectError(url: string): Promise<string | undefined> {
  try {
    await withClient(url, async () => undefined);
    return undefined;
  } catch (err) {
    return (err as { code?: string }).code ?? (err as Error).message;
  }
}

describe('a new DATA_DIR', () => {
  it('listens on a socket in DATA_DIR/pg only, keeps random passwords 0600, and the app is no superuser', async () => {
    const dataDir = tempDataDir('gmao-sec-');
    const embedded = await start(dataDir);
    const pgDir = join(dataDir, 'pg');

    // No TCP: postmaster.pid names no listen address and the socket directory is the data folder itself.
    const lines = readFileSync(join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
    expect(lines[5]?.trim()).toBe('');
    expect(readPostmasterLock(pgDir)?.socketDir).toBe(pgDir);
    expect(embedded.port).toBe(0);
    expect(existsSync(join(dataDir, 'pg-port'))).toBe(false);
    await withClient(embedded.url, async (app) => {
      expect((await app.query('SHOW listen_addresses')).rows[0].listen_addresses).toBe('');
    });
    expect(mode(pgDir)).toBe(0o700);
    expect(mode(join(pgDir, '.s.PGSQL.5432'))).toBe(0o700);
    expect(mode(join(dataDir, 'pg-secrets.json'))).toBe(0o600);
    expect(mode(join(pgDir, 'pg_hba.conf'))).toBe(0o600);
    expect(existsSync(join(dataDir, 'pg-initdb-password'))).toBe(false);

    await expectNotSuperuser(embedded.url);
    // The old fixed superuser password, over the socket itself: refused.
    const oldSuperuser = embeddedAdminUrl(dataDir).replace(/\/\/postgres:[^@]+@/, '//postgres:postgres@');
    expect(await connectError(oldSuperuser)).toBe('28P01');
    // The app's role on another database: no pg_hba.conf line.
    expect(await connectError(embedded.url.replace('/gmao?', '/postgres?'))).toBe('28000');

    // Another OS user cannot even reach the socket.
    if (isRoot) {
      const script = `require('net').connect({ path: ${JSON.stringify(join(pgDir, '.s.PGSQL.5432'))} })
        .on('connect', () => console.log('connected')).on('error', (e) => console.log(e.code))`;
      const other = spawnSync('setpriv', [
        '--reuid=65534',
        '--regid=65534',
        '--clear-groups',
        process.execPath,
        '-e',
        script,
      ]);
      expect(String(other.stdout).trim()).toBe('EACCES');
    }

    // Migrations run as the app's role (pg_trgm and unaccent are trusted extensions), and so does restore --force's
    // DROP SCHEMA public CASCADE before the archive's migrations run again.
    const database = openDatabase(embedded.url, { max: 1 });
    try {
      await migrate(database.pool);
      const extensions = await database.pool.query('SELECT extname FROM pg_extension ORDER BY 1');
      expect(extensions.rows.map((r) => r.extname)).toEqual(['pg_trgm', 'plpgsql', 'unaccent']);
      expect((await database.pool.query("SELECT gmao_fold('Équipement') AS f")).rows[0].f).toBe('equipement');
      await database.pool.query('DROP SCHEMA public CASCADE');
      await database.pool.query('CREATE SCHEMA public');
      expect((await migrate(database.pool)).length).toBeGreaterThan(30);
    } finally {
      await database.close();
    }
  });

  it('falls back to TCP on 127.0.0.1 with the random passwords when DATA_DIR is too long for a socket', async () => {
    const parent = tempDataDir('gmao-sec-long-');
    chmodSync(parent, 0o711); // PostgreSQL's OS user must traverse it when the tests run as root
    const dataDir = join(parent, 'a-folder-name-long-enough-to-push-the-socket-path'.repeat(2));
    const embedded = await start(dataDir);
    expect(embedded.port).toBeGreaterThan(0);
    expect(embedded.url).toContain(`@127.0.0.1:${embedded.port}/gmao`);
    expect(readPostmasterLock(join(dataDir, 'pg'))?.socketDir).toBe('');
    expect(mode(join(dataDir, 'pg-secrets.json'))).toBe(0o600);
    expect(await connectError(`postgres://postgres:postgres@127.0.0.1:${embedded.port}/postgres`)).toBe('28P01');
    await expectNotSuperuser(embedded.url);
  });
});

it('a DATA_DIR of an older version (superuser postgres/postgres on TCP) is moved over at its first start', async () => {
  // Made as versions before issue 29 made it: initdb with the fixed password, TCP, the app's tables created by the
  // superuser in the `gmao` database.
  const dataDir = tempDataDir('gmao-sec-old-');
  const pgDir = join(dataDir, 'pg');
  mkdirSync(pgDir);
  if (isRoot) {
    chmodSync(dataDir, 0o711);
    execFileSync('chown', ['-R', 'postgres:', pgDir]);
  }
  const port = await freePort();
  writeFileSync(join(dataDir, 'pg-port'), String(port));
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const old = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password: 'postgres',
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8', '--auth=scram-sha-256'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await old.initialise();
  await old.start();
  const oldUrl = `postgres://postgres:postgres@127.0.0.1:${port}`;
  try {
    await withClient(`${oldUrl}/postgres`, (c) => c.query('CREATE DATABASE gmao'));
    const database = openDatabase(`${oldUrl}/gmao`, { max: 1 });
    try {
      await migrate(database.pool);
      await database.pool.query("INSERT INTO clients (nom_entreprise) VALUES ('Société Ancienne')");
    } finally {
      await database.close();
    }
  } finally {
    await old.stop();
  }

  const lines: string[] = [];
  const embedded = await start(dataDir, lines);
  expect(lines).toEqual([
    'Embedded PostgreSQL: moved to a non-superuser app role: role gmao_app created, database gmao and its objects ' +
      'given to gmao_app, fixed superuser password replaced (pg-secrets.json); started',
  ]);
  expect(existsSync(join(dataDir, 'pg-port'))).toBe(false);
  await expectNotSuperuser(embedded.url);
  const oldSuperuser = embeddedAdminUrl(dataDir).replace(/\/\/postgres:[^@]+@/, '//postgres:postgres@');
  expect(await connectError(oldSuperuser)).toBe('28P01');

  const database = openDatabase(embedded.url, { max: 1 });
  try {
    expect(await migrate(database.pool)).toEqual([]);
    const { rows } = await database.pool.query('SELECT nom_entreprise FROM clients');
    expect(rows).toEqual([{ nom_entreprise: 'Société Ancienne' }]);
    // Writes (sequences), DDL of a future migration (owner of the tables) and the rollup functions work.
    await database.pool.query("INSERT INTO clients (nom_entreprise) VALUES ('Société Nouvelle')");
    await database.pool.query('ALTER TABLE clients ADD COLUMN issue29 int');
    // Nothing of the app's schema is still the superuser's (extension members aside).
    const left = await database.pool.query(`
      SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND pg_get_userbyid(c.relowner) <> 'gmao_app'
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')
      UNION ALL
      SELECT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' AND pg_get_userbyid(p.proowner) <> 'gmao_app'
        AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')`);
    expect(left.rows).toEqual([]);
  } finally {
    await database.close();
  }

  // Idempotent: the next start has nothing to say.
  await embedded.stop();
  lines.length = 0;
  const again = await start(dataDir, lines);
  expect(lines).toEqual([]);
  await withClient(again.url, async (app) => {
    expect((await app.query('SELECT count(*)::int AS n FROM clients')).rows[0].n).toBe(2);
  });
});
