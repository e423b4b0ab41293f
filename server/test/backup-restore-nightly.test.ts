import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { BACKUP_LOCK, backupFileName, pruneBackups, runScheduledBackup } from '../src/ops/nightly.ts';
import { localDiskStorage } from '../src/storage/file-storage.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';

/**
 * Nightly backups (server/src/ops/nightly.ts, ARCHITECTURE.md "Backup and restore"): retention of the N newest
 * archives by file name, one run at a time across instances (advisory lock), the BACKUP_* settings. The archive itself
 * and its restore are in backup-restore.test.ts.
 */
let t: TestApp;
let work: string;
let sourceDir: string;
const previousDataDir = process.env.DATA_DIR;

const uploadsOf = (dataDir: string) => join(dataDir, 'uploads');

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'gmao-backup-test-'));
  sourceDir = join(work, 'source');
  // The app's uploads folder is DATA_DIR/uploads, resolved at its first file operation.
  process.env.DATA_DIR = sourceDir;
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
  await rm(work, { recursive: true, force: true });
  if (previousDataDir === undefined) delete process.env.DATA_DIR;
  else process.env.DATA_DIR = previousDataDir;
});

describe('nightly backups', () => {
  const archiveAt = (day: number) => backupFileName(new Date(Date.UTC(2020, 0, day, 2)));

  it('keeps the N newest archives and deletes older ones, leaving other files alone', async () => {
    const dir = await mkdtemp(join(work, 'keep-'));
    const names = [5, 1, 4, 2, 3].map(archiveAt);
    for (const name of [...names, 'notes.txt', 'manual.tar.gz']) await writeFile(join(dir, name), '');
    expect(await pruneBackups(dir, 2)).toEqual([1, 2, 3].map(archiveAt));
    expect((await readdir(dir)).sort()).toEqual([archiveAt(4), archiveAt(5), 'manual.tar.gz', 'notes.txt']);
    expect(await pruneBackups(dir, 2)).toEqual([]);
    expect(await pruneBackups(join(dir, 'missing'), 2)).toEqual([]);
  });

  it('runs only where the advisory lock is free, then prunes beyond keep', async () => {
    const dir = await mkdtemp(join(work, 'nightly-'));
    for (const day of [1, 2, 3]) await writeFile(join(dir, archiveAt(day)), '');
    const opts = {
      pool: t.database.pool,
      storage: localDiskStorage(uploadsOf(sourceDir)),
      dir,
      keep: 2,
      source: 'external' as const,
    };
    const other = await t.database.pool.connect();
    try {
      // Another instance is backing up.
      await other.query('SELECT pg_advisory_lock($1)', [BACKUP_LOCK]);
      expect(await runScheduledBackup(opts)).toEqual({ skipped: true });
      expect(await readdir(dir)).toHaveLength(3);
    } finally {
      await other.query('SELECT pg_advisory_unlock($1)', [BACKUP_LOCK]);
      other.release();
    }
    const now = new Date();
    const run = await runScheduledBackup({ ...opts, now: () => now });
    expect(run).toEqual({ skipped: false, file: join(dir, backupFileName(now)), pruned: [1, 2].map(archiveAt) });
    expect((await readdir(dir)).sort()).toEqual([archiveAt(3), backupFileName(now)]);
    expect(existsSync(join(dir, backupFileName(now)))).toBe(true);
  });

  it('reads BACKUP_CRON, BACKUP_DIR and BACKUP_KEEP from the environment', () => {
    expect(loadConfig({})).toMatchObject({ BACKUP_KEEP: 7 });
    expect(loadConfig({}).BACKUP_CRON).toBeUndefined();
    expect(loadConfig({ BACKUP_CRON: '0 2 * * *', BACKUP_KEEP: '3' })).toMatchObject({
      BACKUP_CRON: '0 2 * * *',
      BACKUP_KEEP: 3,
    });
    expect(() => loadConfig({ BACKUP_CRON: 'chaque nuit' })).toThrow(/BACKUP_CRON/);
    expect(() => loadConfig({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
  });
});
