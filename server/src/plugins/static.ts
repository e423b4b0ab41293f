import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** index.html of the built SPA, served for every non-API GET that matches no file. */
    spaIndex: string | null;
  }
}

export default fp(
  async (app: FastifyInstance, opts: { root: string | undefined }) => {
    const root = opts.root;
    const index = root ? join(root, 'index.html') : '';
    if (!root || !existsSync(index)) {
      app.decorate('spaIndex', null);
      return;
    }
    app.decorate('spaIndex', readFileSync(index, 'utf8'));
    // The built SPA's files are public; the route table records it like any other route (fail closed).
    await app.register(async (files) => {
      files.addHook('onRoute', (route) => {
        route.config = { ...route.config, access: 'public' };
      });
      await files.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        // The build writes .br and .gz copies (web/scripts/precompress.mjs): sent as is when the browser accepts them.
        preCompressed: true,
        // Hashed assets never change; index.html must always be revalidated.
        setHeaders: (reply, path) => {
          reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    });
    app.get('/', { config: { access: 'public' }, schema: { hide: true } }, (_req, reply) =>
      reply.type('text/html').header('cache-control', 'no-cache').send(app.spaIndex),
    );
  },
  { name: 'static' },
);
