import { equipmentTypeLabel } from '@gmao/domain/analytics/analytics-schemas';
import { statutLabel } from '@gmao/domain/interventions/status';
import { REPORT_CSV_COLUMNS, type ReportFilter } from '@gmao/domain/reports/report-schemas';
import type { DbOrTx } from '../../db/database.ts';
import { csvFileStream, frDate, frDateTime, frDecimal, pagedRows } from '../../lib/csv.ts';
import { type ReportRow, reportRows } from './reports.repository.ts';

export const CSV_PAGE_SIZE = 2000;

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
    debut: frDateTime(r.started),
    fin: frDateTime(r.finished),
    duree: frDecimal(r.repair_h, 1),
    cout: frDecimal(r.cout, 2),
  };
}

/** Every row of the report, read page by page (keyset on date, id) so memory stays flat. */
async function* records(db: DbOrTx, f: ReportFilter) {
  const rows = pagedRows<ReportRow>(
    (last) => reportRows(db, f, { after: last && { date: last.date, id: last.id }, limit: CSV_PAGE_SIZE }),
    CSV_PAGE_SIZE,
  );
  for await (const r of rows) yield toRecord(r);
}

/** A UTF-8 (BOM) CSV stream with ';' separators and French headers, for Excel in fr-FR. */
export function csvStream(db: DbOrTx, f: ReportFilter) {
  return csvFileStream(REPORT_CSV_COLUMNS, records(db, f));
}
