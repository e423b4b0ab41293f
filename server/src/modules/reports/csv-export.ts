import { pipeline, Readable } from 'node:stream';
import { equipmentTypeLabel } from '@gmao/domain/analytics/analytics-schemas';
import { LOCALE } from '@gmao/domain/format/format';
import { statutLabel } from '@gmao/domain/interventions/status';
import { REPORT_CSV_COLUMNS, type ReportFilter } from '@gmao/domain/reports/report-schemas';
import { stringify } from 'csv-stringify';
import type { DbOrTx } from '../../db/database.ts';
import { type ReportRow, reportRows } from './reports.repository.ts';

export const CSV_PAGE_SIZE = 2000;

// One formatter for the whole export: toLocaleString() builds a new Intl formatter on every call, which dominated
// the export time at 50k rows (see server/bench).
const dateTime = new Intl.DateTimeFormat(LOCALE, {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});
/** 'YYYY-MM-DD' → 'DD/MM/YYYY' (a DATE column, no time zone involved). */
const frDate = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

/** Decimal with a comma, as French spreadsheets expect next to the ';' separator. */
const frDecimal = (v: number | string | null, digits: number) =>
  v === null || v === '' ? '' : Number(v).toFixed(digits).replace('.', ',');

function toRecord(r: ReportRow) {
  return {
    id: r.id,
    date: frDate(r.date),
    client: r.client,
    equipement: r.equipement,
    type: equipmentTypeLabel(r.type_equipement),
    statut: statutLabel(r.statut),
    urgence: r.urgence ? 'Oui' : 'Non',
    technicien: r.technicien ?? '',
    description: r.description ?? '',
    debut: r.started ? dateTime.format(new Date(r.started)) : '',
    fin: r.finished ? dateTime.format(new Date(r.finished)) : '',
    duree: frDecimal(r.repair_h, 1),
    cout: frDecimal(r.cout, 2),
  };
}

/** Every row of the report, read page by page (keyset on date, id) so memory stays flat. */
async function* records(db: DbOrTx, f: ReportFilter) {
  let after: { date: string; id: number } | undefined;
  for (;;) {
    const page = await reportRows(db, f, { after, limit: CSV_PAGE_SIZE });
    for (const r of page) yield toRecord(r);
    if (page.length < CSV_PAGE_SIZE) return;
    const last = page[page.length - 1];
    after = { date: last.date, id: last.id };
  }
}

/** A UTF-8 (BOM) CSV stream with ';' separators and French headers, for Excel in fr-FR. */
export function csvStream(db: DbOrTx, f: ReportFilter) {
  const stringifier = stringify({
    header: true,
    bom: true,
    delimiter: ';',
    columns: REPORT_CSV_COLUMNS.map(([key, header]) => ({ key, header })),
  });
  pipeline(Readable.from(records(db, f)), stringifier, () => undefined);
  return stringifier;
}
