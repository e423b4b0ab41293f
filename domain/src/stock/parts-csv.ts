import { z } from 'zod';
import { type PartInput, partInputSchema } from './stock-schemas.ts';

/**
 * The parts catalogue as CSV (issue 18): GET /api/parts/export.csv writes it (Excel fr-FR: ';', decimal commas,
 * lists joined by ' | '); POST /api/parts/import reads the same file back — a line per part, matched on its
 * reference (created or updated), all or nothing: one line in error and nothing is imported, every error given with
 * its line number. The stock columns of the export are ignored on import (stock moves only through the ledger).
 */
export const PARTS_IMPORT_MAX_LINES = 5000;
export const LIST_SEPARATOR = ' | ';

/** [key, header] in the file's order; the first nine are the catalogue, the last three the export's stock. */
export const PART_CSV_COLUMNS = [
  ['reference', 'Référence'],
  ['designation', 'Désignation'],
  ['famille', 'Famille'],
  ['unite', 'Unité'],
  ['prix_unitaire', 'Prix unitaire (MAD)'],
  ['seuil_reappro', 'Seuil de réapprovisionnement'],
  ['quantite_reappro', 'Quantité de réapprovisionnement'],
  ['fournisseurs', 'Fournisseurs'],
  ['types_equipement', "Types d'équipement"],
  ['on_hand', 'En stock'],
  ['reserved', 'Réservé'],
  ['available', 'Disponible'],
] as const;
const REQUIRED = ['reference', 'designation', 'unite', 'prix_unitaire'] as const;

export const PARTS_CSV_MESSAGES = {
  empty: 'Le fichier est vide',
  tooMany: `Le fichier dépasse ${PARTS_IMPORT_MAX_LINES} lignes`,
  missingColumn: (header: string) => `Colonne obligatoire absente : « ${header} »`,
  unclosedQuote: 'Guillemet non fermé',
  duplicate: (reference: string, first: number) =>
    `Référence « ${reference} » en double dans le fichier (déjà en ligne ${first})`,
  line: (n: number) => `Ligne ${n}`,
  refused: (n: number) => `Import refusé : ${n} ligne(s) en erreur, aucune pièce n'a été importée`,
  done: (created: number, updated: number) =>
    `Import terminé : ${created} pièce(s) créée(s), ${updated} pièce(s) modifiée(s)`,
  fileName: 'catalogue-pieces.csv',
  exportAction: 'Exporter CSV',
  importAction: 'Importer CSV',
  importErrorsTitle: 'Import refusé : corrigez ces lignes puis réimportez le fichier',
  downloaded: 'Catalogue exporté',
} as const;

export const partsImportSchema = z.object({
  contenu: z.string({ error: PARTS_CSV_MESSAGES.empty }).min(1, PARTS_CSV_MESSAGES.empty).max(5_000_000),
});
export const partsImportResultSchema = z.object({ created: z.number().int(), updated: z.number().int() });
export type PartsImportResult = z.infer<typeof partsImportResultSchema>;

/** Records of a CSV text (RFC 4180 quotes, ';' or ',' as found in the header), each with its first line number. */
export function parseCsv(text: string): { records: { line: number; cells: string[] }[]; error?: number } {
  const src = text.replace(/^\uFEFF/, '');
  const firstLine = src.slice(0, src.search(/\r?\n|$/));
  const delimiter = firstLine.includes(';') || !firstLine.includes(',') ? ';' : ',';
  const records: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && src[i + 1] === '\n') i++;
      cells.push(cell);
      records.push({ line: start, cells });
      cells = [];
      cell = '';
      line++;
      start = line;
    } else cell += c;
  }
  if (quoted) return { records, error: start };
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    records.push({ line: start, cells });
  }
  return { records: records.filter((r) => r.cells.some((c) => c.trim() !== '')) };
}

/** The apostrophe the export puts before a cell that looks like a formula (neutraliseCsvCell) is taken off. */
const unneutralise = (v: string) => (/^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v);
/** Headers compared without case nor accents ('Reference' finds 'Référence'). */
const normaliseHeader = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');

/**
 * The text of a CSV file: UTF-8 (the export, with its BOM), else Windows-1252 — what Excel in French writes when the
 * file is saved again as 'CSV (séparateur : point-virgule)'.
 */
export function decodeCsvBytes(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * The parts of a catalogue CSV, each validated by partInputSchema (the form's schema), or every error with its
 * line number.
 */
export function partsFromCsv(text: string): {
  parts: PartInput[];
  errors: { field: string; msg: string }[];
} {
  const { records, error } = parseCsv(text);
  if (error !== undefined) {
    return { parts: [], errors: [{ field: PARTS_CSV_MESSAGES.line(error), msg: PARTS_CSV_MESSAGES.unclosedQuote }] };
  }
  const [header, ...rows] = records;
  if (!header || rows.length === 0) return { parts: [], errors: [{ field: 'contenu', msg: PARTS_CSV_MESSAGES.empty }] };
  if (rows.length > PARTS_IMPORT_MAX_LINES) {
    return { parts: [], errors: [{ field: 'contenu', msg: PARTS_CSV_MESSAGES.tooMany }] };
  }
  // a column is found by its French header or its key
  const index = new Map<string, number>();
  header.cells.forEach((h, i) => {
    const col = PART_CSV_COLUMNS.find(
      ([key, label]) => normaliseHeader(h) === normaliseHeader(label) || normaliseHeader(h) === key,
    );
    if (col && !index.has(col[0])) index.set(col[0], i);
  });
  const missing = REQUIRED.filter((k) => !index.has(k));
  if (missing.length > 0) {
    return {
      parts: [],
      errors: missing.map((k) => ({
        field: PARTS_CSV_MESSAGES.line(header.line),
        msg: PARTS_CSV_MESSAGES.missingColumn(PART_CSV_COLUMNS.find(([key]) => key === k)?.[1] ?? k),
      })),
    };
  }
  const parts: PartInput[] = [];
  const errors: { field: string; msg: string }[] = [];
  const seen = new Map<string, number>();
  for (const row of rows) {
    const get = (key: string) => {
      const i = index.get(key);
      return i === undefined ? '' : unneutralise((row.cells[i] ?? '').trim());
    };
    const list = (key: string) =>
      get(key)
        .split('|')
        .map((s) => s.trim())
        .filter(Boolean);
    const parsed = partInputSchema.safeParse({
      reference: get('reference'),
      designation: get('designation'),
      famille: get('famille') || null,
      unite: get('unite'),
      prix_unitaire: get('prix_unitaire'),
      seuil_reappro: get('seuil_reappro') || 0,
      quantite_reappro: get('quantite_reappro') || 0,
      fournisseurs: list('fournisseurs').map((nom) => ({ nom })),
      types_equipement: list('types_equipement'),
    });
    const field = PARTS_CSV_MESSAGES.line(row.line);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) errors.push({ field, msg: issue.message });
      continue;
    }
    const first = seen.get(parsed.data.reference);
    if (first !== undefined) {
      errors.push({ field, msg: PARTS_CSV_MESSAGES.duplicate(parsed.data.reference, first) });
      continue;
    }
    seen.set(parsed.data.reference, row.line);
    parts.push(parsed.data);
  }
  return { parts, errors };
}
