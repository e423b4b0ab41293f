import { describe, expect, it } from 'vitest';
import { EQUIPMENT_TYPE_LABELS, EQUIPMENT_TYPES, equipmentTypeLabel } from '../src/equipment/equipment-types.ts';
import {
  countOf,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatNumber,
  formatPercent,
  formatPhone,
  formatTime,
  plural,
  truncate,
} from '../src/format/format.ts';

/** Intl separates groups and the currency with (narrow) no-break spaces; compare with plain spaces. */
const plain = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatPhone (spec §5, Moroccan numbers)', () => {
  it.each([
    ['212612345678', '+212 6 12 34 56 78'],
    ['+212612345678', '+212 6 12 34 56 78'],
    ['+212 6-12-34-56-78', '+212 6 12 34 56 78'],
    ['00212522123456', '00212522123456'], // 14 digits: neither rule, shown as given
  ])('212 + 9 digits: %s → %s', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });

  it.each([
    ['0612345678', '06 123 456 78'],
    ['05 22 12 34 56', '05 221 234 56'],
  ])('10 digits grouped 2-3-3-2: %s → %s', (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });

  it('keeps other numbers as given and empties as empty', () => {
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone('+33 1 23 45 67 89')).toBe('+33 1 23 45 67 89');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(undefined)).toBe('');
    expect(formatPhone('')).toBe('');
  });
});

describe('formatCurrency (MAD, grouped as fr-FR numbers: issue 14)', () => {
  it('formats numbers and exact decimal strings the same way', () => {
    expect(plain(formatCurrency(1234567.89))).toBe('1 234 567,89 MAD');
    expect(plain(formatCurrency('1234567.89'))).toBe('1 234 567,89 MAD');
    expect(plain(formatCurrency('0.50'))).toBe('0,50 MAD');
    expect(plain(formatCurrency(0))).toBe('0,00 MAD');
    // one grouping on a screen: an amount groups its digits as a plain figure does
    expect(plain(formatCurrency(12500))).toBe(`${plain(formatNumber(12500))},00 MAD`);
  });

  it('shows "-" when there is no amount', () => {
    expect(formatCurrency(null)).toBe('-');
    expect(formatCurrency(undefined)).toBe('-');
    expect(formatCurrency('')).toBe('-');
    expect(formatCurrency('abc')).toBe('-');
  });
});

describe('numbers, written without Intl (issue 30 item 10)', () => {
  it('gives the same text as Intl.NumberFormat fr-FR for the options the app uses', () => {
    const optionSets: (Intl.NumberFormatOptions | undefined)[] = [
      undefined,
      { maximumFractionDigits: 1 },
      { maximumFractionDigits: 3 },
      { minimumFractionDigits: 1, maximumFractionDigits: 1 },
      { minimumFractionDigits: 2, maximumFractionDigits: 2 },
      { minimumFractionDigits: 0, maximumFractionDigits: 0 },
    ];
    const values = [0, -0, 1, -1, 7, 12, 999, 1000, 1234, 12_345, 123_456, 1_234_567.891, -98_765.4321, 0.5, 1.5, 2.5];
    values.push(1.005, 1.0005, 0.125, 66.65, 99.95, 99.9999, -0.0004, 0.0004, 1e15 + 0.3, 2 ** 53, 47.25, 100 / 3);
    // And a deterministic spread of magnitudes and fractions.
    let x = 0.7;
    for (let i = 0; i < 400; i++) {
      x = (x * 9301 + 49297) % 233280;
      values.push(((x / 233280) * 10 ** (i % 9) - (i % 3 === 0 ? 10 ** (i % 7) : 0)) * (i % 5 === 0 ? -1 : 1));
    }
    for (const options of optionSets) {
      const intl = new Intl.NumberFormat('fr-FR', options);
      for (const v of values) expect(formatNumber(v, options), `${v} ${JSON.stringify(options)}`).toBe(intl.format(v));
    }
    expect(formatPercent(43.456)).toBe(
      `${new Intl.NumberFormat('fr-FR', { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(43.456)} %`,
    );
  });

  it('leaves what it does not write itself to Intl', () => {
    expect(formatNumber(Number.NaN)).toBe('NaN');
    expect(formatNumber(0.25, { style: 'percent' })).toBe(
      new Intl.NumberFormat('fr-FR', { style: 'percent' }).format(0.25),
    );
  });
});

