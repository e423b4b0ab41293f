import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { type Database, openDatabase } from './database.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './embedded.ts';
import { migrate } from './migrate.ts';
import { seedReferenceData } from './seed.ts';

export interface OpenedDatabase {
  database: Database;
  embedded: EmbeddedDatabase | null;
  /** Closes the pool, then stops the embedded server if there is one. */
  shutdown(): Promise<void>;
}

/** DATABASE_URL when given, else the embedded PostgreSQL in DATA_DIR/pg; migrated and seeded. */
export async function openMigratedDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  onPoolError?: (err: Error) => void;
}): Promise<OpenedDatabase> {
  const { url, embedded } = await locateDatabase(opts);
  const database = openDatabase(url, { onError: opts.onPoolError });
  try {
    await migrate(database.pool);
    await seedReferenceData(database.db);
  } catch (err) {
    await database.close().catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw err;
  }
  return {
    database,
    embedded,
    shutdown: async () => {
      await database.close().catch(() => undefined);
      await embedded?.stop();
    },
  };
}

/**
 * The URL of the app's database, starting the embedded server in DATA_DIR/pg (which prepares its `gmao` database
 * and the app's role, not a superuser) when DATABASE_URL is unset; nothing is migrated (backup and restore read or
 * fill the database as it is).
 */
export async function locateDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<{ url: string; embedded: EmbeddedDatabase | null }> {
  mkdirSync(opts.dataDir, { recursive: true });
  if (opts.databaseUrl) return { url: opts.databaseUrl, embedded: null };
  const embedded = await startEmbeddedPostgres(opts.dataDir);
  return { url: embedded.url, embedded };
}

export const uploadsDir = (dataDir: string) => join(dataDir, 'uploads');
