import { SIGNATURE_LIMITS } from '@gmao/domain/interventions/signature-schemas';
import { REPORT_MESSAGES, type ReportFilter } from '@gmao/domain/reports/report-schemas';
import type { Db, DbOrTx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { resolveBon } from '../interventions/signatures/signatures.service.ts';
import { appLink } from '../mail/mail.service.ts';
import { getCompliance } from '../plans/plans.service.ts';
import { companyHeader } from '../settings/company.service.ts';
import { bonLiveState } from './bon-live.repository.ts';
import { bonPdf } from './bon-pdf.ts';
import { findInterventionForReport, interventionHistoryRows } from './intervention-report.repository.ts';
import { reportCsvStream } from './report-csv.repository.ts';
import { PDF_ROW_LIMIT, summaryPdf } from './report-documents.ts';
import { reportRows } from './reports.repository.ts';
import { getPartsDowntime, getSummary } from './reports.service.ts';

/** The period CSV: written by PostgreSQL (COPY) with the values formatted in SQL, see report-csv.repository.ts. */
export function csvStream(db: DbOrTx, f: ReportFilter) {
  return reportCsvStream(db, f);
}

/** The period PDF: the summary and the first PDF_ROW_LIMIT interventions (the CSV has them all). */
export async function periodPdf(
  db: DbOrTx,
  f: ReportFilter,
  storage?: FileStorage,
  opts: { costs?: boolean } = {},
): Promise<Buffer> {
  const [summary, rows, preventive, parts, header] = await Promise.all([
    getSummary(db, f),
    reportRows(db, f, { limit: PDF_ROW_LIMIT + 1 }),
    // the period's preventive visits (of the client when one is chosen), for the client to see
    getCompliance(db as Db, { from: f.dateFrom, to: f.dateTo, client_id: f.clientId }),
    getPartsDowntime(db, f),
    companyHeader(db, storage),
  ]);
  return summaryPdf(
    summary,
    rows.slice(0, PDF_ROW_LIMIT),
    rows.length > PDF_ROW_LIMIT,
    preventive,
    parts,
    header,
    opts,
  );
}

export async function readBytes(storage: FileStorage, key: string, maxBytes: number): Promise<Buffer | null> {
  const file = await storage.open(key);
  if (!file) return null;
  if (file.size > maxBytes) {
    file.stream.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** Photos larger than this are named on the bon without a thumbnail (pdfkit embeds the whole file). */
const BON_PHOTO_MAX_BYTES = 3 * 1024 * 1024;

/**
 * The bon d'intervention (issue 32; visible interventions only: 404 otherwise): `version` N prints signed version N
 * as it was signed; without it, the latest signed version while the content has not changed since, else the live
 * bon, unsigned (signatures.service.ts resolveBon). The company header, the signatures' and photos' images and the QR
 * code's link are gathered here, then bon-pdf.ts draws it.
 */
export async function interventionReportPdf(
  db: DbOrTx,
  storage: FileStorage,
  id: number,
  version?: number,
  { forClient = false }: { forClient?: boolean } = {},
): Promise<Buffer> {
  const row = await findInterventionForReport(db, id);
  if (!row) throw new AppError('NOT_FOUND', REPORT_MESSAGES.interventionNotFound);
  const [bon, history, live, header] = await Promise.all([
    resolveBon(db, id, version),
    interventionHistoryRows(db, id),
    bonLiveState(db, id),
    companyHeader(db, storage),
  ]);
  const signatureImages = new Map<number, Buffer>();
  for (const s of bon.signatures) {
    const bytes = await readBytes(storage, s.storage_key, SIGNATURE_LIMITS.maxBytes);
    if (bytes) signatureImages.set(s.id, bytes);
  }
  const photoImages = new Map<number, Buffer>();
  for (const [photoId, key] of bon.photoKeys) {
    const bytes = await readBytes(storage, key, BON_PHOTO_MAX_BYTES);
    if (bytes) photoImages.set(photoId, bytes);
  }
  return bonPdf({
    bon,
    header,
    live: { row, history, review: live.review, sla: live.sla },
    signatureImages,
    photoImages,
    link: appLink(forClient ? `/portail/interventions/${id}` : `/interventions/${id}`),
    forClient,
  });
}
