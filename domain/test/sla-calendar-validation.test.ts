import { describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES } from '../src/sla/calendar-messages.ts';
import { validateExceptions, validatePlages } from '../src/sla/calendar-validation.ts';

describe('validatePlages (the calendars API refuses these with a French message)', () => {
  it('accepts split shifts, touching intervals and an end at 24:00', () => {
    expect(
      validatePlages([
        { jour: 1, debut: '08:00', fin: '12:00' },
        { jour: 1, debut: '14:00', fin: '18:00' },
        { jour: 2, debut: '08:00', fin: '12:00' },
        { jour: 2, debut: '12:00', fin: '24:00' },
        { jour: 7, debut: '00:00', fin: '24:00' },
      ]),
    ).toEqual([]);
  });

  it('names the day and both intervals when they overlap', () => {
    expect(
      validatePlages([
        { jour: 2, debut: '11:00', fin: '14:00' },
        { jour: 2, debut: '08:00', fin: '12:00' },
      ]),
    ).toEqual(['Les plages horaires du mardi se chevauchent (08:00–12:00 et 11:00–14:00).']);
    // An interval inside a longer one, after a third that does not touch it.
    expect(
      validatePlages([
        { jour: 3, debut: '08:00', fin: '18:00' },
        { jour: 3, debut: '09:00', fin: '10:00' },
        { jour: 3, debut: '12:00', fin: '13:00' },
      ]),
    ).toEqual([
      CALENDAR_MESSAGES.plagesChevauchement('mercredi', '08:00–18:00', '09:00–10:00'),
      CALENDAR_MESSAGES.plagesChevauchement('mercredi', '08:00–18:00', '12:00–13:00'),
    ]);
  });

  it('refuses an inverted interval, an empty one, a bad time and a bad day', () => {
    expect(validatePlages([{ jour: 1, debut: '18:00', fin: '08:00' }])).toEqual([
      'La plage du lundi se termine avant de commencer (18:00–08:00).',
    ]);
    expect(validatePlages([{ jour: 5, debut: '08:00', fin: '08:00' }])).toEqual([
      'La plage du vendredi commence et se termine à la même heure (08:00–08:00).',
    ]);
    expect(validatePlages([{ jour: 6, debut: '8:00', fin: '25:00' }])).toEqual([
      CALENDAR_MESSAGES.heureInvalid('samedi', '8:00'),
      CALENDAR_MESSAGES.heureInvalid('samedi', '25:00'),
    ]);
    expect(validatePlages([{ jour: 1, debut: '24:00', fin: '24:00' }])).toEqual([
      CALENDAR_MESSAGES.heureInvalid('lundi', '24:00'),
    ]);
    expect(validatePlages([{ jour: 0, debut: '08:00', fin: '12:00' }])).toEqual([CALENDAR_MESSAGES.jourInvalid]);
    expect(validatePlages([{ jour: 8, debut: '08:00', fin: '12:00' }])).toEqual([CALENDAR_MESSAGES.jourInvalid]);
  });
});

describe('validateExceptions', () => {
  it('refuses an impossible date and a date given twice', () => {
    expect(
      validateExceptions([
        { date: '2026-05-01', ouvert: true },
        { date: '2026-02-30', ouvert: false },
        { date: '2026-05-01', ouvert: false },
      ]),
    ).toEqual([
      'La date d’exception « 2026-02-30 » n’est pas une date valide (AAAA-MM-JJ).',
      'L’exception du 01/05/2026 est saisie deux fois.',
    ]);
    expect(validateExceptions([{ date: '2026-12-01', ouvert: false }])).toEqual([]);
  });
});
