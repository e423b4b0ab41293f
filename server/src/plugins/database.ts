import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/database.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/** Exposes the database opened by main.ts (or a test) to routes; closing it stays the owner's job. */
export default fp(
  async (app: FastifyInstance, opts: { database: Database }) => {
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
  },
  { name: 'database' },
);
