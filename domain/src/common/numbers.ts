import { z } from 'zod';
import { SERVER_MESSAGES } from './messages.ts';

/**
 * The bounds of every numeric input, taken from the column it lands in (ASVS V5.1.4): a value past them was a 500
 * (PostgreSQL's "out of range"), now a 400 with a French message. The fuzz pass of authorization-matrix.test sends
 * ids of 2^31 and 2^53, amounts of 1e14 and quantities of 1e12 to every route, and checks that every number of every
 * request schema declares a maximum.
 */

/** Largest id: every id column is a PostgreSQL `integer` (serial); no id column is bigint (migrations 0000–0046). */
export const MAX_ID = 2_147_483_647;
/** NUMERIC(12,3): quantities (stock levels and movements, material lines, part requests, thresholds). */
export const MAX_QUANTITY = 999_999_999.999;
/** NUMERIC(14,2): amounts in MAD (unit prices, an equipment's value and cost). */
export const MAX_MONEY = 999_999_999_999.99;
/** The texts of those columns: 9 + 3 and 12 + 2 digits. */
export const QUANTITY_PATTERN = /^\d{1,9}(\.\d{1,3})?$/;
export const MONEY_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;

/** An id sent as a JSON number (bodies): a positive integer an `integer` column holds. */
export const dbIdNumber = (message: string = SERVER_MESSAGES.invalidId) =>
  z.number({ error: message }).int(message).positive(message).max(MAX_ID, message);

/**
 * A decimal sent as a JSON number or a string ('12,5' accepted), as its text ('12.5'). The number is bounded here
 * too, so that the route's JSON Schema states the bound; the text is checked by the caller's pattern.
 */
export const decimalText = (max: number, message: string) =>
  z
    .union([z.number({ error: message }).min(-max, message).max(max, message), z.string({ error: message })], {
      error: message,
    })
    .transform((v) => String(v).trim().replace(',', '.'));

/** An amount in MAD ≥ 0, at most MAX_MONEY with 2 decimals (NUMERIC(14,2)), as its text. */
export const moneyText = (message: string) =>
  decimalText(MAX_MONEY, message).refine((v) => MONEY_PATTERN.test(v), message);

/** A quantity ≥ 0, at most MAX_QUANTITY with 3 decimals (NUMERIC(12,3)), as its text. */
export const quantityText = (message: string) =>
  decimalText(MAX_QUANTITY, message).refine((v) => QUANTITY_PATTERN.test(v), message);
