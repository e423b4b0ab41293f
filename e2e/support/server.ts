import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
export const SERVER_ENTRY = join(REPO_ROOT, 'server', 'dist', 'main.js');
export const E2E_ADMIN = { username: 'admin', password: 'AdminGmao2024!' } as const;

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
  /** How long the server took to answer /api/health with 200 (to start, with `waitHealthy: false`). */
  startMs: number;
  stop(signal?: NodeJS.Signals): Promise<void>;
  /** Resolves once the process has exited (by itself or by a signal). */
  exited(): Promise<void>;
}

/**
 * Starts the built server (server/dist/main.js, serving web/dist) on a fresh or given DATA_DIR. With
 * `processGroup` it leads its own process group (the embedded postmaster joins it), which `process.kill(-pid)`
 * then signals as a whole, as a power cut or the OOM killer of a container does.
 */
export async function startServer(
  opts: { dataDir?: string; env?: Record<string, string>; processGroup?: boolean; waitHealthy?: boolean } = {},
): Promise<RunningServer> {
  const startedAt = Date.now();
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
      // many test logins and registrations come from 127.0.0.1
      LOGIN_ADDRESS_FAILURES: '1000',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: opts.processGroup ?? false,
  });
  child.stdout?.on('data', (d) => {
    output += d.toString();
  });
  child.stderr?.on('data', (d) => {
    output += d.toString();
  });
  const baseURL = `http://127.0.0.1:${port}`;
  if (opts.waitHealthy !== false) {
    await waitHealthy(baseURL, () => (child.exitCode !== null ? `server exited (${child.exitCode})` : null)).catch(
      (err: Error) => {
        throw new Error(`${err.message}:\n${output}`);
      },
    );
  }
  // A process killed by a signal keeps exitCode null (signalCode is set instead).
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;
  const exited = () => new Promise<void>((res) => (hasExited() ? res() : child.once('exit', () => res())));
  return {
    baseURL,
    dataDir,
    process: child,
    output: () => output,
    startMs: Date.now() - startedAt,
    exited,
    stop: async (signal: NodeJS.Signals = 'SIGTERM') => {
      if (hasExited()) return;
      const done = exited();
      child.kill(signal);
      await done;
    },
  };
}

/**
 * Waits until the server at `baseURL` answers /api/health with 200 (90 s at most). `failed` names a reason to stop
 * waiting at once (the process has exited), or null.
 */
export async function waitHealthy(baseURL: string, failed: () => string | null = () => null): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    const reason = failed();
    if (reason) throw new Error(reason);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server at ${baseURL} did not become healthy in 90 s`);
}

/** The administrator's access token, for API calls without a browser. */
export async function adminToken(baseURL: string): Promise<string> {
  const res = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(E2E_ADMIN),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}
