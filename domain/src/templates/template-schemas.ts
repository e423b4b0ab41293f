import { z } from 'zod';
import { idSchema, isCalendarDay } from '../common/api.ts';
import { moneyText, quantityText } from '../common/numbers.ts';
import { EQUIPMENT_TYPES, equipmentTypeLabel } from '../equipment/equipment-types.ts';
import { workKindSchema } from '../habilitations/habilitation-schemas.ts';
import { CHECKLIST_MAX_ITEMS } from '../interventions/checklist-schemas.ts';
import { INTERVENTION_MESSAGES } from '../interventions/intervention-schemas.ts';
import { MAX_MATERIAL_LINES, PRIX_PATTERN, QUANTITE_PATTERN } from '../interventions/material-schemas.ts';

/**
 * Intervention templates (spec §7 GET /interventions/templates, POST /interventions/templates/{tid}/create): named
 * recurring jobs of the trade ("Visite annuelle transformateur") with the equipment type they fit, a description, an
 * urgency, a checklist and planned materials. Creating from a template makes a PLANIFIEE intervention for a chosen
 * equipment with all of it; preventive plans (a later issue) generate from templates too.
 */
export const TEMPLATE_MESSAGES = {
  typeTravailHelp:
    "Repris dans chaque intervention créée à partir du modèle ; le technicien affecté doit détenir les habilitations qu'il requiert.",
  nomRequired: 'Le nom du modèle est requis',
  nomMax: 'Le nom ne peut pas dépasser 150 caractères',
  nomTaken: 'Un modèle porte déjà ce nom',
  descriptionMax: 'La description ne peut pas dépasser 5000 caractères',
  typeInvalid: "Type d'équipement inconnu",
  stepRequired: "Le libellé de l'étape est requis",
  stepMax: 'Le libellé ne peut pas dépasser 200 caractères',
  tooManySteps: `Un modèle compte au plus ${CHECKLIST_MAX_ITEMS} étapes`,
  tooManyMaterials: `Un modèle compte au plus ${MAX_MATERIAL_LINES} lignes de matériel`,
  designationRequired: 'La désignation est requise',
  quantiteInvalid: 'Quantité invalide : nombre positif avec au plus 3 décimales',
  prixInvalid: 'Prix invalide : nombre positif avec au plus 2 décimales',
  dureeInvalid: 'Durée invalide (en minutes, de 1 à 10 000)',
  notFound: 'Modèle introuvable',
  inactive: 'Ce modèle est désactivé',
  wrongType: (template: string, equipment: string) =>
    `Ce modèle s'applique aux équipements de type ${equipmentTypeLabel(template)}, pas ${equipmentTypeLabel(equipment)}`,
  created: 'Modèle créé avec succès',
  updated: 'Modèle modifié avec succès',
  deleted: 'Modèle supprimé avec succès',
  interventionCreated: 'Intervention créée à partir du modèle',
  historyNote: (nom: string) => `Créée à partir du modèle « ${nom} »`,
  title: "Modèles d'intervention",
  empty: 'Aucun modèle ne correspond à cette recherche',
  none: "Aucun modèle d'intervention",
  allTypes: 'Tous types',
  loadFailed: 'Impossible de charger les modèles.',
  creating: 'Création du modèle...',
  updating: 'Modification du modèle...',
  createFailed: 'Erreur lors de la création du modèle',
  updateFailed: 'Erreur lors de la modification du modèle',
  deleteFailed: 'Erreur lors de la suppression du modèle',
  deleteKeepsCopies:
    'Les interventions déjà créées à partir de ce modèle gardent leur copie de la checklist et du matériel.',
  usingTemplate: "Création de l'intervention...",
  useFailed: "Erreur lors de la création de l'intervention à partir du modèle",
  noMatchingEquipment: (type: string) => `Aucun équipement de type ${equipmentTypeLabel(type)}`,
} as const;

const normalizeDecimal = (v: string | number) => String(v).trim().replace(',', '.');

export const templateMaterialSchema = z.object({
  designation: z
    .string({ error: TEMPLATE_MESSAGES.designationRequired })
    .trim()
    .min(1, TEMPLATE_MESSAGES.designationRequired)
    .max(200),
  reference: z
    .string()
    .trim()
    .max(100)
    .nullish()
    .transform((v) => v || null),
  quantite: quantityText(TEMPLATE_MESSAGES.quantiteInvalid).refine(
    (v) => Number(v) > 0,
    TEMPLATE_MESSAGES.quantiteInvalid,
  ),
  prixUnitaire: moneyText(TEMPLATE_MESSAGES.prixInvalid),
});
export type TemplateMaterial = z.output<typeof templateMaterialSchema>;

const step = z.string().trim().min(1, TEMPLATE_MESSAGES.stepRequired).max(200, TEMPLATE_MESSAGES.stepMax);

/** POST / PUT body (the form sends the same object). */
export const templateInputSchema = z.object({
  nom: z
    .string({ error: TEMPLATE_MESSAGES.nomRequired })
    .trim()
    .min(1, TEMPLATE_MESSAGES.nomRequired)
    .max(150, TEMPLATE_MESSAGES.nomMax),
  description: z
    .string()
    .trim()
    .max(5000, TEMPLATE_MESSAGES.descriptionMax)
    .nullish()
    .transform((v) => v || null),
  type_equipement: z
    .enum(EQUIPMENT_TYPES, { error: TEMPLATE_MESSAGES.typeInvalid })
    .nullish()
    .transform((v) => v ?? null),
  urgence: z.boolean().default(false),
  duree_estimee: z
    .number({ error: TEMPLATE_MESSAGES.dureeInvalid })
    .int(TEMPLATE_MESSAGES.dureeInvalid)
    .min(1, TEMPLATE_MESSAGES.dureeInvalid)
    .max(10_000, TEMPLATE_MESSAGES.dureeInvalid)
    .nullish()
    .transform((v) => v ?? null),
  checklist: z.array(step).max(CHECKLIST_MAX_ITEMS, TEMPLATE_MESSAGES.tooManySteps).default([]),
  materiaux: z.array(templateMaterialSchema).max(MAX_MATERIAL_LINES, TEMPLATE_MESSAGES.tooManyMaterials).default([]),
  actif: z.boolean().default(true),
  /** Issue 34: the kind of work of the interventions made from it (absent: unchanged on PUT). */
  type_travail: workKindSchema.nullish(),
});
export type TemplateInput = z.output<typeof templateInputSchema>;

