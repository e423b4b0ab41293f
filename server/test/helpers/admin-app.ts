import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';

export type AdminRequest = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => Promise<LightMyRequestResponse>;

export interface AdminTestApp extends TestApp {
  /** The seeded administrator's access token. */
  readonly admin: string;
  /** A request sent with the administrator's token. */
  asAdmin: AdminRequest;
}

/**
 * The per-file set-up of API tests that act as the seeded administrator: registers the hooks that build a fresh app
 * with the administrator's token before the tests and close it after them. Call it at the top level of a test file; the
 * returned object is usable inside hooks and tests.
 */
export function useAdminTestApp(): AdminTestApp {
  let current: { t: TestApp; admin: string } | undefined;
  beforeAll(async () => {
    const t = await createTestApp();
    current = { t, admin: await t.adminToken() };
  });
  afterAll(() => current?.t.close());

  const ready = () => {
    if (!current) throw new Error('useAdminTestApp: the app is built in beforeAll; use it inside hooks and tests');
    return current;
  };
  return {
    get app() {
      return ready().t.app;
    },
    get database() {
      return ready().t.database;
    },
    get admin() {
      return ready().admin;
    },
    login: (username, password) => ready().t.login(username, password),
    adminToken: async () => ready().admin,
    as: (token, opts) => ready().t.as(token, opts),
    asAdmin: (method, url, payload) => ready().t.as(ready().admin, { method, url, payload }),
    close: () => ready().t.close(),
  };
}
