import { z } from 'zod';
import { isSameAsUsername, newPassword } from '../auth/password-policy.ts';
import { idSchema, paginationQuerySchema } from '../common/api.ts';
import type { Statut } from '../interventions/status.ts';
import { SLA_CIBLES } from '../sla/sla-clock.ts';
import { USER_FORM_MESSAGES as UM } from '../users/messages.ts';
import { PORTAL_DROITS } from './portal-access.ts';
import { PORTAL_MESSAGES as M } from './portal-messages.ts';

/**
 * The client portal's contract (issue 33). Every response here is an outsider's own shape (STYLE rule 21): the
 * fields a client may see, listed, never an internal object with fields deleted — no internal notes or comments, no
 * costs or prices, no technician's phone, no review step, no audit, nothing of another client.
 */

const nom = z
  .string({ error: UM.nomRequired })
  .trim()
  .min(1, { error: UM.nomRequired, abort: true })
  .max(100, UM.nomMax);
const droit = z.enum(PORTAL_DROITS, { error: M.droitInvalid });
const email = z
  .email(UM.emailInvalid)
  .max(254, UM.emailInvalid)
  .transform((v) => v.trim().toLowerCase());
const username = z
  .string({ error: UM.usernameRequired })
  .trim()
  .min(3, UM.usernameMin)
  .max(100, UM.usernameMax)
  .regex(/^[\p{L}\p{N}._@-]+$/u, UM.usernameChars);

/** POST /api/clients/{id}/portal-users, invitation by e-mail: a single-use link to choose the password. */
export const portalInviteSchema = z.object({
  nom,
  email,
  droit,
  notifications: z.boolean().default(true),
});

/** The same with an initial password an administrator chooses (a client without e-mail): changed at first login. */
export const portalAccountSchema = z
  .object({
    nom,
    username,
    password: newPassword(UM.passwordRequiredForNew),
    email: z
      .union([z.literal(''), email])
      .nullish()
      .transform((v) => (v ? v : null)),
    droit,
    notifications: z.boolean().default(false),
  })
  .refine((v) => !isSameAsUsername(v.password, v.username), { message: UM.passwordSameAsUsername, path: ['password'] });

export const portalUserCreateSchema = z.union([portalAccountSchema, portalInviteSchema]);
export type PortalUserCreateInput = z.input<typeof portalUserCreateSchema>;
export type PortalUserCreate = z.output<typeof portalUserCreateSchema>;

export const portalUserParamsSchema = z.object({ id: idSchema, uid: idSchema });

/** A portal user as the client's page lists them (internal side). */
export const portalUserSchema = z.object({
  id: z.number(),
  nom: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  droit: z.enum(PORTAL_DROITS),
  notifications: z.boolean(),
  /** Still to choose a password (invitation pending) or to change the one given. */
  en_attente: z.boolean(),
  created_at: z.string(),
});
export type PortalUser = z.infer<typeof portalUserSchema>;

export const portalUserCreatedSchema = portalUserSchema.extend({
  /** An invitation was queued for the address (false: an initial password was set). */
  invitation_envoyee: z.boolean(),
});

// ── The portal's own reads (/api/portal/*) ──────────────────────────────────────────────────────────────────────

/** Statuses as the client sees them: the internal stages (pause, review) are hidden. */
export const PORTAL_STATUTS = ['PLANIFIEE', 'EN_COURS', 'ATTENTE_PIECES', 'TERMINEE', 'ANNULEE'] as const;
export type PortalStatut = (typeof PORTAL_STATUTS)[number];
export const PORTAL_STATUT_LABELS = {
  PLANIFIEE: 'Planifiée',
  EN_COURS: 'En cours',
  ATTENTE_PIECES: 'En attente de pièces',
  TERMINEE: 'Terminée',
  ANNULEE: 'Annulée',
} as const satisfies Record<PortalStatut, string>;

