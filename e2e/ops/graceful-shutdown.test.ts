import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, expect, it } from 'vitest';
import { adminToken, type RunningServer, startServer } from '../support/server.ts';

// One data dir for the file: the second start skips initdb.
const dataDir = mkdtempSync(join(tmpdir(), 'gmao-ops-'));
let server: RunningServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

/**
 * Starts POST /api/clients with `Expect: 100-continue` on a keep-alive connection and resolves once the server has
 * answered '100 Continue': from then on the server is handling the request and waits for its body, which `finish`
 * sends. This holds a real request in flight for as long as the test needs, without a test-only slow route.
 */
function beginCreateClient(baseURL: string, token: string, agent: Agent, name: string) {
  const body = JSON.stringify({ nom_entreprise: name });
  const { hostname, port } = new URL(baseURL);
  return new Promise<{ finish: () => Promise<Answer> }>((inFlight, fail) => {
    const req = request({
      host: hostname,
      port,
      path: '/api/clients',
      method: 'POST',
      agent,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
      },
    });
    const answer = new Promise<Answer>((res, rej) => {
      req.on('response', (r) => {
        let text = '';
        r.on('data', (d) => {
          text += d;
        });
        r.on('end', () => res({ status: r.statusCode ?? 0, connection: r.headers.connection, body: text }));
        r.on('error', rej);
      });
      req.on('error', rej);
    });
    answer.catch(() => undefined); // observed through finish()
    req.on('continue', () =>
      inFlight({
        finish: () => {
          req.end(body);
          return answer;
        },
      }),
    );
    req.on('error', fail);
  });
}

/** True once a new TCP connection to the port is refused (the server stopped listening). */
function refused(port: number): Promise<boolean> {
  return new Promise((res) => {
    const socket = connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      res(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => res(err.code === 'ECONNREFUSED'));
  });
}

async function waitUntilRefused(port: number, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!(await refused(port))) {
    if (Date.now() > deadline) throw new Error(`port ${port} still accepts connections ${ms} ms after SIGTERM`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

it('on SIGTERM with 20 requests in flight: new connections are refused, all 20 complete, PostgreSQL stops cleanly, exit 0', async () => {
  server = await startServer({ dataDir });
  const running = server;
  const token = await adminToken(running.baseURL);
  const agent = new Agent({ keepAlive: true, maxSockets: 20 });
  const pending = await Promise.all(
    Array.from({ length: 20 }, (_, i) => beginCreateClient(running.baseURL, token, agent, `Arrêt propre ${i}`)),
  );

  running.process.kill('SIGTERM');
  await waitUntilRefused(Number(new URL(running.baseURL).port));
  const answers = await Promise.all(pending.map((p) => p.finish()));
  agent.destroy();

  for (const [i, answer] of answers.entries()) {
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body).data.nom_entreprise).toBe(`Arrêt propre ${i}`);
    // Keep-alive connections are closed after their last answer, so they do not hold the shutdown.
    expect(answer.connection).toBe('close');
  }
  await running.exited();
  expect(running.process.exitCode).toBe(0);
  // A clean PostgreSQL shutdown removes its lock file; a crash leaves it.
  expect(existsSync(join(running.dataDir, 'pg', 'postmaster.pid'))).toBe(false);
});

it('a request that outlasts SHUTDOWN_TIMEOUT_MS is cut, and the server still stops PostgreSQL cleanly and exits 0', async () => {
  server = await startServer({ dataDir, env: { SHUTDOWN_TIMEOUT_MS: '300' } });
  const running = server;
  const token = await adminToken(running.baseURL);
  const agent = new Agent({ keepAlive: true });
  // Its body is never sent: the request stays in flight until the server gives up on it.
  await beginCreateClient(running.baseURL, token, agent, 'Jamais envoyé');

  running.process.kill('SIGTERM');
  await running.exited();
  agent.destroy();

  expect(running.process.exitCode).toBe(0);
  expect(running.output()).toContain('Requests still in progress after 300 ms: closing their connections');
  expect(existsSync(join(running.dataDir, 'pg', 'postmaster.pid'))).toBe(false);
});
