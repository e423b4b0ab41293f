import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
export const SERVER_ENTRY = join(REPO_ROOT, 'server', 'dist', 'main.js');
export const E2E_ADMIN = { username: 'admin', password: 'Admin123!' } as const;

export function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => res(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

export interface RunningServer {
  baseURL: string;
  dataDir: string;
  process: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Resolves once the process has exited (by itself or by a signal). */
  exited(): Promise<void>;
}

/** Starts the built server (server/dist/main.js, serving web/dist) on a fresh or given DATA_DIR. */
export async function startServer(
  opts: { dataDir?: string; env?: Record<string, string> } = {},
): Promise<RunningServer> {
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'gmao-e2e-'));
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_USERNAME: E2E_ADMIN.username,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT: '1000',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d) => {
    output += d.toString();
  });
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  if (Date.now() >= deadline) throw new Error(`server did not become healthy:\n${output}`);
  // A process killed by a signal keeps exitCode null (signalCode is set instead).
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  const exited = () => new Promise<void>((res) => (hasExited() ? res() : child.once('exit', () => res())));
  return {
    baseURL,
    dataDir,
    process: child,
    output: () => output,
    exited,
    stop: async (signal: NodeJS.Signals = 'SIGTERM') => {
      if (hasExited()) return;
      const done = exited();
      child.kill(signal);
      await done;
    },
  };
}