/** The one map from an internal status to the client's (a failure reads as cancelled: the visit did not happen). */
export const PORTAL_STATUT_OF = {
  PLANIFIEE: 'PLANIFIEE',
  EN_COURS: 'EN_COURS',
  EN_PAUSE: 'EN_COURS',
  EN_ATTENTE_PDR: 'ATTENTE_PIECES',
  TERMINEE: 'TERMINEE',
  ANNULEE: 'ANNULEE',
  ECHEC: 'ANNULEE',
} as const satisfies Record<Statut, PortalStatut>;

export const portalMeSchema = z.object({
  nom: z.string(),
  username: z.string(),
  droit: z.enum(PORTAL_DROITS),
  /** The client company. */
  entreprise: z.object({ id: z.number(), nom: z.string() }),
  /** The maintenance contractor (COMPANY profile). */
  prestataire: z.string(),
});
export type PortalMe = z.infer<typeof portalMeSchema>;

export const portalListQuerySchema = paginationQuerySchema.extend({
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type PortalListQuery = z.infer<typeof portalListQuerySchema>;

export const portalInterventionQuerySchema = portalListQuerySchema.extend({
  statut: z.enum(PORTAL_STATUTS).optional(),
  equipement_id: idSchema.optional(),
});
export type PortalInterventionQuery = z.infer<typeof portalInterventionQuerySchema>;

export const portalEquipmentSchema = z.object({
  id: z.number(),
  nom: z.string(),
  type: z.string().nullable(),
  marque: z.string().nullable(),
  modele: z.string().nullable(),
  numero_serie: z.string().nullable(),
});
export type PortalEquipment = z.infer<typeof portalEquipmentSchema>;

export const portalInterventionSchema = z.object({
  id: z.number(),
  equipement: z.object({ id: z.number(), nom: z.string() }),
  description: z.string().nullable(),
  urgence: z.boolean(),
  statut: z.enum(PORTAL_STATUTS),
  /** The day it is planned for (YYYY-MM-DD) and, when scheduled, the planned time (ISO). */
  date: z.string(),
  planifiee_le: z.string().nullable(),
  demarree_le: z.string().nullable(),
  terminee_le: z.string().nullable(),
  preventive: z.boolean(),
  /** A signed bon can be downloaded (GET /api/portal/interventions/{id}/bon.pdf). */
  bon_signe: z.boolean(),
});
export type PortalIntervention = z.infer<typeof portalInterventionSchema>;

export const portalVisitSchema = z.object({
  date: z.string(),
  plan: z.string(),
  intervention_id: z.number().nullable(),
});

export const portalEquipmentDetailSchema = portalEquipmentSchema.extend({
  interventions: z.array(portalInterventionSchema),
  prochaines_visites: z.array(portalVisitSchema),
});
export type PortalEquipmentDetail = z.infer<typeof portalEquipmentDetailSchema>;

export const portalContractSchema = z.object({
  numero: z.string(),
  type: z.string(),
  date_debut: z.string(),
  date_fin: z.string(),
  reconduction_tacite: z.boolean(),
  garanties: z.array(z.object({ urgence: z.boolean(), cible: z.enum(SLA_CIBLES), minutes: z.number() })),
});
export type PortalContract = z.infer<typeof portalContractSchema>;

export const portalSlaSchema = z.object({
  dateFrom: z.string(),
  dateTo: z.string(),
  cibles: z.array(
    z.object({
      cible: z.enum(SLA_CIBLES),
      total: z.number(),
      respectees: z.number(),
      depassees: z.number(),
      en_cours: z.number(),
      taux: z.number().nullable(),
    }),
  ),
});

export const portalContractsSchema = z.object({
  contrats: z.array(portalContractSchema),
  conformite: portalSlaSchema,
});
export type PortalContracts = z.infer<typeof portalContractsSchema>;

/** Period of the report downloads and of the compliance figures (default: the last 90 days). */
export const portalPeriodQuerySchema = z.object({
  dateFrom: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, M.dateFormat)
    .optional(),
  dateTo: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, M.dateFormat)
    .optional(),
});
export type PortalPeriodQuery = z.infer<typeof portalPeriodQuerySchema>;

/** The portal's request form: the public form's fields plus the equipment (one of the company's). */
export const portalRequestTargetSchema = z.object({ equipement_id: idSchema });
