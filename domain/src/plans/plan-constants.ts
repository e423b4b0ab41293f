// Texts and fixed values of the preventive maintenance plans. No zod in this file.

import { equipmentTypeLabel } from '../equipment/equipment-types.ts';

export const PLAN_MESSAGES = {
  nomRequired: 'Le nom du plan est requis',
  nomMax: 'Le nom ne peut pas dépasser 150 caractères',
  templateRequired: "Le modèle d'intervention est requis",
  targetRequired: "Indiquez un équipement, ou un client et un type d'équipement",
  targetBoth: "Indiquez soit un équipement, soit un client et un type d'équipement, pas les deux",
  typeInvalid: "Type d'équipement inconnu",
  rruleInvalid: 'Règle de récurrence invalide (format RFC 5545, ex. FREQ=MONTHLY;BYMONTHDAY=1)',
  dateInvalid: 'Date invalide (AAAA-MM-JJ)',
  joursAvanceInvalid: "Le délai d'anticipation doit être un nombre de jours entre 0 et 365",
  rangeInvalid: 'La date de fin doit suivre la date de début',
  rangeTooLong: 'La période ne peut pas dépasser 3 ans',
  notFound: 'Plan de maintenance introuvable',
  templateNotFound: "Modèle d'intervention introuvable",
  templateInactive: 'Ce modèle est désactivé',
  equipmentNotFound: 'Équipement introuvable',
  clientNotFound: 'Client introuvable',
  technicianNotFound: 'Technicien introuvable ou désactivé',
  wrongType: (template: string, equipment: string) =>
    `Le modèle s'applique aux équipements de type ${equipmentTypeLabel(template)}, pas ${equipmentTypeLabel(equipment)}`,
  created: 'Plan de maintenance créé avec succès',
  updated: 'Plan de maintenance modifié avec succès (les échéances déjà générées sont conservées)',
  deleted: 'Plan de maintenance supprimé (les interventions générées sont conservées)',
  generated: (n: number) =>
    n === 0 ? 'Aucune nouvelle intervention à générer' : `${n} intervention(s) préventive(s) générée(s)`,
  historyNote: (nom: string) => `Générée par le plan de maintenance « ${nom} »`,
  assignedBy: 'Maintenance préventive',
  holidayLibelleRequired: 'Le libellé du jour férié est requis',
  holidayTaken: 'Ce jour figure déjà dans la liste des jours fériés',
  holidayNotFound: 'Jour férié introuvable',
  holidayCreated: 'Jour férié ajouté',
  holidayDeleted: 'Jour férié supprimé',
  modeInvalid: 'Mode de récurrence inconnu',
  intervalleInvalid: 'Le nombre de jours après la dernière réalisation doit être un entier entre 1 et 3650',
  seuilInvalid: "Le seuil d'heures de fonctionnement doit être un entier entre 1 et 1 000 000",
  historyNoteMeter: (nom: string, heures: number) =>
    `Générée par le plan de maintenance « ${nom} » : ${heures} heures de fonctionnement depuis la dernière réalisation`,
} as const;

/**
 * How a plan's occurrences follow each other: CALENDRIER, on the RFC 5545 rule (fixed calendar); APRES_REALISATION,
 * N days after the last completion of the plan's intervention on each equipment (one open occurrence at a time).
 */
export const PLAN_MODES = ['CALENDRIER', 'APRES_REALISATION'] as const;
export type PlanMode = (typeof PLAN_MODES)[number];
/** Which trigger generated an occurrence: the plan's mode, or the meter (running hours). */
export const PLAN_TRIGGERS = ['CALENDRIER', 'APRES_REALISATION', 'COMPTEUR'] as const;
export type PlanTrigger = (typeof PLAN_TRIGGERS)[number];
/** The rule stored for an after-completion plan (the rrule column stays filled; only the calendar mode reads it). */
export const afterCompletionRrule = (days: number) => `FREQ=DAILY;INTERVAL=${days}`;

/** A generated intervention completed within this many days after its due date counts as on time. */
export const COMPLIANCE_TOLERANCE_DAYS = 7;
/** Longest period of GET /plans/{id}/occurrences and GET /plans/compliance. */
export const MAX_PLAN_RANGE_DAYS = 3 * 366;
/** Default lead time: interventions are created this many days before their due date. */
export const DEFAULT_JOURS_AVANCE = 7;
/** Generated interventions are planned at this Casablanca wall-clock time on their due date. */
export const PLAN_START_TIME = '08:00';
