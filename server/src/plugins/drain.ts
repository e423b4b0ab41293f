import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Graceful shutdown: once `app.close()` has begun, every response still being answered says `Connection: close`,
 * so Node closes its keep-alive socket after it instead of holding `close()` until the keep-alive timeout.
 * (Fastify itself stops accepting, closes idle sockets and answers 503 to requests that arrive after.)
 */
export default fp(
  async (app: FastifyInstance) => {
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onSend', async (_request, reply, payload) => {
      if (closing) reply.header('connection', 'close');
      return payload;
    });
  },
  { name: 'drain' },
);
