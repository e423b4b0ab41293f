import type { EquipmentType } from '../equipment/equipment-types.ts';
import type { Requirement } from './coverage.ts';
import { E_ATTRIBUTES, type HabilitationSymbol, SYMBOLS, type VoltageDomain } from './symbols.ts';

/**
 * What a piece of work requires (issue 34): an intervention states its kind of work, an equipment lists, per kind of
 * work, the symbols one of which suffices. NON_ELECTRIQUE work near nothing live requires nothing by default.
 */
export const WORK_KINDS = [
  'HORS_TENSION',
  'INTERVENTION_BT',
  'MANOEUVRE',
  'ESSAIS',
  'CONSIGNATION',
  'NON_ELECTRIQUE',
] as const;
export type WorkKind = (typeof WORK_KINDS)[number];

export const WORK_KIND_LABELS = {
  HORS_TENSION: 'Travaux hors tension',
  INTERVENTION_BT: 'Intervention BT',
  MANOEUVRE: 'Manœuvre',
  ESSAIS: 'Essais / mesurage',
  CONSIGNATION: 'Consignation',
  NON_ELECTRIQUE: 'Travaux non électriques',
} as const satisfies Record<WorkKind, string>;

export const VOLTAGE_DOMAIN_LABELS = {
  TBT: 'TBT (très basse tension)',
  BT: 'BT (basse tension)',
  HTA: 'HTA (1 à 50 kV)',
  HTB: 'HTB (plus de 50 kV)',
} as const satisfies Record<VoltageDomain, string>;

/** An equipment's requirement as the API writes it: symbols as written on a titre ("H2V", "BE Manœuvre"). */
export interface Exigence {
  travail: WorkKind;
  symboles: string[];
}

/** "BE Manœuvre" → { symbole: 'BE', attribut: 'Manœuvre' }; null when not a symbol of the table. */
export function parseSymbol(written: string): { symbole: HabilitationSymbol; attribut: string | null } | null {
  const [head, ...rest] = written.trim().split(/\s+/);
  const symbole = (head ?? '').toUpperCase();
  if (!(SYMBOLS as readonly string[]).includes(symbole)) return null;
  const attribut = rest.join(' ') || null;
  if (attribut && !(E_ATTRIBUTES as readonly string[]).includes(attribut)) return null;
  return { symbole: symbole as HabilitationSymbol, attribut };
}

/** The requirement of `travail` among an equipment's exigences (none: nothing is required). */
export function requirementFor(exigences: readonly Exigence[], travail: WorkKind | null): Requirement[] {
  if (!travail) return [];
  const e = exigences.find((x) => x.travail === travail);
  if (!e || e.symboles.length === 0) return [];
  const symboles = e.symboles.map(parseSymbol).filter((s) => s !== null);
  return symboles.length ? [{ travail, symboles }] : [];
}

const HTA_CELL: Exigence[] = [
  { travail: 'HORS_TENSION', symboles: ['H1V', 'H2V'] },
  { travail: 'CONSIGNATION', symboles: ['HC'] },
  { travail: 'MANOEUVRE', symboles: ['HE Manœuvre'] },
  { travail: 'ESSAIS', symboles: ['HE Essai', 'HE Mesurage', 'HE Vérification'] },
];
const BT_BOARD: Exigence[] = [
  { travail: 'HORS_TENSION', symboles: ['B1V', 'B2V'] },
  { travail: 'INTERVENTION_BT', symboles: ['BR'] },
  { travail: 'CONSIGNATION', symboles: ['BC'] },
  { travail: 'MANOEUVRE', symboles: ['BE Manœuvre', 'BR'] },
  { travail: 'ESSAIS', symboles: ['BE Essai', 'BE Mesurage', 'BE Vérification', 'BR'] },
];

/**
 * The defaults by equipment type (editable per equipment): transformateur HTA/BT — H1V/H2V for work, HC for the
 * consignation, BR on the LV side; tableau BT — B1V/B2V/BR; groupe électrogène — BR; cellule HTA as the transformer's
 * HV side; the other LV machines as a tableau; mechanical types nothing.
 */
export const DEFAULT_REQUIREMENTS: Record<EquipmentType, { domaine: VoltageDomain | null; exigences: Exigence[] }> = {
  TRANSFORMATEUR: {
    domaine: 'HTA',
    exigences: [...HTA_CELL, { travail: 'INTERVENTION_BT', symboles: ['BR'] }],
  },
  CELLULE_HTA: { domaine: 'HTA', exigences: HTA_CELL },
  TABLEAU_ELECTRIQUE: { domaine: 'BT', exigences: BT_BOARD },
  GROUPE_ELECTROGENE: {
    domaine: 'BT',
    exigences: [
      { travail: 'HORS_TENSION', symboles: ['BR', 'B1V', 'B2V'] },
      { travail: 'INTERVENTION_BT', symboles: ['BR'] },
      { travail: 'CONSIGNATION', symboles: ['BC', 'BR'] },
      { travail: 'MANOEUVRE', symboles: ['BR', 'BE Manœuvre'] },
      { travail: 'ESSAIS', symboles: ['BR', 'BE Essai', 'BE Mesurage'] },
    ],
  },
  MOTEUR_ELECTRIQUE: { domaine: 'BT', exigences: BT_BOARD },
  ONDULEUR: { domaine: 'BT', exigences: BT_BOARD },
  DISJONCTEUR: { domaine: 'BT', exigences: BT_BOARD },
  BATTERIE_CONDENSATEURS: { domaine: 'BT', exigences: BT_BOARD },
  VARIATEUR_VITESSE: { domaine: 'BT', exigences: BT_BOARD },
  ECLAIRAGE: { domaine: 'BT', exigences: BT_BOARD },
  COMPRESSEUR: { domaine: null, exigences: [] },
  POMPE: { domaine: null, exigences: [] },
  CLIMATISATION: { domaine: null, exigences: [] },
  AUTRE: { domaine: null, exigences: [] },
};

/** The domain a check reads when the equipment states none: HTA when an H symbol is required, else BT. */
export function effectiveDomain(domaine: VoltageDomain | null, requirements: readonly Requirement[]): VoltageDomain {
  if (domaine) return domaine;
  return requirements.some((r) => r.symboles.some((s) => s.symbole.startsWith('H'))) ? 'HTA' : 'BT';
}
