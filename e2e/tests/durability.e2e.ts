import { rmSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { E2E_ADMIN, type RunningServer, startServer } from '../support/server.ts';

let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

async function login(baseURL: string): Promise<string | null> {
  try {
    const res = await fetch(`${baseURL}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(E2E_ADMIN),
    });
    if (res.status !== 200) return null;
    return ((await res.json()) as { data: { refreshToken: string } }).data.refreshToken;
  } catch {
    return null; // the server died mid-request: not acknowledged
  }
}

it('after a kill -9 during writes, the server restarts on the same DATA_DIR and every acknowledged write is there', async () => {
  server = await startServer();
  const { dataDir, baseURL } = server;
  // Each login writes a refresh-token row; a 200 means the write was acknowledged (committed).
  const acknowledged: string[] = [];
  let stop = false;
  const writers = Array.from({ length: 4 }, async () => {
    while (!stop) {
      const token = await login(baseURL);
      if (token) acknowledged.push(token);
      else if (stop) break;
    }
  });
  await new Promise((r) => setTimeout(r, 1500));
  server.process.kill('SIGKILL');
  stop = true;
  await Promise.all(writers);
  await server.exited();
  expect(acknowledged.length).toBeGreaterThan(5);

  // restart on the same folder: the orphaned postgres is cleaned up and recovery runs
  server = await startServer({ dataDir });
  // The writes acknowledged last, just before the kill, are the ones at risk; the refresh endpoint is rate-limited
  // (60/min per address), so check those and a few early ones.
  const sample = acknowledged.length > 50 ? [...acknowledged.slice(0, 10), ...acknowledged.slice(-40)] : acknowledged;
  for (const token of sample) {
    const res = await fetch(`${server.baseURL}/api/auth/refresh-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(res.status).toBe(200);
  }
}, 120_000);
