import { Readable } from 'node:stream';
import { metricsToday } from '@gmao/domain/dashboard/metrics';
import { HABILITATION_REPORT as R } from '@gmao/domain/habilitations/habilitation-schemas';
import { addDays } from '@gmao/domain/plans/recurrence';
import type { DbOrTx } from '../../db/database.ts';
import { csvFileStream, frDate } from '../../lib/csv.ts';
import { heading, keyValues, renderPdf, table } from '../../lib/pdf.ts';
import { drawCompanyHeader, drawPageNumbers } from '../../lib/pdf-header.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { companyHeader } from '../settings/company.service.ts';
import { renewalCounts, renewalRows } from './habilitations.repository.ts';

/** The PDF lists at most this many lines (the CSV has them all). */
const PDF_LIMIT = 500;
const CSV_LIMIT = 100_000;

/** The report's end date: `avant` when given, else 90 days from today (Casablanca). */
export const renewalBefore = (avant?: string) => avant ?? addDays(metricsToday(), 90);

/** GET /api/habilitations/a-renouveler.csv */
export async function renewalCsv(db: DbOrTx, avant?: string) {
  const rows = await renewalRows(db, renewalBefore(avant), CSV_LIMIT);
  return csvFileStream(
    R.csvColumns,
    Readable.from(rows.map((r) => ({ ...r, valide_jusqu_au: frDate(r.valide_jusqu_au) }))),
  );
}

/** GET /api/habilitations/a-renouveler.pdf: the company's header, the list, page numbers. */
export async function renewalPdf(db: DbOrTx, avant: string | undefined, storage?: FileStorage) {
  const before = renewalBefore(avant);
  const [rows, header] = await Promise.all([renewalRows(db, before, PDF_LIMIT), companyHeader(db, storage)]);
  return renderPdf(
    R.title,
    (doc) => {
      drawCompanyHeader(doc, header);
      heading(doc, R.title, R.subtitle(frDate(before)));
      if (rows.length === 0) keyValues(doc, [['', R.empty]]);
      else
        table(
          doc,
          [
            { header: R.holder, width: 150 },
            { header: R.objet, width: 110 },
            { header: R.domaine, width: 50 },
            { header: R.until, width: 80 },
            { header: R.signataire, width: 125 },
          ],
          rows.map((r) => [r.user_nom, r.objet, r.domaine, frDate(r.valide_jusqu_au), r.signataire]),
        );
      drawPageNumbers(doc, R.title);
    },
    { bufferPages: true },
  );
}

/** The dashboard card (habilitations:manage). */
export function renewalCard(db: DbOrTx) {
  return renewalCounts(db, metricsToday());
}
