import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppDeps, buildApp } from '../../src/app.ts';
import type { ApiDocsMode } from '../../src/config.ts';
import { type Database, openDatabase } from '../../src/db/database.ts';
import type { AuthThrottleSettings } from '../../src/modules/auth/auth-throttle.ts';
import { withDatabase } from '../global-setup.ts';
import { TEST_ADMIN } from './constants.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Logs in and returns the access token (and refresh token). */
  login(username?: string, password?: string): Promise<{ token: string; refreshToken: string }>;
  /** Token of the seeded administrator, cached per file. */
  adminToken(): Promise<string>;
  /** app.inject with a bearer token. */
  as(token: string, opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

function cloneName(): string {
  return `${inject('templateDb').replace('tpl', 'f')}_${randomBytes(4).toString('hex')}`;
}

/**
 * Drops a file's clone once its app is closed, while the other workers' files run: each DROP DATABASE waits for a
 * checkpoint (~0.4 s here), ~50 s for a run's ~130 clones when the global teardown dropped them one after the other.
 * A clone left behind (a file that did not close its app) is dropped by the teardown.
 */
async function dropClone(name: string) {
  const client = new pg.Client({ connectionString: inject('dbServerUrl') });
  try {
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } catch {
    // left to the global teardown
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function createDatabaseFromTemplate(name: string): Promise<string> {
  const serverUrl = inject('dbServerUrl');
  const template = inject('templateDb');
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    // Two files cloning the template at the same instant can collide; retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        break;
      } catch (err) {
        if (attempt >= 20 || !/being accessed by other users/.test((err as Error).message)) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
    // Issue 36: a clone is thrown away after its file, so its commits need not wait for the WAL's flush to disk (the
    // atomicity of each transaction is unchanged). The server project: 199 s → 171 s, system time halved.
    await client.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  } finally {
    await client.end();
  }
  return withDatabase(serverUrl, name);
}

/** Login throttling out of the way of tests that log in a lot; throttle tests pass their own thresholds. */
const RELAXED_THROTTLE: Partial<AuthThrottleSettings> = {
  accountFailures: 1000,
  addressFailures: 1000,
  globalFailures: 100_000,
};

/** A fresh, migrated and seeded database and an app built on it, for one test file. */
export async function createTestApp(
  opts: {
    authThrottle?: Partial<AuthThrottleSettings>;
    webDist?: string;
    apiDocs?: ApiDocsMode;
    configure?: (app: FastifyInstance) => void;
    /** Receives the app's JSON log lines (level warn and above) instead of silence. */
    logStream?: { write(line: string): void };
    /** Any other buildApp dependency (metrics token, storage, jwtSecret…). */
    deps?: Partial<Omit<AppDeps, 'database'>>;
  } = {},
): Promise<TestApp> {
  const clone = cloneName();
  const database = openDatabase(await createDatabaseFromTemplate(clone), { max: 5 });
  const app = await buildApp({
    database,
    jwtSecret: randomBytes(32).toString('hex'),
    logLevel: opts.logStream ? 'warn' : 'silent',
    logStream: opts.logStream,
    authThrottle: { ...RELAXED_THROTTLE, ...opts.authThrottle },
    webDist: opts.webDist,
    apiDocs: opts.apiDocs,
    ...opts.deps,
  });
  opts.configure?.(app);
  await app.ready();
  let adminToken: string | undefined;

  const login = async (username: string = TEST_ADMIN.username, password: string = TEST_ADMIN.password) => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });
    if (res.statusCode !== 200) throw new Error(`login ${username} failed: ${res.statusCode} ${res.body}`);
    const { token, refreshToken } = res.json().data;
    return { token, refreshToken };
  };

  return {
    app,
    database,
    login,
    adminToken: async () => {
      const token = adminToken ?? (await login()).token;
      adminToken = token;
      return token;
    },
    as: (token, opts) => app.inject({ ...opts, headers: { ...opts.headers, authorization: `Bearer ${token}` } }),
    close: async () => {
      await app.close();
      await database.close();
      await dropClone(clone);
    },
  };
}
