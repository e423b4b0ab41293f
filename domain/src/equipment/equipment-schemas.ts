import { z } from 'zod';
import { idSchema, paginationQuerySchema } from '../common/api.ts';
import { dbIdNumber } from '../common/numbers.ts';
import { syncQueryFields } from '../common/sync.ts';
import { exigencesSchema, voltageDomainSchema } from '../habilitations/habilitation-schemas.ts';
import { WORK_KINDS } from '../habilitations/requirements.ts';
import { decimalInput, decimalOutput } from './decimal.ts';
import { EQUIPMENT_TYPES } from './equipment-types.ts';

export const EQUIPMENT_MESSAGES = {
  nomRequired: "Le nom de l'équipement est requis",
  proprietaireRequired: 'Le propriétaire est requis',
  proprietaireNotFound: "Le client propriétaire n'existe pas",
  typeInvalid: "Type d'équipement invalide",
  tooLong: (max: number) => `Ce champ ne peut pas dépasser ${max} caractères`,
  notFound: 'Équipement introuvable',
  hasInterventions: (n: number) =>
    `Impossible de supprimer cet équipement : ${n} intervention${n > 1 ? 's' : ''} lui ${n > 1 ? 'sont rattachées' : 'est rattachée'}.`,
  noIntervention: 'Aucune intervention',
  creating: "Création de l'équipement...",
  updating: "Modification de l'équipement...",
} as const;

/** Equipment detail shows at most 5 recent interventions (spec §9). */
export const RECENT_INTERVENTIONS_LIMIT = 5;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, EQUIPMENT_MESSAGES.tooLong(max))
    .nullish()
    .transform((v) => (v ? v : null));

/** Body of POST /equipment and PUT /equipment/:id, and the equipment form's resolver (nom and owner required). */
export const equipmentInputSchema = z.object({
  nom: z
    .string({ error: EQUIPMENT_MESSAGES.nomRequired })
    .trim()
    .min(1, EQUIPMENT_MESSAGES.nomRequired)
    .max(200, EQUIPMENT_MESSAGES.tooLong(200)),
  marque: text(100),
  modele: text(100),
  numero_serie: text(100),
  type_equipement: z
    .union([z.literal(''), z.enum(EQUIPMENT_TYPES)], { error: EQUIPMENT_MESSAGES.typeInvalid })
    .nullish()
    .transform((v) => (v ? v : null)),
  etatDeReception: text(2000),
  valeur: decimalInput,
  cout: decimalInput,
  proprietaire_id: dbIdNumber(EQUIPMENT_MESSAGES.proprietaireRequired),
  /**
   * Issue 34: the voltage domain and, per kind of work, the symbols one of which suffices. Absent on creation: the
   * type's defaults (domain/src/habilitations/requirements.ts); absent on PUT: unchanged.
   */
  domaine_tension: z
    .union([z.literal(''), voltageDomainSchema])
    .nullish()
    .transform((v) => (v === '' ? null : v)),
  exigences: exigencesSchema.optional(),
});
export type EquipmentFormValues = z.input<typeof equipmentInputSchema>;
export type EquipmentInput = z.output<typeof equipmentInputSchema>;

export const equipmentOwnerSchema = z.object({
  id: z.number().int(),
  nom_entreprise: z.string(),
  ville: z.string().nullable(),
  contact_principal: z.string().nullable(),
  telephone_contact: z.string().nullable(),
});

export const equipmentSchema = z.object({
  id: z.number().int(),
  nom: z.string(),
  marque: z.string().nullable(),
  modele: z.string().nullable(),
  numero_serie: z.string().nullable(),
  type_equipement: z.string().nullable(),
  etatDeReception: z.string().nullable(),
  valeur: decimalOutput,
  cout: decimalOutput,
  proprietaire_id: z.number().int(),
  proprietaire: equipmentOwnerSchema,
  latestInterventionStatus: z.string().nullable(),
  interventionCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  creerPar: z.object({ id: z.number().int(), nom: z.string() }).nullable(),
  /** Issue 34: voltage domain and the symbols each kind of work requires. */
  domaine_tension: z.enum(['TBT', 'BT', 'HTA', 'HTB']).nullable().optional(),
  exigences: z.array(z.object({ travail: z.enum(WORK_KINDS), symboles: z.array(z.string()) })).optional(),
});
export type Equipment = z.infer<typeof equipmentSchema>;

export const maintenanceStatsSchema = z.object({
  totalInterventions: z.number().int(),
  completedInterventions: z.number().int(),
  urgentInterventions: z.number().int(),
});

export const equipmentInterventionSchema = z.object({
  id: z.number().int(),
  date: z.string(),
  description: z.string().nullable(),
  statut: z.string(),
  urgence: z.boolean(),
  creerPar: z.object({ nom: z.string() }).nullable(),
});
export type EquipmentIntervention = z.infer<typeof equipmentInterventionSchema>;

export const equipmentDetailSchema = equipmentSchema.extend({
  maintenanceStats: maintenanceStatsSchema,
  interventions: z.array(equipmentInterventionSchema),
});
export type EquipmentDetail = z.infer<typeof equipmentDetailSchema>;

export const equipmentListQuerySchema = paginationQuerySchema.extend({
  proprietaire_id: idSchema.optional(),
  type_equipement: z.string().trim().max(50).optional(),
  ...syncQueryFields,
});
export type EquipmentListQuery = z.infer<typeof equipmentListQuerySchema>;
