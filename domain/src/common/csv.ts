/**
 * CSV injection (OWASP "CSV Injection"): a spreadsheet runs a cell that begins with `=`, `+`, `-` or `@` (or a tab
 * or carriage return before one) as a formula — `=HYPERLINK(…)`, DDE commands. Every CSV the product writes passes
 * its text cells through neutraliseCsvCell, which prefixes such cells with an apostrophe so they are shown as text.
 */
const FORMULA_TRIGGERS = new Set(['=', '+', '-', '@', '\t', '\r']);
/**
 * A cell that is only a decimal number ('-12,50', '+3', '-0.5') cannot hold a formula: it is left as is so that
 * amounts and durations (negative ones included) stay numbers in the spreadsheet.
 */
const PLAIN_NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;

export function neutraliseCsvCell(value: string): string {
  if (value === '' || !FORMULA_TRIGGERS.has(value.charAt(0)) || PLAIN_NUMBER.test(value)) return value;
  return `'${value}`;
}
