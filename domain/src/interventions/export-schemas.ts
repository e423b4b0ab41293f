import type { z } from 'zod';
import { interventionListQuerySchema } from './intervention-schemas.ts';

/** GET /interventions/export/csv and /export/pdf: the list's filters, without paging. */
export const interventionExportQuerySchema = interventionListQuerySchema.omit({ page: true, limit: true, after: true });
export type InterventionExportQuery = z.output<typeof interventionExportQuerySchema>;

export const INTERVENTION_CSV_COLUMNS = [
  ['id', 'N°'],
  ['date', 'Date'],
  ['client', 'Client'],
  ['ville', 'Ville'],
  ['equipement', 'Équipement'],
  ['type', "Type d'équipement"],
  ['statut', 'Statut'],
  ['urgence', 'Urgence'],
  ['technicien', 'Technicien'],
  ['description', 'Description'],
  ['debut', 'Début'],
  ['fin', 'Fin'],
  ['creePar', 'Créée par'],
] as const;

export const EXPORT_FORMATS = ['csv', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** 'interventions_2026-11-23.csv' (the day of the export). */
export const interventionExportFileName = (format: ExportFormat, today = new Date().toISOString().slice(0, 10)) =>
  `interventions_${today}.${format}`;

export const EXPORT_MESSAGES = {
  menu: 'Exporter',
  csv: 'CSV',
  pdf: 'PDF',
  pdfTitle: 'Liste des interventions',
  pdfTruncated: (n: number) =>
    `Seules les ${n} premières interventions sont listées ; l’export CSV les contient toutes.`,
  pdfEmpty: 'Aucune intervention ne correspond aux filtres.',
  success: 'Export téléchargé',
  failed: "Erreur lors de l'export des interventions",
} as const;

/** Interventions listed in the PDF; the CSV has them all. */
export const EXPORT_PDF_ROW_LIMIT = 500;
