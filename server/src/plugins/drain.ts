import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Route handlers running now (the drain plugin): a handler outlives its connection when the client goes away. */
    handlersRunning(): number;
  }
}

/** How long closing waits for running handlers (the server's request timeout: no handler should outlive it). */
export const HANDLER_DRAIN_MS = 30_000;

/**
 * Graceful shutdown: once `app.close()` has begun, every response still being answered says `Connection: close`,
 * so Node closes its keep-alive socket after it instead of holding `close()` until the keep-alive timeout.
 * (Fastify itself stops accepting, closes idle sockets and answers 503 to requests that arrive after.)
 *
 * And `close()` resolves only once every route handler has returned: Fastify's close waits for the requests of open
 * connections, but a client that gave up (a closed socket) leaves its handler running, and its next query would meet
 * a pool already ended by the shutdown ("Cannot use a pool after calling end on the pool", seen when the HTTP bench
 * stopped the server under load).
 */
export default fp(
  async (app: FastifyInstance) => {
    let closing = false;
    let running = 0;
    let idle: (() => void) | null = null;
    app.decorate('handlersRunning', () => running);
    const done = () => {
      running--;
      if (running === 0) idle?.();
    };
    app.addHook('onRoute', (route) => {
      const handler = route.handler as (...args: Parameters<RouteHandlerMethod>) => unknown;
      // An async handler is counted until its promise settles; any other returns at once (Fastify then waits for its
      // reply.send, as it would have).
      route.handler = function tracked(this: FastifyInstance, request, reply) {
        running++;
        let result: unknown;
        try {
          result = handler.call(this, request, reply);
        } catch (err) {
          done();
          throw err;
        }
        if (result instanceof Promise) return result.finally(done);
        done();
        return result;
      };
    });
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onSend', async (_request, reply, payload) => {
      if (closing) reply.header('connection', 'close');
      return payload;
    });
    app.addHook('onClose', async () => {
      if (running === 0) return;
      app.log.info({ running }, 'waiting for route handlers still running');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, HANDLER_DRAIN_MS);
        idle = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    });
  },
  { name: 'drain' },
);
