/**
 * French messages of business-calendar validation (issue 31), shared by `validatePlages` / `validateExceptions`
 * (`sla/calendar-validation.ts`), the calendars API's body schema and the tests. Our design.
 */

/** Day names by `jour` (1 = lundi … 7 = dimanche), as the messages print them. */
export const JOUR_LABELS = {
  1: 'lundi',
  2: 'mardi',
  3: 'mercredi',
  4: 'jeudi',
  5: 'vendredi',
  6: 'samedi',
  7: 'dimanche',
} as const satisfies Record<1 | 2 | 3 | 4 | 5 | 6 | 7, string>;

export type Jour = keyof typeof JOUR_LABELS;

/** '2026-05-01' → '01/05/2026'. */
function frenchDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}

export const CALENDAR_MESSAGES = {
  jourInvalid: 'Le jour d’une plage doit être un entier de 1 (lundi) à 7 (dimanche).',
  heureInvalid: (jour: string, heure: string) =>
    `L’heure « ${heure} » de la plage du ${jour} n’est pas au format HH:MM (00:00 à 23:59, 24:00 pour une fin).`,
  plageInversee: (jour: string, debut: string, fin: string) =>
    `La plage du ${jour} se termine avant de commencer (${debut}–${fin}).`,
  plageVide: (jour: string, debut: string, fin: string) =>
    `La plage du ${jour} commence et se termine à la même heure (${debut}–${fin}).`,
  plagesChevauchement: (jour: string, a: string, b: string) =>
    `Les plages horaires du ${jour} se chevauchent (${a} et ${b}).`,
  exceptionDateInvalid: (date: string) => `La date d’exception « ${date} » n’est pas une date valide (AAAA-MM-JJ).`,
  exceptionDuplicate: (date: string) => `L’exception du ${frenchDate(date)} est saisie deux fois.`,
} as const;
