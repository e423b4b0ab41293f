import { describe, expect, it } from 'vitest';
import { METER_MESSAGES as M, meterReadingInputSchema, meterReadingRefusal } from '../src/equipment/meter-schemas.ts';
import { timerSessionCorrectionSchema } from '../src/interventions/activity-schemas.ts';
import { SYNC_MESSAGES as S, timerEntryRefusal } from '../src/interventions/sync-schemas.ts';

/** Issue 29: the bounds of a timer session and of a meter reading, one definition for every door. */
const HOUR = 3_600_000;
const now = Date.parse('2026-11-28T12:00:00Z');
const at = (hoursFromNow: number) => new Date(now + hoursFromNow * HOUR).toISOString();
const bounds = { createdAt: now - 48 * HOUR, now };

describe('timerEntryRefusal', () => {
  it.each([
    ['a plausible stopped session', at(-3), at(-1), null],
    ['exactly 24 h', at(-30), at(-6), null],
    ['running for 2 h', at(-2), null, null],
    ['68 years', '1958-11-28T12:00:00Z', at(-1), S.timerBeforeCreation],
    ['24 h and a minute', at(-30), at(-6 + 1 / 60), S.timerTooLong],
    ['running for 25 h', at(-25), null, S.timerTooLong],
    ['ending before it starts', at(-1), at(-2), S.timerOrder],
    ['ending in 10 minutes', at(-1), at(10 / 60), S.timerFuture],
    ['ending within the clock skew', at(-1), at(4 / 60), null],
    ['starting before the intervention', at(-49), at(-47), S.timerBeforeCreation],
  ])('%s', (_name, startedAt, stoppedAt, refusal) => {
    expect(timerEntryRefusal({ startedAt, stoppedAt }, bounds)).toBe(refusal);
  });

  it('the correction schema refuses more than 24 h and an end before the start, in French', () => {
    const issues = (startedAt: string, stoppedAt: string) =>
      timerSessionCorrectionSchema.safeParse({ startedAt, stoppedAt }).error?.issues.map((i) => i.message) ?? [];
    expect(issues('1958-11-28T12:00:00Z', at(-1))).toEqual([S.timerTooLong]);
    expect(issues(at(-1), at(-2))).toEqual([S.timerOrder]);
    expect(issues(at(-2), at(-1))).toEqual([]);
  });
});

describe('meterReadingRefusal', () => {
  const before = { date: '2026-11-01', valeur: 1000 };
  const after = { date: '2026-11-20', valeur: 1100 };
  it('allows up to 24 h per calendar day spanned, both days counted', () => {
    expect(meterReadingRefusal({ date: '2026-11-10', valeur: 1000 + 24 * 10 }, before, null)).toBeNull();
    expect(meterReadingRefusal({ date: '2026-11-10', valeur: 1000 + 24 * 10 + 1 }, before, null)).toBe(
      M.implausibleSincePrevious(1000, '2026-11-01', 1240),
    );
    expect(meterReadingRefusal({ date: '2026-11-01', valeur: 1024 }, before, null)).toBeNull();
    expect(meterReadingRefusal({ date: '2026-11-01', valeur: 1025 }, before, null)).not.toBeNull();
  });
  it('keeps the order first, then the rate until the next reading', () => {
    expect(meterReadingRefusal({ date: '2026-11-10', valeur: 999 }, before, after)).toBe(
      M.lowerThanPrevious(1000, '2026-11-01'),
    );
    expect(meterReadingRefusal({ date: '2026-11-10', valeur: 1101 }, before, after)).toBe(
      M.higherThanNext(1100, '2026-11-20'),
    );
    expect(meterReadingRefusal({ date: '2026-11-19', valeur: 0 }, null, after)).toBe(
      M.implausibleUntilNext(1100, '2026-11-20', 1052),
    );
    expect(meterReadingRefusal({ date: '2026-11-10', valeur: 1050 }, before, after)).toBeNull();
  });
  it('refuses 2,000,000,000 h in the input schema itself', () => {
    const r = meterReadingInputSchema.safeParse({ date: '2026-11-10', valeur: 2_000_000_000 });
    expect(r.error?.issues.map((i) => i.message)).toEqual([M.valeurTooHigh]);
  });
});
