import { describe, expect, it } from 'vitest';
import { isCalendarDay } from '../src/common/api.ts';

describe('isCalendarDay', () => {
  it('accepts real days only (leap years included), in YYYY-MM-DD', () => {
    expect(['2026-01-31', '2024-02-29', '2000-02-29', '2026-12-31'].every(isCalendarDay)).toBe(true);
    expect(
      ['2026-02-30', '2025-02-29', '1900-02-29', '2026-13-01', '2026-04-31', '26-01-01', '2026-1-1', ''].some(
        isCalendarDay,
      ),
    ).toBe(false);
  });
});
