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

/** Display: underscores shown as spaces (spec §2, equipment tab filter). */
export function equipmentTypeLabel(value: string | null | undefined): string {
  return value ? value.replaceAll('_', ' ') : '-';
}

export function isEquipmentType(value: unknown): value is EquipmentType {
  return typeof value === 'string' && (EQUIPMENT_TYPES as readonly string[]).includes(value);
}
