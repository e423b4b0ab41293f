import { z } from 'zod';
import { idSchema } from '../common/api.ts';

/** Intervention checklist (spec §7 GET /checklist, PUT /checklist/{itemId} {checked}). Our design, French. */

export const CHECKLIST_MESSAGES = {
  labelRequired: "Le libellé de l'étape est requis",
  labelMax: 'Le libellé ne peut pas dépasser 200 caractères',
  checkedRequired: 'La valeur « cochée » est requise (vrai ou faux)',
  itemNotFound: 'Étape de checklist introuvable',
  maxItems: 'Une checklist compte au plus 50 étapes',
  added: 'Étape ajoutée à la checklist',
  deleted: 'Étape retirée de la checklist',
  updated: 'Checklist mise à jour',
  failed: 'Erreur lors de la mise à jour de la checklist',
  empty: 'Aucune étape dans la checklist.',
  historyAdded: (label: string) => `Checklist : étape ajoutée « ${label} »`,
  historyDeleted: (label: string) => `Checklist : étape retirée « ${label} »`,
} as const;

export const CHECKLIST_MAX_ITEMS = 50;

const GENERIC = [
  'Consignation et sécurisation de la zone',
  'Contrôle visuel',
  'Nettoyage',
  'Serrage des connexions',
  'Essais de fonctionnement',
  'Remise en service et déconsignation',
];

/** Default checklist by equipment type (a generic list for the others). */
export const DEFAULT_CHECKLISTS: Record<string, readonly string[]> = {
  TRANSFORMATEUR: [
    'Contrôle visuel',
    "Mesure d'isolement",
    "Niveau et analyse d'huile",
    'Contrôle du silicagel (dessiccateur)',
    'Serrage des connexions',
    'Essais de protection',
  ],
  GROUPE_ELECTROGENE: [
    'Contrôle visuel',
    'Niveaux (huile, liquide de refroidissement, gasoil)',
    'Filtres (air, huile, gasoil)',
    'État et charge des batteries',
    'Essai de démarrage en charge',
    'Contrôle de la tension et de la fréquence',
  ],
  TABLEAU_ELECTRIQUE: [
    'Contrôle visuel',
    'Thermographie',
    'Serrage des connexions',
    'Essai des différentiels',
    'Nettoyage et dépoussiérage',
  ],
  MOTEUR_ELECTRIQUE: [
    'Contrôle visuel',
    "Mesure d'isolement",
    'Contrôle des roulements (bruit, vibrations)',
    'Mesure des courants',
    'Serrage des connexions',
  ],
  ONDULEUR: [
    'Contrôle visuel',
    'Test des batteries',
    'Contrôle des alarmes',
    'Essai de basculement',
    'Nettoyage des ventilateurs',
  ],
  CELLULE_HTA: [
    'Contrôle visuel',
    'Manœuvres des appareils',
    'Contrôle des verrouillages',
    'Essais des relais de protection',
    'Serrage des connexions',
  ],
};

export function defaultChecklist(typeEquipement: string | null | undefined): readonly string[] {
  return (typeEquipement && DEFAULT_CHECKLISTS[typeEquipement]) || GENERIC;
}

const label = z
  .string({ error: CHECKLIST_MESSAGES.labelRequired })
  .trim()
  .min(1, CHECKLIST_MESSAGES.labelRequired)
  .max(200, CHECKLIST_MESSAGES.labelMax);

/** POST /interventions/:id/checklist (also the add form's resolver). */
export const checklistAddSchema = z.object({ label });
export type ChecklistAdd = z.infer<typeof checklistAddSchema>;

/** PUT /interventions/:id/checklist/:itemId */
export const checklistCheckSchema = z.object({ checked: z.boolean({ error: CHECKLIST_MESSAGES.checkedRequired }) });

export const checklistItemParamsSchema = z.object({
  id: idSchema,
  itemId: idSchema,
});

export const checklistItemSchema = z.object({
  id: z.number(),
  label: z.string(),
  position: z.number(),
  checked: z.boolean(),
  checkedAt: z.string().nullable(),
  checkedBy: z.object({ id: z.number(), nom: z.string() }).nullable(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

export const checklistSchema = z.object({
  items: z.array(checklistItemSchema),
  done: z.number(),
  total: z.number(),
});
export type Checklist = z.infer<typeof checklistSchema>;

/** 'N/M' progress shown in the detail view. */
export const checklistProgress = (c: Pick<Checklist, 'done' | 'total'>) => `${c.done}/${c.total}`;
