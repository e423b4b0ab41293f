import { z } from 'zod';
import { paginationQuerySchema } from '../common/api.ts';
import { syncQueryFields } from '../common/sync.ts';
import { CLIENT_MESSAGES, FORMES_JURIDIQUES } from './client-constants.ts';

/** x@y.z (spec §5). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Optional text: trimmed, '' becomes null, so the database never stores ''. */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, CLIENT_MESSAGES.tooLong(max))
    .nullish()
    .transform((v) => (v ? v : null));

const email = (message: string) => text(200).refine((v) => v === null || EMAIL_PATTERN.test(v), { message });

/** Body of POST /clients and PUT /clients/:id, and the client form's resolver. */
/**
 * Identifiant Commun de l'Entreprise: 15 digits (spaces typed between groups are removed); '' or absent is null.
 * Clients and the suppliers of spare parts (issue 18).
 */
export const iceSchema = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .refine((v) => v === '' || /^\d{15}$/.test(v), CLIENT_MESSAGES.iceInvalid)
  .nullish()
  .transform((v) => (v ? v : null));

export const clientInputSchema = z.object({
  nom_entreprise: z
    .string({ error: CLIENT_MESSAGES.nomEntrepriseRequired })
    .trim()
    .min(1, CLIENT_MESSAGES.nomEntrepriseRequired)
    .max(200, CLIENT_MESSAGES.tooLong(200)),
  secteur_activite: text(100),
  adresse: text(500),
  ville: text(100),
  codePostal: text(20),
  tel: text(30),
  fax: text(30),
  email: email(CLIENT_MESSAGES.emailInvalid),
  siteWeb: text(200),
  contact_principal: text(150),
  poste_contact: text(100),
  telephone_contact: text(30),
  email_contact: email(CLIENT_MESSAGES.emailContactInvalid),
  registre_commerce: text(100),
  ice: iceSchema,
  forme_juridique: z
    .union([z.literal(''), z.enum(FORMES_JURIDIQUES)], { error: CLIENT_MESSAGES.formeJuridiqueInvalid })
    .nullish()
    .transform((v) => (v ? v : null)),
  /** The section (agency) serving the client (issue 33); absent: unchanged on an update, none on a creation. */
  section_id: z
    .union([z.literal(''), z.coerce.number().int().positive().max(2147483647)], {
      error: CLIENT_MESSAGES.sectionInvalid,
    })
    .nullish()
    .transform((v) => (v === '' ? null : v)),
});
export type ClientFormValues = z.input<typeof clientInputSchema>;
export type ClientInput = z.output<typeof clientInputSchema>;

export const clientSchema = z.object({
  id: z.number().int(),
  nom_entreprise: z.string(),
  secteur_activite: z.string().nullable(),
  adresse: z.string().nullable(),
  ville: z.string().nullable(),
  codePostal: z.string().nullable(),
  tel: z.string().nullable(),
  fax: z.string().nullable(),
  email: z.string().nullable(),
  siteWeb: z.string().nullable(),
  contact_principal: z.string().nullable(),
  poste_contact: z.string().nullable(),
  telephone_contact: z.string().nullable(),
  email_contact: z.string().nullable(),
  registre_commerce: z.string().nullable(),
  ice: z.string().nullable(),
  forme_juridique: z.string().nullable(),
  equipmentCount: z.number().int(),
  interventionCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  creerPar: z.object({ id: z.number().int(), nom: z.string() }).nullable(),
  sectionId: z.number().int().nullable(),
  section: z.string().nullable(),
});
export type Client = z.infer<typeof clientSchema>;

export const clientListQuerySchema = paginationQuerySchema.extend({
  secteur_activite: z.string().trim().max(100).optional(),
  ...syncQueryFields,
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;
