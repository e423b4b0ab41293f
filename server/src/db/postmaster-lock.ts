import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';

/**
 * Makes an embedded PostgreSQL folder startable after a crash. `postmaster.pid` (PostgreSQL's lock file: line 1
 * pid, line 2 data dir, line 4 port, line 7 shared-memory key and id) can outlive the server: the postmaster was
 * killed with its Node parent (kill -9 of the process group, OOM killer, power cut), or it lives on as an orphan.
 * PostgreSQL refuses to start while the pid in the file answers kill(pid, 0), which a killed postmaster still does
 * as a zombie until init reaps it (seconds on some machines), and while its backends still hold the shared memory.
 * The unix socket inside the folder has a second lock file, `.s.PGSQL.<port>.lock` (line 1 pid), checked the same
 * way: it is removed with postmaster.pid, or alone when its pid is gone.
 */
export interface PostmasterLock {
  pid: number;
  port: number;
  shmId: number | null;
  /** Line 5: the first unix socket directory ('' when the server listens on TCP only). */
  socketDir: string;
}

export type ProcessState = 'running' | 'exited' | 'absent';

/** 'exited' is a zombie: dead, not yet reaped by its (new) parent. */
export function processState(pid: number): ProcessState {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return 'absent';
  }
  const stat = readProc(pid, 'stat');
  // Field 3 follows the command name, which may itself hold spaces or parentheses.
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state === 'Z' || state === 'X' ? 'exited' : 'running';
}

export function readPostmasterLock(pgDir: string): PostmasterLock | null {
  let lines: string[];
  try {
    lines = readFileSync(join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0) return { pid: 0, port: 0, shmId: null, socketDir: '' };
  const shm = (lines[6] ?? '').trim().split(/\s+/);
  const shmId = shm.length === 2 ? Number(shm[1]) : Number.NaN;
  return {
    pid,
    port: Number(lines[3]) || 0,
    shmId: Number.isInteger(shmId) ? shmId : null,
    socketDir: (lines[4] ?? '').trim(),
  };
}

export type LockOutcome =
  /** Nothing stood in the way. */
  | { kind: 'free' }
  /** A postgres started by another live process of ours serves the folder (e.g. the server while seed:demo runs). */
  | { kind: 'shared'; pid: number }
  /** Something was cleaned up; `action` says what, in a few words. */
  | { kind: 'cleared'; action: string };

export interface ClearOptions {
  /** The process that started the postmaster last (kept in DATA_DIR/pg-owner). */
  ownerPid?: number;
  /** Bound for each wait (an exiting postmaster, old backends detaching from shared memory). */
  waitMs?: number;
}

/**
 * Reads the lock and removes what is stale: a lock naming a dead (or zombie) pid or another program, after the old
 * backends let go of the shared memory; an orphaned postmaster on our folder is asked to stop (SIGINT, fast
 * shutdown: it then recovers cleanly on the next start), escalating to SIGQUIT when it does not exit in time.
 */
export async function clearPostmasterLock(pgDir: string, opts: ClearOptions = {}): Promise<LockOutcome> {
  const waitMs = opts.waitMs ?? 20_000;
  const lock = readPostmasterLock(pgDir);
  if (!lock) {
    const stale = removeStaleSocketLocks(pgDir);
    return stale ? { kind: 'cleared', action: `stale socket lock removed (pid ${stale})` } : { kind: 'free' };
  }
  if (lock.pid === 0) {
    removeLock(pgDir);
    return { kind: 'cleared', action: 'unreadable lock file removed' };
  }
  const state = processState(lock.pid);
  if (state !== 'running') {
    const detached = await waitFor(() => shmAttachments(lock.shmId) === 0, waitMs);
    removeLock(pgDir);
    const why = state === 'exited' ? 'exited, not yet reaped' : 'no longer running';
    return {
      kind: 'cleared',
      action: `stale lock removed (pid ${lock.pid} ${why}${detached ? '' : ', shared memory still attached'})`,
    };
  }
  if (!isPostmasterOf(lock.pid, pgDir)) {
    removeLock(pgDir);
    return { kind: 'cleared', action: `stale lock removed (pid ${lock.pid} is now another program)` };
  }
  if (opts.ownerPid && opts.ownerPid !== process.pid && parentOf(lock.pid) === opts.ownerPid) {
    if (processState(opts.ownerPid) === 'running') return { kind: 'shared', pid: lock.pid };
  }
  const answering = await acceptsConnections(lock);
  const how = await stopOrphan(lock.pid, waitMs);
  // A postmaster stopped by SIGQUIT leaves its lock behind; the next call (the start loop) removes it.
  const where = lock.socketDir ? 'on its socket' : `on port ${lock.port}`;
  return {
    kind: 'cleared',
    action: `orphaned server (pid ${lock.pid}, ${answering ? `answering ${where}` : 'not answering: exiting or recovering'}) ${how}`,
  };
}

/** A running postmaster on this folder whose parent is the live owner process (not an orphan, not stale). */
export function postmasterInUse(pgDir: string, ownerPid: number | undefined): boolean {
  const lock = readPostmasterLock(pgDir);
  if (!lock?.pid || processState(lock.pid) !== 'running' || !isPostmasterOf(lock.pid, pgDir)) return false;
  return !!ownerPid && parentOf(lock.pid) === ownerPid && processState(ownerPid) === 'running';
}

async function stopOrphan(pid: number, waitMs: number): Promise<string> {
  const gone = () => processState(pid) !== 'running';
  signal(pid, 'SIGINT');
  if (await waitFor(gone, waitMs)) return 'stopped';
  signal(pid, 'SIGQUIT');
  if (await waitFor(gone, waitMs / 2)) return 'stopped with SIGQUIT';
  throw new Error(`embedded PostgreSQL (pid ${pid}) on this data directory does not stop; stop it by hand`);
}

function signal(pid: number, sig: NodeJS.Signals) {
  try {
    process.kill(pid, sig);
  } catch {
    // exited meanwhile
  }
}

/** Called once the postmaster named in postmaster.pid is known dead: its socket lock files go with it. */
function removeLock(pgDir: string) {
  for (const file of socketLockFiles(pgDir)) rmSync(join(pgDir, file), { force: true });
  rmSync(join(pgDir, 'postmaster.pid'), { force: true });
}

function socketLockFiles(pgDir: string): string[] {
  try {
    return readdirSync(pgDir).filter((f) => /^\.s\.PGSQL\.\d+\.lock$/.test(f));
  } catch {
    return [];
  }
}

/**
 * Without postmaster.pid, a socket lock file naming a dead or zombie pid, or a pid that is no postmaster of this
 * folder, is stale (PostgreSQL would refuse to start while the zombie exists). Returns the pid it named, if any.
 */
function removeStaleSocketLocks(pgDir: string): number | null {
  let removed: number | null = null;
  for (const file of socketLockFiles(pgDir)) {
    let pid = 0;
    try {
      pid = Number(readFileSync(join(pgDir, file), 'utf8').split('\n')[0]);
    } catch {
      continue;
    }
    const live = Number.isInteger(pid) && pid > 0 && processState(pid) === 'running' && isPostmasterOf(pid, pgDir);
    if (live) continue;
    rmSync(join(pgDir, file), { force: true });
    removed = pid;
  }
  return removed;
}

function readProc(pid: number, file: string): string {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return '';
  }
}

