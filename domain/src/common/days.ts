const DAY_MS = 86_400_000;

/**
 * A calendar day ('2026-11-30') moved by `n` days. Its own module, without the rrule package (plans/recurrence.ts
 * re-exports it): the web's pages that only count days do not load rrule (issue 30).
 */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}
