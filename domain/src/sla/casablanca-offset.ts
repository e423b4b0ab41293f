/**
 * Casablanca's offset from UTC at an instant, for the SLA working-time arithmetic (issue 31). Morocco is not a fixed
 * offset: UTC+1 all year except during Ramadan, UTC+0 (2026: 15 Feb 02:00 UTC → 22 Mar 02:00 UTC; 2027: 7 Feb →
 * 14 Mar). The offset comes from the tz database of the running engine's ICU, read through `Intl` — the same
 * computation as `interventions/planning-clock.ts`, repeated here on purpose so that this folder imports nothing the
 * web may not import (`web/src/architecture.test.ts` keeps planning-clock server-only). The server, whose Node ICU
 * is the reference, computes and stores deadlines; a browser may use this arithmetic for display only.
 */

export const SLA_TIME_ZONE = 'Africa/Casablanca';

// Built on first use, not when the module loads: issue 30 item 10 (a page's first Intl object loads ICU's data).
let formatterCache: Intl.DateTimeFormat | undefined;
const formatter = () =>
  (formatterCache ??= new Intl.DateTimeFormat('en-US', {
    timeZone: SLA_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }));

/** Casablanca's offset from UTC at `ms` (epoch milliseconds), in milliseconds (3_600_000 or 0). */
export function casablancaOffsetMs(ms: number): number {
  const p: Record<string, string> = {};
  for (const x of formatter().formatToParts(new Date(ms))) p[x.type] = x.value;
  const n = (k: string) => Number(p[k] ?? '0');
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return wall - Math.floor(ms / 1000) * 1000;
}
