import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RelativeTime } from './relative-time';

// Local times: the relative wording counts calendar days of the user's time zone.
const now = new Date(2026, 2, 12, 15, 30);
const at = (day: number, hour = 9, minute = 5) => new Date(2026, 2, day, hour, minute);

describe('RelativeTime (spec §9 relative date display)', () => {
  it.each([
    [at(12), '09:05'],
    [at(11, 23, 59), 'Hier'],
    [at(9), 'Il y a 3 jours'],
    [at(6), 'Il y a 6 jours'],
    [at(5), '05/03/2026'],
  ])('%s → %s, with the exact date in the tooltip', (value, text) => {
    render(<RelativeTime value={value.toISOString()} now={now} />);
    const time = screen.getByText(text);
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dateTime', value.toISOString());
    expect(time.getAttribute('title')).toMatch(/^\d{2}\/03\/2026 \d{2}:\d{2}$/);
  });

  it('an unreadable value shows a dash', () => {
    render(<RelativeTime value="pas une date" now={now} />);
    expect(screen.getByText('-')).toBeInTheDocument();
  });
});
