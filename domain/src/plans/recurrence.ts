import * as rruleModule from 'rrule';
import { addDays } from '../common/days.ts';

/**
 * Recurrence of preventive plans (issue 17): RFC 5545 RRULE text expanded with the `rrule` package over plain
 * calendar days. Every date here is a 'YYYY-MM-DD' string; the package works on UTC midnights, so there is no time
 * zone and no daylight-saving shift anywhere (Casablanca's summer and Ramadan offsets cannot move a day).
 *
 * A rule occurrence that falls on a skip date (public holiday) moves to the next working day: the next day that is
 * neither a skip date nor a Saturday or Sunday. Occurrences the rule itself puts on a weekend stay where they are
 * (the rule chose them). Two occurrences that land on the same day after moving count once.
 */

// rrule ships a UMD bundle as "main" (Node's ESM sees only a default export) and ESM as "module" (bundlers see named
// exports): take whichever this loader gave.
type RRuleLib = typeof import('rrule');
const lib: RRuleLib =
  'RRule' in rruleModule && rruleModule.RRule
    ? (rruleModule as RRuleLib)
    : ((rruleModule as unknown as { default: RRuleLib }).default as RRuleLib);

/** A skip date: one day, or (annuel) the same month and day every year. */
export interface SkipDate {
  jour: string;
  annuel: boolean;
}

/** At most this many rule occurrences are expanded per call (a daily rule over 10 years is ~3,650). */
export const MAX_EXPANSION = 5000;

export { addDays };

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOf = (d: Date) => d.toISOString().slice(0, 10);

/** 'RRULE:FREQ=…' or 'FREQ=…'; a DTSTART inside the text is refused (the plan's date_debut is the start). */
function ruleBody(text: string): string {
  const body = text.trim().replace(/^RRULE:/i, '');
  if (/DTSTART|\n/i.test(body)) throw new Error('DTSTART');
  return body;
}

/** True when the text is an RRULE the package understands, with a FREQ and no time-of-day parts. */
export function isValidRrule(text: string): boolean {
  try {
    const body = ruleBody(text);
    if (!/(^|;)FREQ=(YEARLY|MONTHLY|WEEKLY|DAILY)(;|$)/i.test(body)) return false;
    if (/(^|;)(BYHOUR|BYMINUTE|BYSECOND)=/i.test(body)) return false;
    const options = lib.RRule.parseString(body);
    new lib.RRule({ ...options, dtstart: utc('2026-01-01') }).all((_d, i) => i < 2);
    return true;
  } catch {
    return false;
  }
}

/** The rule's own occurrences (before any holiday move) in [from, to], starting at dateDebut. */
export function ruleDates(rrule: string, dateDebut: string, from: string, to: string): string[] {
  if (to < from) return [];
  const options = lib.RRule.parseString(ruleBody(rrule));
  const rule = new lib.RRule({ ...options, dtstart: utc(dateDebut) });
  const start = from < dateDebut ? dateDebut : from;
  return rule.between(utc(start), utc(to), true, (_d, i) => i < MAX_EXPANSION).map(dayOf);
}

export function skipChecker(skips: readonly SkipDate[]): (day: string) => boolean {
  const once = new Set(skips.filter((s) => !s.annuel).map((s) => s.jour));
  const yearly = new Set(skips.filter((s) => s.annuel).map((s) => s.jour.slice(5)));
  return (day) => once.has(day) || yearly.has(day.slice(5));
}

const isWeekend = (day: string) => {
  const wd = utc(day).getUTCDay();
  return wd === 0 || wd === 6;
};

/** The day itself when it is not a skip date; else the next day that is neither a skip date nor a weekend day. */
export function nextWorkingDay(day: string, isSkip: (day: string) => boolean): string {
  if (!isSkip(day)) return day;
  let d = addDays(day, 1);
  for (let i = 0; i < 366 && (isSkip(d) || isWeekend(d)); i++) d = addDays(d, 1);
  return d;
}

/** One occurrence: the rule's date (the idempotency key) and the due date after a holiday move. */
export interface Occurrence {
  rule_date: string;
  due_date: string;
}

/**
 * Occurrences whose rule date is in [from, to], each with its due date (moved off skip dates). When two rule dates
 * move onto the same due date, the first one is kept. Sorted by due date.
 */
export function occurrences(
  rrule: string,
  dateDebut: string,
  from: string,
  to: string,
  skips: readonly SkipDate[] = [],
): Occurrence[] {
  const isSkip = skipChecker(skips);
  const seen = new Set<string>();
  const out: Occurrence[] = [];
  for (const rule_date of ruleDates(rrule, dateDebut, from, to)) {
    const due_date = nextWorkingDay(rule_date, isSkip);
    if (seen.has(due_date)) continue;
    seen.add(due_date);
    out.push({ rule_date, due_date });
  }
  return out.sort((a, b) => a.due_date.localeCompare(b.due_date));
}

/**
 * "N days after the last completion" (mode APRES_REALISATION): the next occurrence of one equipment is the day of
 * its last completion + `intervalDays`, or the plan's start before the first completion — never before `notBefore`
 * (a resumed plan's generate_from). An occurrence dropped without completion (cancelled, failed, deleted) counts as a
 * cycle from its rule date (`lastDropped`), so the next one follows it instead of repeating it. The rule date is the
 * key; the due date is moved off skip dates like a calendar occurrence. A late completion moves every later
 * occurrence with it.
 */
export function nextAfterCompletion(
  dateDebut: string,
  intervalDays: number,
  lastCompletion: string | null,
  skips: readonly SkipDate[] = [],
  notBefore: string | null = null,
  lastDropped: string | null = null,
): Occurrence {
  const last =
    lastDropped !== null && (lastCompletion === null || lastDropped > lastCompletion) ? lastDropped : lastCompletion;
  let rule_date = last === null ? dateDebut : addDays(last, intervalDays);
  if (rule_date < dateDebut) rule_date = dateDebut;
  if (notBefore !== null && rule_date < notBefore) rule_date = notBefore;
  return { rule_date, due_date: nextWorkingDay(rule_date, skipChecker(skips)) };
}

/**
 * Meter trigger: true when the running hours since the baseline (the reading at the last completion, or at the
 * plan's start) reach the threshold. No reading yet: false.
 */
export function meterDue(baseline: number | null, current: number | null, threshold: number): boolean {
  return baseline !== null && current !== null && current - baseline >= threshold;
}
