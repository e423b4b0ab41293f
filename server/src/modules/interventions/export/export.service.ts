import { equipmentTypeLabel } from '@gmao/domain/analytics/analytics-schemas';
import type { Visibility } from '@gmao/domain/auth/visibility';
import { formatDate, formatDateTime } from '@gmao/domain/format/format';
import {
  EXPORT_MESSAGES,
  EXPORT_PDF_ROW_LIMIT,
  type InterventionExportQuery,
} from '@gmao/domain/interventions/export-schemas';
import type { Intervention } from '@gmao/domain/interventions/intervention-schemas';
import { statutLabel } from '@gmao/domain/interventions/status';
import type { DbOrTx } from '../../../db/database.ts';
import { frDate, frDateTime } from '../../../lib/csv.ts';
import { heading, keyValues, renderPdf, table, write } from '../../../lib/pdf.ts';
import { listDefinitions } from '../custom-fields/custom-fields.repository.ts';
import { interventionsAfter } from '../list.repository.ts';
import { interventionsCsvStream } from './export.repository.ts';

function toRecord(r: Intervention) {
  return {
    id: r.id,
    date: frDate(r.date),
    client: r.equipement.proprietaire.nom_entreprise,
    ville: r.equipement.proprietaire.ville ?? '',
    equipement: r.equipement.nom,
    type: equipmentTypeLabel(r.equipement.type_equipement),
    statut: statutLabel(r.statut),
    urgence: r.urgence ? 'Oui' : 'Non',
    technicien: r.technician?.nom ?? '',
    description: r.description ?? '',
    debut: frDateTime(r.startedAt),
    fin: frDateTime(r.completedAt),
    creePar: r.creerPar?.nom ?? '',
  };
}

/**
 * The filtered list as a streamed CSV (every row), with one column per active custom field after the fixed ones
 * ("Puissance (kVA)"): written by PostgreSQL through the exports' one CSV path (db/csv-copy.ts), as the period report.
 */
export async function interventionsCsv(db: DbOrTx, f: InterventionExportQuery & { visibility?: Visibility }) {
  const fields = await listDefinitions(db, { actif: 'true' });
  return interventionsCsvStream(db, f, fields);
}

const COLUMNS = [
  { header: 'N°', width: 32 },
  { header: 'Date', width: 55 },
  { header: 'Client', width: 85 },
  { header: 'Équipement', width: 85 },
  { header: 'Statut', width: 60 },
  { header: 'Urg.', width: 28 },
  { header: 'Technicien', width: 70 },
  { header: 'Description', width: 100 },
];

/** The filtered list as a PDF table (first EXPORT_PDF_ROW_LIMIT rows). */
export async function interventionsPdf(
  db: DbOrTx,
  f: InterventionExportQuery & { visibility?: Visibility },
): Promise<Buffer> {
  const rows = await interventionsAfter(db, f, undefined, EXPORT_PDF_ROW_LIMIT + 1);
  const truncated = rows.length > EXPORT_PDF_ROW_LIMIT;
  const listed = rows.slice(0, EXPORT_PDF_ROW_LIMIT);
  return renderPdf(EXPORT_MESSAGES.pdfTitle, (doc) => {
    heading(doc, EXPORT_MESSAGES.pdfTitle, `Édité le ${formatDateTime(new Date())}`);
    const period =
      f.dateFrom || f.dateTo
        ? `${f.dateFrom ? formatDate(f.dateFrom) : '…'} – ${f.dateTo ? formatDate(f.dateTo) : '…'}`
        : 'Toutes';
    keyValues(doc, [
      ['Recherche', f.search || 'Aucune'],
      ['Statut', f.statut ? statutLabel(f.statut) : 'Tous'],
      ['Période', period],
      ['Interventions listées', listed.length],
    ]);
    doc.moveDown(0.5);
    if (listed.length === 0) {
      write(doc, EXPORT_MESSAGES.pdfEmpty, { size: 10 });
      return;
    }
    table(
      doc,
      COLUMNS,
      listed.map((r) => {
        const rec = toRecord(r);
        const desc = rec.description.length > 120 ? `${rec.description.slice(0, 117)}...` : rec.description;
        return [`#${r.id}`, rec.date, rec.client, rec.equipement, rec.statut, rec.urgence, rec.technicien, desc];
      }),
    );
    if (truncated) write(doc, EXPORT_MESSAGES.pdfTruncated(EXPORT_PDF_ROW_LIMIT), { style: 'italic', size: 9 });
  });
}