describe('dates and times, written without Intl (issue 30 item 10)', () => {
  it('gives the same text as Intl.DateTimeFormat fr-FR, in the local time zone, across a year and a day', () => {
    const intl = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('fr-FR', options);
    const date = { day: '2-digit', month: '2-digit', year: 'numeric' } as const;
    const time = { hour: '2-digit', minute: '2-digit' } as const;
    const day = intl(date);
    const dayTime = intl({ ...date, ...time });
    const withSeconds = intl({ ...date, ...time, second: '2-digit' });
    const hours = intl(time);
    // Every 7 h 13 min 20 s over a year and more: every hour of the day, both sides of a DST change, the year's turn.
    for (let ms = Date.UTC(2025, 11, 25); ms < Date.UTC(2027, 0, 5); ms += 26_000_000) {
      const d = new Date(ms);
      expect(formatDate(d)).toBe(day.format(d));
      expect(formatDateTime(d)).toBe(dayTime.format(d).replace(' à ', ' '));
      expect(formatDateTime(d, { seconds: true })).toBe(withSeconds.format(d).replace(' à ', ' '));
      expect(formatTime(d)).toBe(hours.format(d));
    }
  });

  it('takes ISO strings and epoch numbers, and shows "-" for nothing or an invalid date', () => {
    const iso = '2024-05-02T09:05:07';
    expect(formatDateTime(iso, { seconds: true })).toBe('02/05/2024 09:05:07');
    expect(formatDate(new Date(iso).getTime())).toBe('02/05/2024');
    expect(formatDate(null)).toBe('-');
    expect(formatDate('')).toBe('-');
    expect(formatDateTime('n/a')).toBe('-');
  });
});

describe("formatTime (the dashboard's « Dernière mise à jour »)", () => {
  it('gives the hour and minutes, French style, and "-" for an invalid date', () => {
    const at = new Date(2026, 10, 29, 9, 5);
    expect(formatTime(at)).toBe('09:05');
    expect(formatTime(at.getTime())).toBe('09:05');
    expect(formatTime('not a date')).toBe('-');
  });
});

describe('truncate', () => {
  it('cuts at 50 characters by default then adds an ellipsis', () => {
    const long = 'a'.repeat(60);
    expect(truncate(long)).toBe(`${'a'.repeat(50)}...`);
    expect(truncate('a'.repeat(50))).toBe('a'.repeat(50));
  });

  it('honours the 40-character cut of the intervention list', () => {
    expect(truncate('b'.repeat(41), 40)).toBe(`${'b'.repeat(40)}...`);
    expect(truncate('court', 40)).toBe('court');
  });

  it('returns an empty string for missing text', () => {
    expect(truncate(null)).toBe('');
    expect(truncate(undefined)).toBe('');
  });
});

describe('plural (issue 30: "20 pièce")', () => {
  it('follows the French rule: below 2 is singular', () => {
    expect([0, 1, 1.5, 2, 20, -3].map((n) => plural(n, 'pièce'))).toEqual([
      'pièce',
      'pièce',
      'pièce',
      'pièces',
      'pièces',
      'pièces',
    ]);
    expect(plain(countOf(20, 'pièce'))).toBe('20 pièces');
    expect(plain(countOf(1250, 'litre'))).toBe('1 250 litres');
    expect(countOf(1, 'pièce')).toBe('1 pièce');
  });

  it('pluralizes each word, leaves abbreviations and words ending in s/x/z, takes an irregular form', () => {
    expect(plural(3, 'pièce détachée')).toBe('pièces détachées');
    expect(plural(3, 'rouleau')).toBe('rouleaux');
    expect(plural(3, 'kg')).toBe('kg');
    expect(plural(3, 'm²')).toBe('m²');
    expect(plural(3, 'L')).toBe('L');
    expect(plural(3, 'boîtier')).toBe('boîtiers');
    expect(plural(3, 'lot de 10')).toBe('lots de 10');
    expect(plural(3, 'Gaz')).toBe('Gaz');
    expect(plural(2, 'œil', 'yeux')).toBe('yeux');
  });
});

describe('equipment type labels (issue 30)', () => {
  it('gives every server code a French label, and keeps the codes', () => {
    for (const code of EQUIPMENT_TYPES) {
      const label = EQUIPMENT_TYPE_LABELS[code];
      expect(label).not.toMatch(/_/);
      expect(label).not.toBe(code);
      expect(equipmentTypeLabel(code)).toBe(label);
    }
    expect(equipmentTypeLabel('GROUPE_ELECTROGENE')).toBe('Groupe électrogène');
    expect(equipmentTypeLabel('BATTERIE_CONDENSATEURS')).toBe('Batterie de condensateurs');
  });
});