/**
 * The management form: strings as typed ('' = none, '0,5' accepted), steps as objects for react-hook-form's field
 * arrays; its output is the POST / PUT body, checked again by `templateInputSchema` (the server's schema).
 */
export const templateFormSchema = z
  .object({
    nom: z.string().trim().min(1, TEMPLATE_MESSAGES.nomRequired).max(150, TEMPLATE_MESSAGES.nomMax),
    type_equipement: z.union([z.literal(''), z.enum(EQUIPMENT_TYPES)], { error: TEMPLATE_MESSAGES.typeInvalid }),
    description: z.string().trim().max(5000, TEMPLATE_MESSAGES.descriptionMax),
    urgence: z.boolean(),
    duree_estimee: z
      .string()
      .trim()
      .refine((v) => v === '' || (/^\d{1,5}$/.test(v) && Number(v) >= 1 && Number(v) <= 10_000), {
        message: TEMPLATE_MESSAGES.dureeInvalid,
      }),
    checklist: z.array(z.object({ label: step })).max(CHECKLIST_MAX_ITEMS, TEMPLATE_MESSAGES.tooManySteps),
    materiaux: z
      .array(
        z.object({
          designation: z.string().trim().min(1, TEMPLATE_MESSAGES.designationRequired).max(200),
          reference: z.string().trim().max(100),
          quantite: z.string().refine((v) => {
            const s = normalizeDecimal(v);
            return QUANTITE_PATTERN.test(s) && Number(s) > 0;
          }, TEMPLATE_MESSAGES.quantiteInvalid),
          prixUnitaire: z.string().refine((v) => PRIX_PATTERN.test(normalizeDecimal(v)), TEMPLATE_MESSAGES.prixInvalid),
        }),
      )
      .max(MAX_MATERIAL_LINES, TEMPLATE_MESSAGES.tooManyMaterials),
    actif: z.boolean(),
    /** Issue 34: '' = not stated. */
    type_travail: z.union([z.literal(''), workKindSchema]).optional(),
  })
  .transform(
    (v): z.input<typeof templateInputSchema> => ({
      ...v,
      type_equipement: v.type_equipement || null,
      description: v.description || null,
      duree_estimee: v.duree_estimee === '' ? null : Number(v.duree_estimee),
      checklist: v.checklist.map((s) => s.label),
      type_travail: v.type_travail === undefined ? undefined : v.type_travail || null,
    }),
  )
  .pipe(templateInputSchema);
export type TemplateFormValues = z.input<typeof templateFormSchema>;

export const templateSchema = z.object({
  id: z.number().int(),
  nom: z.string(),
  description: z.string().nullable(),
  type_equipement: z.string().nullable(),
  urgence: z.boolean(),
  duree_estimee: z.number().int().nullable(),
  checklist: z.array(z.string()),
  materiaux: z.array(
    z.object({
      designation: z.string(),
      reference: z.string().nullable(),
      quantite: z.string(),
      prixUnitaire: z.string(),
    }),
  ),
  actif: z.boolean(),
  type_travail: workKindSchema.nullable().optional(),
  /** Interventions created from it (a template in use can still be edited; deleting it keeps them). */
  usageCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Template = z.infer<typeof templateSchema>;

export const templateListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  type_equipement: z.enum(EQUIPMENT_TYPES).optional(),
  /** 'true' (default): active ones only, for the creation picker; 'all' for the management page. */
  actif: z.enum(['true', 'false', 'all']).default('true'),
});

export const templateParamsSchema = z.object({ tid: idSchema });

/** POST /interventions/templates/{tid}/create */
export const templateCreateInterventionSchema = z.object({
  equipement_id: idSchema,
  date: z.string().min(1, 'La date est requise').refine(isCalendarDay, 'Date invalide'),
  /** Overrides the template's text and urgency for this one job. */
  description: z.string().trim().max(5000).nullish(),
  urgence: z.boolean().optional(),
});
export type TemplateCreateIntervention = z.output<typeof templateCreateInterventionSchema>;

/**
 * The 'Utiliser' form: the equipment select yields a string id, the description and urgency start from the template's
 * (an emptied description falls back to the template's on the server). Its output is the POST body.
 */
export const templateUseFormSchema = z
  .object({
    equipement_id: z.string().min(1, INTERVENTION_MESSAGES.equipementRequired),
    date: z
      .string()
      .trim()
      .min(1, { error: INTERVENTION_MESSAGES.dateRequired, abort: true })
      .refine(isCalendarDay, INTERVENTION_MESSAGES.dateInvalid),
    description: z.string().trim().max(5000, TEMPLATE_MESSAGES.descriptionMax),
    urgence: z.boolean(),
  })
  .transform(
    (v): z.input<typeof templateCreateInterventionSchema> => ({
      ...v,
      equipement_id: Number(v.equipement_id),
      description: v.description || null,
    }),
  )
  .pipe(templateCreateInterventionSchema);
export type TemplateUseFormValues = z.input<typeof templateUseFormSchema>;
