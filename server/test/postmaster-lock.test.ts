import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { clearPostmasterLock, processState } from '../src/db/postmaster-lock.ts';

// The orphaned-postmaster and shared cases need a real PostgreSQL: e2e/ops/crash-restart.test.ts covers them.
let pgDir: string;
const children: ChildProcess[] = [];
beforeEach(() => {
  pgDir = mkdtempSync(join(tmpdir(), 'gmao-lock-'));
});
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  rmSync(pgDir, { recursive: true, force: true });
});

const lockFile = () => join(pgDir, 'postmaster.pid');
const socketLockFile = () => join(pgDir, '.s.PGSQL.5432.lock');
/** postmaster.pid as PostgreSQL writes it: pid, data dir, start time, port, socket dir, address, shm key/id, status. */
const writeLock = (pid: number | string) =>
  writeFileSync(lockFile(), `${pid}\n${pgDir}\n1767225600\n54321\n\n127.0.0.1\n  54321001         0\nready   \n`);

function spawnCollecting(command: string, args: string[]): Promise<{ child: ChildProcess; stdout: string }> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(child);
  return new Promise((res) => child.stdout?.once('data', (d) => res({ child, stdout: String(d) })));
}

it('a folder without a lock file is left alone', async () => {
  expect(await clearPostmasterLock(pgDir)).toEqual({ kind: 'free' });
});

it('a lock naming a process that no longer exists is removed (a power cut, a kill -9 of the whole group)', async () => {
  const gone = spawn('true');
  await new Promise((r) => gone.once('exit', r));
  writeLock(gone.pid ?? 0);
  expect(processState(gone.pid ?? 0)).toBe('absent');
  expect(await clearPostmasterLock(pgDir)).toEqual({
    kind: 'cleared',
    action: `stale lock removed (pid ${gone.pid} no longer running)`,
  });
  expect(existsSync(lockFile())).toBe(false);
});

it('a lock naming a killed postmaster that its new parent has not reaped yet (a zombie) is removed', async () => {
  // `sleep 60` inherits the background `sleep 0.5` as a child and never reaps it once it exits, as a busy init does
  // for a while. (With `sleep 0`, the shell could reap it itself before its exec: the test then saw no zombie.)
  const { stdout } = await spawnCollecting('sh', ['-c', 'sleep 0.5 & echo $!; exec sleep 60']);
  const zombie = Number(stdout.trim());
  let state = processState(zombie);
  for (let i = 0; i < 250 && state === 'running'; i++) {
    await new Promise((r) => setTimeout(r, 20));
    state = processState(zombie);
  }
  expect(state).toBe('exited');
  writeLock(zombie);
  // The socket's own lock file, which PostgreSQL refuses to replace while its pid answers kill(pid, 0).
  writeFileSync(socketLockFile(), `${zombie}\n${pgDir}\n1767225600\n5432\n${pgDir}\n`);
  expect(await clearPostmasterLock(pgDir)).toEqual({
    kind: 'cleared',
    action: `stale lock removed (pid ${zombie} exited, not yet reaped)`,
  });
  expect(existsSync(lockFile())).toBe(false);
  expect(existsSync(socketLockFile())).toBe(false);
});

it('a socket lock file left alone (no postmaster.pid) naming a process that is gone is removed', async () => {
  const gone = spawn('true');
  await new Promise((r) => gone.once('exit', r));
  writeFileSync(socketLockFile(), `${gone.pid}\n${pgDir}\n1767225600\n5432\n${pgDir}\n`);
  expect(await clearPostmasterLock(pgDir)).toEqual({
    kind: 'cleared',
    action: `stale socket lock removed (pid ${gone.pid})`,
  });
  expect(existsSync(socketLockFile())).toBe(false);
});

it('a lock whose pid now belongs to another program is removed, and that program is left running', async () => {
  const { child } = await spawnCollecting('sh', ['-c', 'echo up; exec sleep 60']);
  writeLock(child.pid ?? 0);
  expect(await clearPostmasterLock(pgDir)).toEqual({
    kind: 'cleared',
    action: `stale lock removed (pid ${child.pid} is now another program)`,
  });
  expect(existsSync(lockFile())).toBe(false);
  expect(processState(child.pid ?? 0)).toBe('running');
});

it('an unreadable lock file is removed', async () => {
  writeLock('garbage');
  expect(await clearPostmasterLock(pgDir)).toEqual({ kind: 'cleared', action: 'unreadable lock file removed' });
  expect(existsSync(lockFile())).toBe(false);
});
