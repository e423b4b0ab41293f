import { pipeline, Readable } from 'node:stream';
import { equipmentTypeLabel } from '@gmao/domain/analytics/analytics-schemas';
import { formatDate, formatDateTime } from '@gmao/domain/format/format';
import { statutLabel } from '@gmao/domain/interventions/status';
import { REPORT_CSV_COLUMNS, type ReportFilter } from '@gmao/domain/reports/report-schemas';
import { stringify } from 'csv-stringify';
import type { DbOrTx } from '../../db/database.ts';
import { type ReportRow, reportRows } from './reports.repository.ts';

export const CSV_PAGE_SIZE = 2000;

/** Decimal with a comma, as French spreadsheets expect next to the ';' separator. */
const frDecimal = (v: number | string | null, digits: number) =>
  v === null || v === '' ? '' : Number(v).toFixed(digits).replace('.', ',');

function toRecord(r: ReportRow) {
  return {
    id: r.id,
    date: formatDate(r.date),
    client: r.client,
    equipement: r.equipement,
    type: equipmentTypeLabel(r.type_equipement),
    statut: statutLabel(r.statut),
    urgence: r.urgence ? 'Oui' : 'Non',
    technicien: r.technicien ?? '',
    description: r.description ?? '',
    debut: r.started ? formatDateTime(r.started) : '',
    fin: r.finished ? formatDateTime(r.finished) : '',
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
