import { pipeline, Readable } from 'node:stream';
import { neutraliseCsvCell } from '@gmao/domain/common/csv';
import { LOCALE } from '@gmao/domain/format/format';
import { stringify } from 'csv-stringify';

/** Shared CSV helpers (reports and interventions exports): Excel fr-FR flavour — UTF-8 BOM, ';', French values. */

// One formatter for the whole export: toLocaleString() builds a new Intl formatter on every call, which dominated
// the export time at 50k rows (see server/bench).
const dateTimeFormat = new Intl.DateTimeFormat(LOCALE, {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

export const frDateTime = (d: Date | string | null | undefined) => (d ? dateTimeFormat.format(new Date(d)) : '');

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' (a DATE column, no time zone involved). */
export const frDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** Decimal with a comma, as French spreadsheets expect next to the ';' separator. */
export const frDecimal = (v: number | string | null, digits: number) =>
  v === null || v === '' ? '' : Number(v).toFixed(digits).replace('.', ',');

/** Reads every row through `fetchPage` (keyset pagination: `after` is the last row of the previous page). */
export async function* pagedRows<R>(fetchPage: (after: R | undefined) => Promise<R[]>, pageSize: number) {
  let after: R | undefined;
  for (;;) {
    const page = await fetchPage(after);
    yield* page;
    if (page.length < pageSize) return;
    after = page[page.length - 1];
  }
}

/**
 * A UTF-8 (BOM) CSV stream with ';' separators and the given [key, header] columns. Every text cell goes through
 * neutraliseCsvCell (CSV injection); numbers are written as they are.
 */
export function csvFileStream(
  columns: readonly (readonly [string, string])[],
  records: AsyncIterable<Record<string, unknown>>,
) {
  const stringifier = stringify({
    header: true,
    bom: true,
    delimiter: ';',
    columns: columns.map(([key, header]) => ({ key, header })),
    cast: { string: neutraliseCsvCell },
  });
  pipeline(Readable.from(records), stringifier, () => undefined);
  return stringifier;
}
