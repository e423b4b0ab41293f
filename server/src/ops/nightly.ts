import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { Cron } from 'croner';
import type pg from 'pg';
import type { FileStorage } from '../storage/file-storage.ts';
import { createBackup } from './backup.ts';
import type { Manifest } from './manifest.ts';

/** Arbitrary constant (next to the migrations' one): the session advisory lock held by the instance backing up. */
export const BACKUP_LOCK = 725_104_202;

const ARCHIVE_NAME = /^gmao-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar\.gz$/;

/** gmao-2025-01-31T02-00-00-000Z.tar.gz: sorts by date, and only such names are pruned. */
export function backupFileName(at: Date): string {
  return `gmao-${at.toISOString().replaceAll(':', '-').replace('.', '-')}.tar.gz`;
}

/** Deletes the archives of `dir` named by backupFileName beyond the `keep` newest; returns the deleted names. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => ARCHIVE_NAME.test(n)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await rm(join(dir, name), { force: true });
  return old;
}

export interface ScheduledBackupOptions {
  pool: pg.Pool;
  storage: FileStorage;
  dir: string;
  keep: number;
  source: Manifest['source'];
  /**
   * The lock is held at least this long after the run starts, so that an instance whose clock is a little late
   * finds it taken instead of making a second archive once the first is done.
   */
  minHoldMs?: number;
  signal?: AbortSignal;
  now?: () => Date;
  /** Told as soon as the archive is written (before the lock's minimum hold ends). */
  onWritten?: (file: string, pruned: string[]) => void;
}

export type ScheduledBackupResult = { skipped: true } | { skipped: false; file: string; pruned: string[] };

/** One nightly run: only the instance that takes the advisory lock backs up, then prunes beyond `keep`. */
export async function runScheduledBackup(opts: ScheduledBackupOptions): Promise<ScheduledBackupResult> {
  const startedAt = Date.now();
  const lockClient = await opts.pool.connect();
  try {
    const { rows } = await lockClient.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
      BACKUP_LOCK,
    ]);
    if (!rows[0]?.locked) return { skipped: true };
    try {
      const at = (opts.now ?? (() => new Date()))();
      const { file } = await createBackup({
        pool: opts.pool,
        storage: opts.storage,
        out: join(opts.dir, backupFileName(at)),
        source: opts.source,
      });
      const pruned = await pruneBackups(opts.dir, opts.keep);
      opts.onWritten?.(file, pruned);
      const rest = startedAt + (opts.minHoldMs ?? 0) - Date.now();
      if (rest > 0) await delay(rest, undefined, { signal: opts.signal }).catch(() => undefined);
      return { skipped: false, file, pruned };
    } finally {
      await lockClient.query('SELECT pg_advisory_unlock($1)', [BACKUP_LOCK]).catch(() => undefined);
    }
  } finally {
    lockClient.release();
  }
}

export interface BackupScheduler {
  /** Stops the schedule and waits for a run in progress. */
  stop(): Promise<void>;
}

/** Runs runScheduledBackup on the cron expression (server local time); a run never overlaps the previous one. */
export function scheduleBackups(
  cron: string,
  opts: Omit<ScheduledBackupOptions, 'signal'>,
  log: { info(msg: string): void; error(msg: string): void },
): BackupScheduler {
  const abort = new AbortController();
  let running: Promise<void> = Promise.resolve();
  const job = new Cron(cron, { protect: true }, () => {
    running = runScheduledBackup({
      minHoldMs: 60_000,
      ...opts,
      signal: abort.signal,
      onWritten: (file, pruned) =>
        log.info(`nightly backup written: ${file}${pruned.length ? `, deleted ${pruned.join(', ')}` : ''}`),
    }).then(
      (r) => {
        if (r.skipped) log.info('nightly backup: another instance holds the lock, skipped');
      },
      (err: Error) => log.error(`nightly backup failed: ${err.message}`),
    );
    return running;
  });
  return {
    stop: async () => {
      job.stop();
      abort.abort();
      await running;
    },
  };
}
