import type { Db, DbOrTx } from '../../db/database.ts';
import { claimDueJobs, insertJob, markDone, markFailed, purgeFinishedJobs } from './jobs.repository.ts';

/**
 * The durable job queue on PostgreSQL (no pg-boss: its current versions need Node 22). `enqueue` inside the caller's
 * transaction, so a job exists only if the change that asks for it commits. Each instance runs a JobRunner; a job is
 * claimed by one of them (SKIP LOCKED), under a lease, retried with exponential backoff (30 s, 1 min, 2 min … 1 h).
 * Delivery is at least once: a process killed after a side effect and before `markDone` repeats it when the lease
 * ends — handlers keep that window short (the mail handler sends, then marks the job done at once).
 */
export type JobHandler = (data: unknown, job: { id: number; attempts: number }) => Promise<void>;

export async function enqueue(
  tx: DbOrTx,
  name: string,
  data: unknown,
  opts: { runAt?: Date; maxAttempts?: number; uniqueKey?: string } = {},
): Promise<number | null> {
  return insertJob(tx, { name, data, ...opts });
}

export const retryDelaySeconds = (attempts: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

export interface JobRunnerOptions {
  pollMs?: number;
  leaseSeconds?: number;
  batch?: number;
  onError?: (err: unknown, job: { id: number; name: string }) => void;
}

export class JobRunner {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Db,
    private readonly handlers: Record<string, JobHandler>,
    private readonly opts: JobRunnerOptions = {},
  ) {}

  start() {
    this.stopped = false;
    const tick = () => {
      if (this.stopped) return;
      this.running = this.runOnce()
        .then(() => undefined)
        .catch((err) => this.opts.onError?.(err, { id: 0, name: 'runner' }))
        .finally(() => {
          this.running = null;
          if (!this.stopped) this.timer = setTimeout(tick, this.opts.pollMs ?? 2000);
        });
    };
    tick();
    return this;
  }

  /** Runs every due job once (tests call it directly); returns how many ran. */
  async runOnce(): Promise<number> {
    const claimed = await claimDueJobs(
      this.db,
      Object.keys(this.handlers),
      this.opts.batch ?? 20,
      this.opts.leaseSeconds ?? 300,
    );
    for (const job of claimed) {
      const handler = this.handlers[job.name];
      try {
        if (!handler) throw new Error(`no handler for ${job.name}`);
        await handler(job.data, { id: job.id, attempts: job.attempts });
        await markDone(this.db, job.id);
      } catch (err) {
        this.opts.onError?.(err, job);
        const final = job.attempts >= job.max_attempts;
        await markFailed(
          this.db,
          job.id,
          String((err as Error)?.message ?? err),
          retryDelaySeconds(job.attempts),
          final,
        );
      }
    }
    return claimed.length;
  }

  /** No new claim; waits for the jobs in progress (graceful shutdown). */
  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}

export const purgeJobs = (db: Db, days = 30) => purgeFinishedJobs(db, days);
