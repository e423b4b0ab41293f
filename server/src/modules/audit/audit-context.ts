import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The request an audit row is written for, carried through the async calls of its handler, so that services record
 * who, from where and under which request id without every signature passing the request down. Outside a request
 * (jobs, command-line tools) there is none and those columns stay empty.
 */
const storage = new AsyncLocalStorage<FastifyRequest>();

export function currentRequest(): FastifyRequest | undefined {
  return storage.getStore();
}

export const auditContextPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', (request, _reply, done) => {
      storage.run(request, done);
    });
  },
  { name: 'audit-context' },
);
