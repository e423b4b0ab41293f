/**
 * The scanned signed titre d'habilitation (issue 34): one PDF per titre, stored through the storage interface,
 * replaced by a new upload. `PUT /api/habilitations/{hid}/titre` (multipart field `titre`), `GET` to download it
 * (its holder, or habilitations:manage).
 */

/** Same ceiling as an intervention's attachment. */
export const MAX_TITRE_BYTES = 10 * 1024 * 1024;

/** A PDF starts with these bytes, whatever its name or declared type say. */
export const PDF_MAGIC = '%PDF';

export const TITRE_DOCUMENT_MESSAGES = {
  fileRequired: 'Aucun fichier reçu (champ « titre »)',
  notMultipart: 'La requête doit être envoyée en multipart/form-data',
  notPdf: "Le titre d'habilitation signé doit être un fichier PDF",
  tooLarge: 'Fichier trop volumineux (10 Mo maximum)',
  uploaded: "Titre d'habilitation signé enregistré",
  missing: "Aucun titre d'habilitation signé n'est enregistré pour ce titre",
  upload: 'Joindre le titre signé (PDF)',
  replace: 'Remplacer le titre signé (PDF)',
  download: 'Télécharger le titre signé',
  uploading: 'Envoi du titre signé…',
} as const;

/** The download's name: « titre-habilitation-H2V-Karim-Alaoui-12.pdf ». */
export function titreFileName(t: { id: number; symbole: string; user_nom: string }): string {
  const slug = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '');
  return `titre-habilitation-${slug(t.symbole)}-${slug(t.user_nom)}-${t.id}.pdf`;
}
