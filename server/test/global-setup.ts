import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database.ts';
import { embeddedAdminUrl, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';
import { bootstrapAdmin, seedReferenceData } from '../src/db/seed.ts';
import { TEST_ADMIN } from './helpers/constants.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbServerUrl: string;
    templateDb: string;
  }
}

/**
 * One PostgreSQL per run (embedded by default, the server of TEST_DATABASE_URL when it is set), one migrated and
 * seeded template database; each test file then clones it (CREATE DATABASE … TEMPLATE) in milliseconds.
 */
export default async function setup(project: TestProject) {
  const external = Boolean(process.env.TEST_DATABASE_URL);
  let serverUrl: string;
  let stopEmbedded: (() => Promise<void>) | null = null;
  const runDir = resolve(import.meta.dirname, '..', '.test-data', `run-${project.name}-${process.pid}`);
  if (external) {
    serverUrl = process.env.TEST_DATABASE_URL as string;
  } else {
    rmSync(runDir, { recursive: true, force: true });
    const embedded = await startEmbeddedPostgres(runDir);
    // The harness creates databases (CREATE DATABASE … TEMPLATE): the superuser, as on TEST_DATABASE_URL.
    serverUrl = embeddedAdminUrl(runDir);
    stopEmbedded = () => embedded.stop();
  }
  const templateDb = `gmao_tpl_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${templateDb}`);
  const templateUrl = withDatabase(serverUrl, templateDb);
  const database = openDatabase(templateUrl);
  await migrate(database.pool);
  await seedReferenceData(database.db);
  await bootstrapAdmin(database.db, { username: TEST_ADMIN.username, password: TEST_ADMIN.password });
  await database.close();

  project.provide('dbServerUrl', serverUrl);
  project.provide('templateDb', templateDb);

  return async () => {
    // Drop what this run created on a shared server; an embedded one is thrown away whole.
    if (external) {
      const { rows } = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
        `${templateDb.replace('tpl', 'f')}%`,
      ]);
      // Several at once: each DROP DATABASE waits for a checkpoint, and concurrent ones share it (one after the other,
      // the ~130 databases of a run took ~40 s after the last test).
      const names = rows.map((r) => r.datname);
      const dropper = async () => {
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        try {
          for (let name = names.pop(); name; name = names.pop())
            await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        } finally {
          await client.end();
        }
      };
      await Promise.all(Array.from({ length: 8 }, dropper));
      await admin.query(`DROP DATABASE IF EXISTS ${templateDb} WITH (FORCE)`);
    }
    await admin.end();
    if (stopEmbedded) {
      await stopEmbedded();
      rmSync(runDir, { recursive: true, force: true });
    }
  };
}

export function withDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export const testDataDir = (name: string) => join(import.meta.dirname, '..', '.test-data', name);
