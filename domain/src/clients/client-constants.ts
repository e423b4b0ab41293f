/** Fixed option lists of the client form (spec §5). */
export const SECTEURS_ACTIVITE = [
  'Industrie Manufacturière',
  'Textile',
  'Agro-alimentaire',
  'Automobile',
  'Construction',
  'Énergie',
  'Chimie',
  'Autres',
] as const;

export const FORMES_JURIDIQUES = ['SA', 'SARL', 'SNC', 'SCS', 'SCA', 'Entreprise Individuelle', 'Autres'] as const;
export type FormeJuridique = (typeof FORMES_JURIDIQUES)[number];

/** The fixed sectors plus those already in use, fixed ones first, others in French alphabetical order. */
export function mergeSectors(inUse: readonly (string | null | undefined)[]): string[] {
  const fixed: readonly string[] = SECTEURS_ACTIVITE;
  const extra = [...new Set(inUse.map((s) => s?.trim()).filter((s): s is string => !!s && !fixed.includes(s)))];
  extra.sort((a, b) => a.localeCompare(b, 'fr'));
  return [...fixed, ...extra];
}

export const CLIENT_MESSAGES = {
  nomEntrepriseRequired: "Le nom de l'entreprise est requis",
  emailInvalid: "Format d'email invalide",
  emailContactInvalid: "Format d'email de contact invalide",
  formeJuridiqueInvalid: 'Forme juridique invalide',
  iceInvalid: "L'ICE compte 15 chiffres",
  tooLong: (max: number) => `Ce champ ne peut pas dépasser ${max} caractères`,
  notFound: 'Client introuvable',
  hasEquipment: (n: number) =>
    `Impossible de supprimer ce client : il possède encore ${n} équipement${n > 1 ? 's' : ''}. Supprimez ou réaffectez d'abord ${n > 1 ? 'ses équipements' : 'son équipement'}.`,
  hasInterventions: (n: number) =>
    `Impossible de supprimer ce client : ${n} intervention${n > 1 ? 's' : ''} lui ${n > 1 ? 'sont rattachées' : 'est rattachée'}.`,
  sectionInvalid: 'Section invalide',
  sectionUnknown: 'Section introuvable',
  sectionLabel: 'Section',
  sectionNone: 'Aucune section',
  creating: 'Création du client...',
  updating: 'Modification du client...',
} as const;

/** Texts of the delete confirmation shared by clients and equipment (spec §2, "Modals on the dashboard"). */
export const DELETE_CONFIRM = {
  title: 'Confirmer la suppression',
  prompt: 'Êtes-vous sûr de vouloir supprimer :',
  irreversible: 'Cette action est irréversible !',
  confirm: 'Supprimer définitivement',
} as const;
