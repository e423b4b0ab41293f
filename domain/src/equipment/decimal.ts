import { z } from 'zod';

/**
 * Money amounts (valeur, cout) are exact decimals: NUMERIC(14,2) in the database, and strings with exactly two
 * decimals in JSON ("1234567.89"), so no float ever touches them. Input accepts a number or a string with at most
 * two decimals ('1234,5' is read as 1234.50); anything else is refused rather than silently rounded.
 */
export const DECIMAL_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;
export const DECIMAL_MESSAGE = 'Montant invalide : nombre positif avec au plus 2 décimales';

export function normalizeDecimal(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const s = typeof value === 'number' ? String(value) : value.trim().replace(',', '.');
  return s === '' ? null : s;
}

export const decimalInput = z
  .union([z.number(), z.string()])
  .nullish()
  .transform(normalizeDecimal)
  .refine((v) => v === null || DECIMAL_PATTERN.test(v), { message: DECIMAL_MESSAGE });

/** What the API returns for an amount: '1234567.89' or null. */
export const decimalOutput = z
  .string()
  .regex(/^\d+\.\d{2}$/)
  .nullable();
