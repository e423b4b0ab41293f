// A recurrence rule (RFC 5545 RRULE) told in French, for the people who plan maintenance: the rule's text itself is
// only shown in the plan form's 'Avancé' disclosure.

const UNITS: Record<string, [string, string]> = {
  DAILY: ['Tous les jours', 'Tous les {n} jours'],
  WEEKLY: ['Toutes les semaines', 'Toutes les {n} semaines'],
  MONTHLY: ['Tous les mois', 'Tous les {n} mois'],
  YEARLY: ['Tous les ans', 'Tous les {n} ans'],
};

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

const DAYS: Record<string, string> = {
  MO: 'lundi',
  TU: 'mardi',
  WE: 'mercredi',
  TH: 'jeudi',
  FR: 'vendredi',
  SA: 'samedi',
  SU: 'dimanche',
};

const ORDINALS: Record<string, string> = {
  '1': 'premier',
  '2': 'deuxième',
  '3': 'troisième',
  '4': 'quatrième',
  '5': 'cinquième',
  '-1': 'dernier',
  '-2': 'avant-dernier',
};

/** 'a', 'a et b', 'a, b et c'. */
function joinFr(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} et ${items.at(-1)}`;
}

function monthsText(value: string): string | null {
  const months = value.split(',').map((m) => MONTHS[Number(m) - 1]);
  return months.every((m) => m !== undefined) ? `en ${joinFr(months as string[])}` : null;
}

function daysText(value: string): string | null {
  const days = value.split(',').map((d) => {
    const m = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(d.trim().toUpperCase());
    if (!m) return null;
    const day = DAYS[m[2] as string] as string;
    if (m[1] === undefined) return `le ${day}`;
    const ordinal = ORDINALS[String(Number(m[1]))];
    return ordinal ? `le ${ordinal} ${day}` : null;
  });
  return days.every((d) => d !== null) ? joinFr(days as string[]) : null;
}

function monthDaysText(value: string): string | null {
  const days = value.split(',').map((d) => {
    const n = Number(d);
    if (!Number.isInteger(n) || n === 0 || n < -1 || n > 31) return null;
    return n === -1 ? 'le dernier jour du mois' : n === 1 ? 'le 1er' : `le ${n}`;
  });
  return days.every((d) => d !== null) ? joinFr(days as string[]) : null;
}

function untilText(value: string): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})/.exec(value);
  return m ? `jusqu'au ${m[3]}/${m[2]}/${m[1]}` : null;
}

const PARTS: Record<string, (value: string) => string | null> = {
  BYMONTH: monthsText,
  BYDAY: daysText,
  BYMONTHDAY: monthDaysText,
  COUNT: (v) => (/^\d+$/.test(v) ? `${v} fois` : null),
  UNTIL: untilText,
};
const ORDER = ['BYMONTH', 'BYMONTHDAY', 'BYDAY', 'COUNT', 'UNTIL'];

/**
 * A rule in words: 'Tous les 6 mois', 'Tous les ans, en mars et septembre, le premier lundi'. A part it cannot tell
 * makes it 'Récurrence personnalisée (…)' with what it could read, never the rule's raw text.
 */
export function rruleInWords(rrule: string): string {
  const parts = Object.fromEntries(
    rrule
      .trim()
      .replace(/^RRULE:/i, '')
      .split(';')
      .filter((p) => p !== '')
      .map((p) => {
        const [key = '', value = ''] = p.split('=');
        return [key.toUpperCase(), value];
      }),
  );
  const unit = UNITS[parts.FREQ ?? ''];
  if (!unit) return 'Récurrence personnalisée';
  const n = Number(parts.INTERVAL ?? 1);
  const base = n === 1 ? unit[0] : unit[1].replace('{n}', String(n));
  const known = ORDER.filter((k) => k in parts).map((k) => PARTS[k]?.(parts[k] as string) ?? null);
  const unknown = Object.keys(parts).filter(
    (k) => k !== 'FREQ' && k !== 'INTERVAL' && k !== 'WKST' && !ORDER.includes(k),
  );
  if (known.some((t) => t === null) || unknown.length > 0 || !Number.isInteger(n) || n < 1)
    return `Récurrence personnalisée (${base.toLowerCase()})`;
  return [base, ...(known as string[])].join(', ');
}
