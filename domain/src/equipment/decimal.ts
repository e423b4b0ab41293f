import { z } from 'zod';
import { MAX_MONEY, MONEY_PATTERN } from '../common/numbers.ts';

/**
 * Money amounts (valeur, cout) are exact decimals: NUMERIC(14,2) in the database, and strings with exactly two
 * decimals in JSON ("1234567.89"), so no float ever touches them. Input accepts a number or a string with at most
 * two decimals ('1234,5' is read as 1234.50); anything else is refused rather than silently rounded.
 */
export const DECIMAL_PATTERN = MONEY_PATTERN;
export const DECIMAL_MESSAGE = 'Montant invalide : nombre positif avec au plus 2 décimales';

export function normalizeDecimal(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const s = typeof value === 'number' ? String(value) : value.trim().replace(',', '.');
  return s === '' ? null : s;
}

export const decimalInput = z
  .union([z.number().max(MAX_MONEY, DECIMAL_MESSAGE), z.string()], { error: DECIMAL_MESSAGE })
  .nullish()
  .transform(normalizeDecimal)
  .refine((v) => v === null || DECIMAL_PATTERN.test(v), { message: DECIMAL_MESSAGE });

/** What the API returns for an amount: '1234567.89' or null. */
export const decimalOutput = z
  .string()
  .regex(/^\d+\.\d{2}$/)
  .nullable();
