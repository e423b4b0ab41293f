import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import type { QueryClient } from '@tanstack/react-query';
import { getMyWorkQueryOptions } from '../features/dashboard/api/get-my-work';
import { getAttachmentsQueryOptions } from '../features/interventions/api/attachments';
import { getChecklistQueryOptions } from '../features/interventions/api/checklist';
import { getEquipmentOptionsQueryOptions } from '../features/interventions/api/get-equipment-options';
import { getInterventionQueryOptions } from '../features/interventions/api/get-intervention';
import { getInterventions } from '../features/interventions/api/get-interventions';
import { getMaterialsQueryOptions } from '../features/interventions/api/get-materials';
import { getRecordsQueryOptions } from '../features/interventions/api/get-records';
import { getWorkflowQueryOptions } from '../features/interventions/api/get-workflow';
import { getWorkflowHistoryQueryOptions } from '../features/interventions/api/get-workflow-history';
import { locationChoicesQueryOptions, partChoicesQueryOptions } from '../features/interventions/api/part-requests';
import { getTimerLogQueryOptions } from '../features/interventions/api/timer';
import { idle } from '../lib/page-up';

/** At most this many interventions are made ready for offline work (his own first, then his section's). */
export const PREFETCH_MAX_INTERVENTIONS = 30;
/** His section's interventions due within this many days are prefetched too. */
export const PREFETCH_DUE_DAYS = 7;
/** The day is fetched again this often while the app is open (and at each return of the network). */
export const PREFETCH_EVERY_MS = 15 * 60_000;
/** The first fetch ahead waits this long after the page is up (lib/page-up.ts): the page's own work goes first. */
export const PREFETCH_DELAY_MS = 3000;

const lastKey = (userId: number) => `gmao.prefetch.${userId}`;
/** When this user's day was last fetched ahead on this device (ms), 0 if never: a reload does not fetch it again. */
export function lastPrefetchAt(userId: number): number {
  try {
    return Number(localStorage.getItem(lastKey(userId))) || 0;
  } catch {
    return 0;
  }
}
export function notePrefetchAt(userId: number, at = Date.now()) {
  try {
    localStorage.setItem(lastKey(userId), String(at));
  } catch {
    // private mode / storage full: the next open fetches again
  }
}
/** The first run's delay on app open: soon after the page's own reads, unless it was done less than 15 min ago. */
export function firstPrefetchDelay(userId: number, now = Date.now()): number {
  const since = now - lastPrefetchAt(userId);
  return since >= 0 && since < PREFETCH_EVERY_MS ? PREFETCH_EVERY_MS - since : PREFETCH_DELAY_MS;
}
/** Requests in flight at once: the day loads without crowding the site's connection. */
const CONCURRENCY = 3;
/** Prefetched reads stay in the query cache (and so in the offline snapshot) a working day, not 10 minutes. */
const KEEP_MS = 24 * 60 * 60_000;

const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** Which interventions the technician's phone keeps: his open ones, then those of his section due within 7 days. */
export function pickInterventions(own: Intervention[], section: Intervention[], max = PREFETCH_MAX_INTERVENTIONS) {
  const seen = new Set<number>();
  const picked: Intervention[] = [];
  for (const i of [...own, ...section]) {
    if (seen.has(i.id) || picked.length >= max) continue;
    seen.add(i.id);
    picked.push(i);
  }
  return picked;
}

async function inTurns(tasks: (() => Promise<unknown>)[], concurrency = CONCURRENCY) {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const task = tasks[next++]!;
      await task().catch(() => undefined);
      // Each answer handled in a moment of its own: the day loads under a user's taps without blocking them.
      await idle(500);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tasks.length) }, worker));
}

/**
 * Issue 32: at login and on each refresh, a technician's day is fetched ahead so that "my day" and the detail of
 * each of his open interventions (with its workflow, checklist, materials, attachments' metadata, time and history)
 * and his vehicle's parts open offline (and the creation form's equipment, for a draft); the query cache's snapshot (lib/offline/query-snapshot.ts) saves them.
 * Bounded: PREFETCH_MAX_INTERVENTIONS. Answers how many interventions were made ready.
 */
export async function prefetchDay(client: QueryClient, userId: number, now = new Date()): Promise<number> {
  const until = new Date(now);
  until.setDate(until.getDate() + PREFETCH_DUE_DAYS);
  const base = { open: true, sort: 'nearest' as const, limit: PREFETCH_MAX_INTERVENTIONS };
  const [own, section] = await Promise.all([
    getInterventions({ ...base, technician_id: userId }).catch(() => null),
    getInterventions({ ...base, due_before: isoDay(until) }).catch(() => null),
  ]);
  if (!own && !section) return 0;
  const picked = pickInterventions(own?.data ?? [], section?.data ?? []);
  const keep =
    <T extends object>(options: T) =>
    () =>
      client.prefetchQuery({ ...options, gcTime: KEEP_MS } as never);
  const tasks: (() => Promise<unknown>)[] = [
    keep(getMyWorkQueryOptions()),
    keep(partChoicesQueryOptions()),
    keep(locationChoicesQueryOptions()),
    // The creation form's equipment, for a draft made offline.
    keep(getEquipmentOptionsQueryOptions()),
  ];
  for (const i of picked) {
    tasks.push(
      keep(getInterventionQueryOptions(i.id)),
      keep(getWorkflowQueryOptions(i.id)),
      keep(getChecklistQueryOptions(i.id)),
      keep(getMaterialsQueryOptions(i.id)),
      keep(getAttachmentsQueryOptions(i.id)),
      keep(getTimerLogQueryOptions(i.id)),
      keep(getRecordsQueryOptions(i.id)),
      keep(getWorkflowHistoryQueryOptions(i.id, false)),
    );
  }
  await inTurns(tasks);
  return picked.length;
}
