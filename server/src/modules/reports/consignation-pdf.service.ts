import { SIGNATURE_LIMITS } from '@gmao/domain/interventions/signature-schemas';
import type { Db } from '../../db/database.ts';
import type { FileStorage } from '../../storage/file-storage.ts';
import { consignationForPrint } from '../interventions/consignation/consignation.service.ts';
import { companyHeader } from '../settings/company.service.ts';
import { consignationPdf } from './consignation-pdf.ts';
import { readBytes } from './report-export.service.ts';

/**
 * GET /interventions/:id/consignation/pdf (issue 34): the record as printed (404 without a visible intervention or
 * without a record), the company header and the two signature images from the file storage, drawn by
 * consignation-pdf.ts.
 */
export async function interventionConsignationPdf(db: Db, storage: FileStorage, id: number) {
  const { intervention, record, names } = await consignationForPrint(db, id);
  const read = (key: string | null) => (key ? readBytes(storage, key, SIGNATURE_LIMITS.maxBytes) : null);
  const [header, cc, ct] = await Promise.all([companyHeader(db, storage), read(record.keys.cc), read(record.keys.ct)]);
  return { pdf: await consignationPdf(record, intervention, header, { cc, ct }, names), numero: record.numero };
}
