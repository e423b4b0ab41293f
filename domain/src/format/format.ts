/** Display formatters (spec §1, §5, §9): MAD fr-MA, fr-FR numbers/dates, Moroccan phones, truncation. */
export const LOCALE = 'fr-FR';
/**
 * The spec's currency locale was fr-MA (`12.500,00 MAD`), beside fr-FR figures (`1 234,5`): two group separators on
 * one screen. Issue 14 chose one format, fr-FR's, for amounts too: `12 500,00 MAD`.
 */
export const CURRENCY_LOCALE = 'fr-FR';
export const CURRENCY = 'MAD';
export const APP_VERSION = '1.0.0';
export const COPYRIGHT_YEAR = 2024;
export const TRUNCATE_DEFAULT = 50;
export const TRUNCATE_DASHBOARD = 50;
export const TRUNCATE_INTERVENTION_LIST = 40;

// Built on first use, not when the module loads (issue 30 item 10: the first Intl object of a page loads the locale's
// data, ~25 ms on a phone, which then fell in the task that starts every signed-in page).
let currencyFormatter: Intl.NumberFormat | undefined;

export function formatCurrency(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return '-';
  currencyFormatter ??= new Intl.NumberFormat(CURRENCY_LOCALE, { style: 'currency', currency: CURRENCY });
  return currencyFormatter.format(n);
}

/**
 * One Intl.NumberFormat per set of options (issue 30: building one costs more than formatting with it, and lists and
 * dashboards format many figures per render). Numbers do not depend on the time zone, so a kept one stays right.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = options ? JSON.stringify(options) : '';
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(LOCALE, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** A decimal digit string plus one in its last digit: '0999' → '1000', '129' → '130'. */
function incrementDigits(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

/**
 * fr-FR's decimal number written out: digits grouped by three with U+202F, a decimal comma, a hyphen-minus — the text
 * `Intl.NumberFormat('fr-FR')` gives (domain/test/format.test.ts compares them), without building one: a page's first
 * Intl number format loads ICU's locale data, ~35 ms of a phone's load of the dashboard (issue 30 item 10). Rounded as
 * Intl does, on the number's shortest decimal form (1.0005 → 1,001), half away from zero. Null where it does not
 * apply (other options, exponents).
 */
function frenchDecimal(value: number, options: Intl.NumberFormatOptions = {}): string | null {
  const { minimumFractionDigits, maximumFractionDigits, ...other } = options;
  const text = String(Math.abs(value));
  if (Object.keys(other).length > 0 || !Number.isFinite(value) || text.includes('e')) return null;
  const min = minimumFractionDigits ?? 0;
  const max = Math.max(min, maximumFractionDigits ?? 3);
  let [int = '0', fraction = ''] = text.split('.');
  if (fraction.length > max) {
    const up = Number(fraction[max]) >= 5;
    fraction = fraction.slice(0, max);
    if (up) {
      const digits = incrementDigits(int + fraction);
      int = digits.slice(0, digits.length - max);
      fraction = digits.slice(digits.length - max);
    }
  }
  const shown = fraction.replace(/0+$/, '').padEnd(min, '0');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${int.replace(/\B(?=(\d{3})+(?!\d))/g, '\u202f')}${shown ? `,${shown}` : ''}`;
}

export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return frenchDecimal(value, options) ?? numberFormat(options).format(value);
}

/** Percent with 1 decimal by default; the input is already a percentage (e.g. 66.7). */
export function formatPercent(value: number, decimals = 1): string {
  return `${formatNumber(value, { minimumFractionDigits: decimals, maximumFractionDigits: decimals })} %`;
}

/** Cut at `max` characters then an ellipsis. */
export function truncate(text: string | null | undefined, max = TRUNCATE_DEFAULT): string {
  if (!text) return '';
  return text.length > max ? `${text.slice(0, max)}...` : text;
}

/** '212' + 9 digits → '+212 6 12 34 56 78'; 10 digits → '06 123 456 78'; otherwise as given. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = phone.replace(/\D/g, '');
  if (digits.startsWith('212') && digits.length === 12) {
    const d = digits.slice(3);
    return `+212 ${d.slice(0, 1)} ${d.slice(1, 3)} ${d.slice(3, 5)} ${d.slice(5, 7)} ${d.slice(7, 9)}`;
  }
  if (digits.length === 10) {
    return `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8, 10)}`;
  }
  return phone;
}

const pad = (n: number) => String(n).padStart(2, '0');
/**
 * fr-FR's numeric date and time, written out in the local time zone: '02/05/2024', '09:05', '09:05:07' — the text
 * `Intl.DateTimeFormat('fr-FR')` gives with 2-digit day, month, hour, minute (domain/test/format.test.ts compares them),
 * without building one: a page's first Intl date format loads ICU's locale data, ~35 ms of a phone's load of every
 * list (issue 30 item 10).
 */
const dayText = (d: Date) => `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
const timeText = (d: Date, seconds = false) =>
  `${pad(d.getHours())}:${pad(d.getMinutes())}${seconds ? `:${pad(d.getSeconds())}` : ''}`;

function toDate(value: Date | string | number): Date {
  return value instanceof Date ? value : new Date(value);
}

export function formatDate(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '-';
  return dayText(d);
}

/** '14:05': a time of day. */
export function formatTime(value: Date | string | number): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '-';
  return timeText(d);
}

/** '02/05/2024 12:00'; with `{ seconds: true }` '02/05/2024 12:00:07' (the audit log). */
export function formatDateTime(
  value: Date | string | number | null | undefined,
  options: { seconds?: boolean } = {},
): string {
  if (value === null || value === undefined || value === '') return '-';
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '-';
  return `${dayText(d)} ${timeText(d, options.seconds)}`;
}

/** Time of day if today; 'Hier'; 'Il y a N jours' under 7 days; otherwise the date. */
export function formatRelativeDate(value: Date | string | number, now: Date = new Date()): string {
  const d = toDate(value);
  const startOf = (x: Date) => new Date(x.getFullYear(), x.getMonth(), x.getDate()).getTime();
  const days = Math.round((startOf(now) - startOf(d)) / 86_400_000);
  if (days <= 0) return timeText(d);
  if (days === 1) return 'Hier';
  if (days < 7) return `Il y a ${days} jours`;
  return formatDate(d);
}

/** Today as YYYY-MM-DD in local time (form defaults). */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** French plural rule: below 2 (0, 1, 1,5) is singular. */
export function isPlural(count: number): boolean {
  return Math.abs(count) >= 2;
}

/**
 * The plural of a French word: 'pièce' → 'pièces', 'rouleau' → 'rouleaux', 'carton' → 'cartons'; a word already
 * ending in s, x or z, and an abbreviation or symbol ('kg', 'm²', 'L'), stay as they are.
 */
export function pluralizeWord(word: string): string {
  if (!/^\p{L}{3,}$/u.test(word) || /[sxz]$/i.test(word)) return word;
  if (/(eau|eu)$/i.test(word)) return `${word}x`;
  return `${word}s`;
}

/** The word that follows a count: `plural(20, 'pièce')` → 'pièces'; an irregular plural is given. */
export function plural(count: number, singular: string, pluralForm?: string): string {
  if (!isPlural(count)) return singular;
  return pluralForm ?? singular.split(' ').map(pluralizeWord).join(' ');
}

/** A count with its word: `countOf(20, 'pièce')` → '20 pièces' (French figures, up to three decimals). */
export function countOf(count: number, singular: string, pluralForm?: string): string {
  return `${formatNumber(count, { maximumFractionDigits: 3 })} ${plural(count, singular, pluralForm)}`;
}
