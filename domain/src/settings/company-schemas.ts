import { z } from 'zod';
import { NAV_TITLES } from '../common/nav-titles.ts';

/**
 * The company profile (issue 32): who issues the documents — the header of every PDF (bon d'intervention, period
 * report, SLA report) and the e-mails' signature — and the two settings of the bon d'intervention. Read by every
 * signed-in user (GET /api/settings/company), written by administrators (PUT, PUT …/logo).
 */
export const COMPANY_MESSAGES = {
  pageTitle: NAV_TITLES.company,
  intro:
    "Identité de l'entreprise imprimée en tête de chaque document (bon d'intervention, rapports PDF) et dans les e-mails.",
  saved: "Profil de l'entreprise enregistré",
  saveError: "Erreur lors de l'enregistrement du profil de l'entreprise",
  loadError: "Le profil de l'entreprise n'a pas pu être chargé.",
  nomRequired: "Le nom de l'entreprise est obligatoire",
  nomMax: "Le nom de l'entreprise ne peut pas dépasser 200 caractères",
  tooLong: (max: number) => `Ce champ ne peut pas dépasser ${max} caractères`,
  iceInvalid: "L'ICE doit comporter exactement 15 chiffres",
  emailInvalid: "L'adresse e-mail n'est pas valide",
  phoneInvalid: 'Le téléphone ne peut contenir que des chiffres, espaces, « + », « . », « - » et parenthèses',
  logoTitle: 'Logo',
  logoHelp: 'Image PNG ou JPEG, 2 Mo au plus ; imprimée en haut à gauche des documents.',
  logoNone: 'Aucun logo',
  logoUploaded: 'Logo enregistré',
  logoUploading: 'Envoi du logo…',
  logoDeleted: 'Logo supprimé',
  logoUploadError: "Le logo n'a pas pu être enregistré",
  logoRequired: 'Choisissez un fichier image PNG ou JPEG (champ « logo »)',
  logoTypeRefused: 'Le logo doit être une image PNG ou JPEG',
  logoContentRefused: "Le contenu du fichier n'est pas une image PNG ou JPEG valide",
  logoTooLarge: 'Le logo ne peut pas dépasser 2 Mo',
  logoNotFound: "Aucun logo n'est enregistré",
  documentsTitle: "Bon d'intervention",
  signatureRequired: 'Signature du client obligatoire pour terminer',
  signatureRequiredHelp:
    "Une intervention ne peut passer à « Terminée » qu'après la signature du client sur le bon. Un contrat peut aussi l'exiger pour ses seules interventions.",
  showPrices: 'Afficher les prix sur le bon',
  implications: 'Appliquer les équivalences de la norme aux habilitations (B2V ⇒ B1V ⇒ B0…)',
  implicationsHelp:
    "Sans cette option, seul ce qui est écrit sur le titre d'habilitation est permis (« tout ce qui n'est pas écrit est interdit »).",
  showPricesHelp: 'Sans cette option, le bon liste les matériaux et leurs quantités sans prix ni total.',
} as const;

export const COMPANY_FIELD_LABELS = {
  nom: 'Raison sociale',
  adresse: 'Adresse',
  ville: 'Ville',
  telephone: 'Téléphone',
  email: 'E-mail',
  ice: 'ICE',
  rc: 'RC',
  if: 'IF',
  patente: 'Patente',
  cnss: 'CNSS',
} as const;

/** The legal identifiers in the order the header prints them. */
export const COMPANY_LEGAL_IDS = ['ice', 'rc', 'if', 'patente', 'cnss'] as const;

/** Logo: PNG or JPEG (sniffed), 2 MB. */
export const MAX_LOGO_BYTES = 2 * 1024 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg'] as const;

/** Half of a surrogate pair without the other half: U+FFFD (PostgreSQL's jsonb refuses it). */
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const wellFormed = (v: string) => v.replace(LONE_SURROGATES, '\ufffd');

const text = (max: number) =>
  z
    .string({ error: COMPANY_MESSAGES.tooLong(max) })
    .trim()
    .max(max, COMPANY_MESSAGES.tooLong(max))
    .transform(wellFormed)
    .nullish()
    .transform((v) => v ?? '');

/** PUT /api/settings/company. The two settings are optional: absent, the saved value is kept. */
export const companyProfileInputSchema = z.object({
  nom: z
    .string({ error: COMPANY_MESSAGES.nomRequired })
    .trim()
    .min(1, COMPANY_MESSAGES.nomRequired)
    .max(200, COMPANY_MESSAGES.nomMax)
    .transform(wellFormed),
  adresse: text(300),
  ville: text(100),
  telephone: z
    .string({ error: COMPANY_MESSAGES.phoneInvalid })
    .trim()
    .max(30, COMPANY_MESSAGES.tooLong(30))
    .regex(/^[\d\s+().-]*$/, COMPANY_MESSAGES.phoneInvalid)
    .nullish()
    .transform((v) => v ?? ''),
  email: z
    .string({ error: COMPANY_MESSAGES.emailInvalid })
    .trim()
    .max(200, COMPANY_MESSAGES.tooLong(200))
    .refine((v) => v === '' || z.email().safeParse(v).success, COMPANY_MESSAGES.emailInvalid)
    .transform(wellFormed)
    .nullish()
    .transform((v) => v ?? ''),
  ice: z
    .string({ error: COMPANY_MESSAGES.iceInvalid })
    .transform((v) => v.replace(/\s+/g, ''))
    .refine((v) => v === '' || /^\d{15}$/.test(v), COMPANY_MESSAGES.iceInvalid)
    .nullish()
    .transform((v) => v ?? ''),
  rc: text(50),
  if: text(50),
  patente: text(50),
  cnss: text(50),
  signature_client_obligatoire: z.boolean().optional(),
  afficher_prix: z.boolean().optional(),
  habilitations_implications: z.boolean().optional(),
});
export type CompanyProfileInput = z.output<typeof companyProfileInputSchema>;
export type CompanyProfileFormValues = z.input<typeof companyProfileInputSchema>;

export const companyProfileSchema = z.object({
  nom: z.string(),
  adresse: z.string(),
  ville: z.string(),
  telephone: z.string(),
  email: z.string(),
  ice: z.string(),
  rc: z.string(),
  if: z.string(),
  patente: z.string(),
  cnss: z.string(),
  /** GET address of the logo (changes with each upload, so a cached one is never shown), null without a logo. */
  logo_url: z.string().nullable(),
  signature_client_obligatoire: z.boolean(),
  afficher_prix: z.boolean(),
  /** Issue 34: the standard's implications (B2V ⇒ B1V ⇒ B0) count in the habilitation check (off by default). */
  habilitations_implications: z.boolean(),
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

/** The identity fields alone (what a document's header prints). */
export type CompanyIdentity = Pick<CompanyProfile, keyof typeof COMPANY_FIELD_LABELS>;
export const COMPANY_IDENTITY_KEYS = Object.keys(COMPANY_FIELD_LABELS) as (keyof typeof COMPANY_FIELD_LABELS)[];
