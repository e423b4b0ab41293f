import { REPORT_MESSAGES, type ReportFilter } from '@gmao/domain/reports/report-schemas';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { getCompliance } from '../plans/plans.service.ts';
import { findInterventionForReport, interventionHistoryRows } from './intervention-report.repository.ts';
import { interventionReportDetails } from './intervention-report-details.repository.ts';
import { reportCsvStream } from './report-csv.repository.ts';
import { interventionPdf, PDF_ROW_LIMIT, summaryPdf } from './report-documents.ts';
import { reportRows } from './reports.repository.ts';
import { getPartsDowntime, getSummary } from './reports.service.ts';

/** The period CSV: written by PostgreSQL (COPY) with the values formatted in SQL, see report-csv.repository.ts. */
export function csvStream(db: DbOrTx, f: ReportFilter) {
  return reportCsvStream(db, f);
}

/** The period PDF: the summary and the first PDF_ROW_LIMIT interventions (the CSV has them all). */
export async function periodPdf(db: DbOrTx, f: ReportFilter): Promise<Buffer> {
  const [summary, rows, preventive, parts] = await Promise.all([
    getSummary(db, f),
    reportRows(db, f, { limit: PDF_ROW_LIMIT + 1 }),
    // the period's preventive visits (of the client when one is chosen), for the client to see
    getCompliance(db as Db, { from: f.dateFrom, to: f.dateTo, client_id: f.clientId }),
    getPartsDowntime(db, f),
  ]);
  return summaryPdf(summary, rows.slice(0, PDF_ROW_LIMIT), rows.length > PDF_ROW_LIMIT, preventive, parts);
}

/** The one-intervention PDF (visible interventions only: 404 otherwise). */
export async function interventionReportPdf(db: DbOrTx, id: number): Promise<Buffer> {
  const row = await findInterventionForReport(db, id);
  if (!row) throw new AppError('NOT_FOUND', REPORT_MESSAGES.interventionNotFound);
  const [history, details] = await Promise.all([interventionHistoryRows(db, id), interventionReportDetails(db, id)]);
  return interventionPdf(row, history, details);
}
