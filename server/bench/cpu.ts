// Where a route's CPU goes during the HTTP half of `npm run bench` (issue 16): the built server, PostgreSQL (its
// postmaster and every backend) and this process (autocannon), in µs of CPU per request, read from Linux's
// /proc/<pid>/stat around each measure. A route's ratio to the ceiling is the ceiling's CPU per request over the
// route's: this says which side to make cheaper. Elsewhere than Linux the split is not measured (null).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface CpuSplit {
  server: number;
  postgres: number;
  client: number;
}

/** CPU ticks (utime + stime) of each side, summed over the measures of one route. */
export type Ticks = CpuSplit;

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of a process, and its parent's pid; null once it is gone. */
function stat(pid: string | number): { ticks: number; ppid: number } | null {
  try {
    // The command name may hold spaces: the fields start after its closing parenthesis.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return { ticks: Number(fields[11]) + Number(fields[12]), ppid: Number(fields[1]) };
  } catch {
    return null;
  }
}

/** A meter of the server `serverPid` and of the PostgreSQL whose data directory is `pgDir`; null off Linux. */
export function cpuMeter(serverPid: number, pgDir: string) {
  const pidFile = join(pgDir, 'postmaster.pid');
  if (!existsSync('/proc/self/stat') || !existsSync(pidFile)) return null;
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  /** PostgreSQL's processes (the postmaster and its children) and their ticks. */
  const postgres = () => {
    const ticks = new Map<number, number>([[postmaster, stat(postmaster)?.ticks ?? 0]]);
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const s = stat(pid);
      if (s?.ppid === postmaster) ticks.set(Number(pid), s.ticks);
    }
    return ticks;
  };
  return {
    /** The CPU spent while `measure` runs, added to `into` (ticks). */
    async around<T>(into: Ticks, measure: () => Promise<T>): Promise<T> {
      const before = {
        server: stat(serverPid)?.ticks ?? 0,
        postgres: postgres(),
        client: stat(process.pid)?.ticks ?? 0,
      };
      const result = await measure();
      into.server += (stat(serverPid)?.ticks ?? 0) - before.server;
      into.client += (stat(process.pid)?.ticks ?? 0) - before.client;
      // A backend started during the measure counts from zero; one that ended takes its ticks away with it (the pool
      // closes idle connections): counted from the processes still there, so never below zero.
      for (const [pid, ticks] of postgres()) into.postgres += ticks - (before.postgres.get(pid) ?? 0);
      return result;
    },
  };
}

export type CpuMeter = NonNullable<ReturnType<typeof cpuMeter>>;

export const noTicks = (): Ticks => ({ server: 0, postgres: 0, client: 0 });

/** Ticks spent over `requests` requests, as µs per request. */
export function perRequest(ticks: Ticks, requests: number): CpuSplit {
  const us = (t: number) => Math.round((t * 1_000_000) / ticksPerSecond / Math.max(1, requests));
  return { server: us(ticks.server), postgres: us(ticks.postgres), client: us(ticks.client) };
}
