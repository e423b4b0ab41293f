/** Equipment types: the server's enumerated list (values contain underscores; spec §3). */
export const EQUIPMENT_TYPES = [
  'TRANSFORMATEUR',
  'GROUPE_ELECTROGENE',
  'TABLEAU_ELECTRIQUE',
  'MOTEUR_ELECTRIQUE',
  'ONDULEUR',
  'COMPRESSEUR',
  'POMPE',
  'DISJONCTEUR',
  'CLIMATISATION',
  'ECLAIRAGE',
  'BATTERIE_CONDENSATEURS',
  'CELLULE_HTA',
  'VARIATEUR_VITESSE',
  'AUTRE',
] as const;
export type EquipmentType = (typeof EQUIPMENT_TYPES)[number];

/** French labels of the types: the one map every list, form, plan and PDF shows (the API keeps the codes). */
export const EQUIPMENT_TYPE_LABELS = {
  TRANSFORMATEUR: 'Transformateur',
  GROUPE_ELECTROGENE: 'Groupe électrogène',
  TABLEAU_ELECTRIQUE: 'Tableau électrique',
  MOTEUR_ELECTRIQUE: 'Moteur électrique',
  ONDULEUR: 'Onduleur',
  COMPRESSEUR: 'Compresseur',
  POMPE: 'Pompe',
  DISJONCTEUR: 'Disjoncteur',
  CLIMATISATION: 'Climatisation',
  ECLAIRAGE: 'Éclairage',
  BATTERIE_CONDENSATEURS: 'Batterie de condensateurs',
  CELLULE_HTA: 'Cellule HTA',
  VARIATEUR_VITESSE: 'Variateur de vitesse',
  AUTRE: 'Autre',
} as const satisfies Record<EquipmentType, string>;

/**
 * Display of a type: its French label; a code the map does not know (a newer server list) keeps the spec's
 * 'underscores shown as spaces'.
 */
export function equipmentTypeLabel(value: string | null | undefined): string {
  if (!value) return '-';
  return isEquipmentType(value) ? EQUIPMENT_TYPE_LABELS[value] : value.replaceAll('_', ' ');
}

export function isEquipmentType(value: unknown): value is EquipmentType {
  return typeof value === 'string' && (EQUIPMENT_TYPES as readonly string[]).includes(value);
}