/** The postmaster's command line holds `-D <pgDir>`; without /proc (not Linux) trust the pid. */
function isPostmasterOf(pid: number, pgDir: string): boolean {
  if (!existsSync('/proc/self/cmdline')) return true;
  const cmdline = readProc(pid, 'cmdline').split('\0');
  return cmdline.some((arg) => arg.endsWith('postgres')) && cmdline.includes(resolve(pgDir));
}

function parentOf(pid: number): number {
  const stat = readProc(pid, 'stat');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? 0);
}

/** Processes still attached to the old shared-memory segment (0 when it is gone or cannot be read). */
function shmAttachments(shmId: number | null): number {
  if (shmId === null) return 0;
  let table: string;
  try {
    table = readFileSync('/proc/sysvipc/shm', 'utf8');
  } catch {
    return 0;
  }
  for (const line of table.split('\n').slice(1)) {
    // key shmid perms size cpid lpid nattch …
    const cols = line.trim().split(/\s+/);
    if (Number(cols[1]) === shmId) return Number(cols[6]) || 0;
  }
  return 0;
}

function acceptsConnections(lock: PostmasterLock): Promise<boolean> {
  if (!lock.port) return Promise.resolve(false);
  return new Promise((res) => {
    const socket = lock.socketDir
      ? connect({ path: join(lock.socketDir, `.s.PGSQL.${lock.port}`) })
      : connect({ port: lock.port, host: '127.0.0.1' });
    const done = (ok: boolean) => {
      socket.destroy();
      res(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Polls `ok` every 50 ms until it holds (true) or `ms` have passed (false). */
export async function waitFor(ok: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() >= deadline) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}
