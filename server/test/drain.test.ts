import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { expect, it } from 'vitest';
import drainPlugin from '../src/plugins/drain.ts';

/**
 * Shutdown waits for route handlers, not only for connections: a client that gives up mid-request leaves its handler
 * running, and the server must not end the database pool under it (main.ts closes the app, then the pool).
 */
it('close() waits for a handler whose client went away, and counts handlers while they run', async () => {
  const app = Fastify();
  await app.register(drainPlugin);
  let release!: () => void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let entered!: () => void;
  const inHandler = new Promise<void>((resolve) => {
    entered = resolve;
  });
  let finished = false;
  app.get('/slow', async () => {
    entered();
    await held; // a query still running
    finished = true;
    return { ok: true };
  });
  app.get('/sync', (_request, reply) => {
    setImmediate(() => reply.send({ sync: true }));
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;

  // A handler that sends later without returning a promise keeps working (and is not counted after it returns).
  const sync = await app.inject({ method: 'GET', url: '/sync' });
  expect(sync.json()).toEqual({ sync: true });
  expect(app.handlersRunning()).toBe(0);

  const req = request({ host: '127.0.0.1', port, path: '/slow' });
  req.on('error', () => undefined);
  req.end();
  await inHandler;
  expect(app.handlersRunning()).toBe(1);
  req.destroy(); // the client gives up

  let closed = false;
  const closing = app.close().then(() => {
    closed = true;
  });
  // close() has stopped listening and its connections are gone, yet it waits for the handler.
  await new Promise<void>((resolve) => app.server.once('close', () => resolve()));
  await new Promise((resolve) => setImmediate(resolve));
  expect(closed).toBe(false);
  release();
  await closing;
  expect(finished).toBe(true);
  expect(app.handlersRunning()).toBe(0);
});
