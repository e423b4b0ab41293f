import { rmSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { adminToken, type RunningServer, startServer } from '../support/server.ts';

const CYCLES = 20;
const WRITERS = 4;
/** Writes acknowledged in a cycle before the kill; the writers keep going, so more are in flight when it lands. */
const ACKNOWLEDGED_BEFORE_KILL = 12;

let server: RunningServer | undefined;
afterAll(async () => {
  await server?.stop();
  if (server) rmSync(server.dataDir, { recursive: true, force: true });
});

interface Written {
  id: number;
  name: string;
}

/** POST /api/clients; null when the server died before answering (not acknowledged). */
async function createClient(baseURL: string, token: string, name: string): Promise<Response | null> {
  try {
    return await fetch(`${baseURL}/api/clients`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ nom_entreprise: name }),
    });
  } catch {
    return null;
  }
}

/**
 * Writers create clients until the kill; a 201 is an acknowledged (committed) write. Resolves once `target`
 * writes of this cycle are acknowledged; `stop` ends the writers, which then settle.
 */
function startWriters(baseURL: string, token: string, cycle: number, acknowledged: Written[], target: number) {
  let stopped = false;
  let count = 0;
  let reached: () => void = () => undefined;
  const enough = new Promise<void>((res) => {
    reached = res;
  });
  const writers = Array.from({ length: WRITERS }, async (_, w) => {
    for (let n = 0; !stopped; n++) {
      const name = `Panne ${cycle}-${w}-${n}`;
      const res = await createClient(baseURL, token, name);
      if (stopped) {
        // Answered in the instant before the kill: acknowledged if its body (the id) arrived whole.
        const body = res?.status === 201 ? await res.json().catch(() => null) : null;
        if (body) acknowledged.push({ id: (body as { data: Written }).data.id, name });
        return;
      }
      if (res?.status !== 201) throw new Error(`write refused before the kill: ${res?.status ?? 'no answer'}`);
      acknowledged.push({ id: ((await res.json()) as { data: Written }).data.id, name });
      if (++count >= target) reached();
    }
  });
  const settled = Promise.all(writers);
  return {
    enough: Promise.race([enough, settled]),
    stop: async () => {
      stopped = true;
      await settled;
    },
  };
}

it(
  `${CYCLES} times: kill -9 of the server's process group during writes, immediate restart on the same DATA_DIR: ` +
    'healthy within 30 s, one line saying what was cleaned up, and every acknowledged write is there',
  async () => {
    const began = Date.now();
    server = await startServer({ processGroup: true });
    const { dataDir } = server;
    // The JWT secret lives in DATA_DIR: the token outlives the restarts.
    const token = await adminToken(server.baseURL);
    const acknowledged: Written[] = [];
    const restartMs: number[] = [];

    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      const running: RunningServer = server;
      const writers = startWriters(running.baseURL, token, cycle, acknowledged, ACKNOWLEDGED_BEFORE_KILL);
      await writers.enough;
      // The whole group: Node and the embedded postmaster with its backends, as a power cut would.
      process.kill(-(running.process.pid ?? 0), 'SIGKILL');
      await writers.stop();
      await running.exited();

      server = await startServer({ dataDir, processGroup: true });
      restartMs.push(server.startMs);
      expect(server.startMs, `restart ${cycle}`).toBeLessThan(30_000);
      const lines = server.output().split('\n');
      const report = lines.filter((l) => l.startsWith('Embedded PostgreSQL:'));
      expect(report, `restart ${cycle}`).toHaveLength(1);
      expect(report[0]).toMatch(/^Embedded PostgreSQL: stale lock removed \(pid \d+ [^)]+\);.* started/);
    }

    expect(acknowledged.length).toBeGreaterThanOrEqual(CYCLES * ACKNOWLEDGED_BEFORE_KILL);
    const final = server;
    const missing: Written[] = [];
    for (const written of acknowledged) {
      const res = await fetch(`${final.baseURL}/api/clients/${written.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = res.status === 200 ? ((await res.json()) as { data: { nom_entreprise: string } }) : null;
      if (body?.data.nom_entreprise !== written.name) missing.push(written);
    }
    expect(missing).toEqual([]);
    const avg = Math.round(restartMs.reduce((a, b) => a + b, 0) / restartMs.length);
    console.log(
      `${CYCLES} kill -9 cycles, ${acknowledged.length} acknowledged writes all present; restart to healthy: ` +
        `avg ${avg} ms, max ${Math.max(...restartMs)} ms; whole test ${Math.round((Date.now() - began) / 1000)} s`,
    );
  },
  15 * 60_000,
);

it('kill -9 of Node alone (the postmaster lives on as an orphan): the restart stops it, says so, and keeps the writes', async () => {
  // The previous test's folder, stopped cleanly: a warm start.
  const dataDir = server?.dataDir;
  await server?.stop();
  const first = await startServer({ dataDir });
  server = first;
  const token = await adminToken(first.baseURL);
  const acknowledged: Written[] = [];
  const writers = startWriters(first.baseURL, token, 0, acknowledged, ACKNOWLEDGED_BEFORE_KILL);
  await writers.enough;
  first.process.kill('SIGKILL');
  await writers.stop();
  await first.exited();

  server = await startServer({ dataDir: first.dataDir });
  expect(server.output()).toMatch(
    /^Embedded PostgreSQL: orphaned server \(pid \d+, answering on its socket\) stopped; started$/m,
  );
  for (const written of acknowledged) {
    const res = await fetch(`${server.baseURL}/api/clients/${written.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
  }
});
