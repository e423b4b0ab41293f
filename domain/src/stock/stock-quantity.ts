import { decimalText, MAX_MONEY, MAX_QUANTITY } from '../common/numbers.ts';
import { STOCK_MESSAGES } from './stock-messages.ts';

/**
 * The decimal inputs of the stock: quantities NUMERIC(12,3) and prices NUMERIC(14,2) MAD, taken as JSON numbers or
 * strings (a decimal comma is accepted).
 */
const QTY = /^-?\d{1,9}(\.\d{1,3})?$/;
export const PRIX = /^\d{1,12}(\.\d{1,2})?$/;
export const decimal = (pattern: RegExp, msg: string) =>
  decimalText(pattern === PRIX ? MAX_MONEY : MAX_QUANTITY, msg)
    .refine((v) => pattern.test(v), msg)
    .transform(Number);
/** A quantity > 0 (3 decimals). */
export const positiveQuantity = decimal(QTY, STOCK_MESSAGES.quantiteInvalid).refine(
  (v) => v > 0,
  STOCK_MESSAGES.quantiteInvalid,
);
/** A quantity ≥ 0 (3 decimals). */
export const nonNegativeQuantity = decimal(QTY, STOCK_MESSAGES.quantiteInvalid).refine(
  (v) => v >= 0,
  STOCK_MESSAGES.quantiteInvalid,
);
/** A signed quantity (3 decimals): an adjustment's correction. */
export const signedQuantity = decimal(QTY, STOCK_MESSAGES.quantiteInvalid);
