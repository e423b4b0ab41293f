import { z } from 'zod';
import { isCalendarDay, paginationQuerySchema } from '../common/api.ts';
import { NAV_TITLES } from '../common/nav-titles.ts';
import { parseSymbol, WORK_KINDS } from './requirements.ts';
import {
  domainIssue,
  E_ATTRIBUTES,
  HABILITATION_MESSAGES as M,
  symbolIssue,
  TITLE_DOMAINS,
  VOLTAGE_DOMAINS,
} from './symbols.ts';

const day = z
  .string({ error: M.dateRequired })
  .trim()
  .min(1, { error: M.dateRequired, abort: true })
  .refine(isCalendarDay, M.dateInvalid);
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, M.tooLong(max))
    .nullish()
    .transform((v) => v ?? '');

/**
 * Body of POST /users/{id}/habilitations and PUT /habilitations/{hid}, and the form's resolver: a symbol of the
 * standard's table (E with its attribute), delivered for a domain its letter allows, valid from delivree_le to
 * valide_jusqu_au (inclusive, not before it).
 */
export const habilitationInputSchema = z
  .object({
    symbole: z
      .string({ error: M.symboleRequired })
      .trim()
      .min(1, M.symboleRequired)
      .max(10, M.tooLong(10))
      .transform((s) => s.toUpperCase()),
    attribut: z
      .union([z.literal(''), z.enum(E_ATTRIBUTES)], { error: M.attributeRequired('E') })
      .nullish()
      .transform((v) => v || null),
    domaine: z.enum(TITLE_DOMAINS, { error: M.domaineInvalid }),
    champ: text(500),
    restrictions: text(1000),
    delivree_le: day,
    valide_jusqu_au: day,
    signataire: z.string({ error: M.signataireRequired }).trim().min(1, M.signataireRequired).max(200, M.tooLong(200)),
  })
  .superRefine((v, ctx) => {
    const symbol = symbolIssue(v.symbole, v.attribut);
    if (symbol) ctx.addIssue({ code: 'custom', path: ['symbole'], message: symbol });
    else {
      const domain = domainIssue(v.symbole, v.domaine);
      if (domain) ctx.addIssue({ code: 'custom', path: ['domaine'], message: domain });
    }
    if (v.valide_jusqu_au < v.delivree_le) {
      ctx.addIssue({ code: 'custom', path: ['valide_jusqu_au'], message: M.expiryBeforeIssue });
    }
  });
export type HabilitationFormValues = z.input<typeof habilitationInputSchema>;
export type HabilitationInput = z.output<typeof habilitationInputSchema>;

export const habilitationSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_nom: z.string(),
  symbole: z.string(),
  attribut: z.string().nullable(),
  domaine: z.enum(TITLE_DOMAINS),
  champ: z.string(),
  restrictions: z.string(),
  delivree_le: z.string(),
  valide_jusqu_au: z.string(),
  signataire: z.string(),
  /** Whether a scanned signed titre is stored. */
  document: z.boolean(),
  /** Its state on the server's today (Casablanca): valid, ending within 90 days, expired, not yet valid. */
  etat: z.enum(['valid', 'soon', 'expired', 'notYet']),
  created_at: z.string(),
  created_by: z.object({ id: z.number().int(), nom: z.string() }).nullable(),
});
export type Habilitation = z.infer<typeof habilitationSchema>;

/** GET /users/{id}/habilitations: the titles, newest first, and the medical fitness. */
export const userHabilitationsSchema = z.object({
  aptitude_medicale_jusqu_au: z.string().nullable(),
  titres: z.array(habilitationSchema),
});

/** GET /habilitations: every title, filtered by the last valid day and a search on the holder / the symbol. */
export const habilitationListQuerySchema = paginationQuerySchema.extend({
  expire_avant: day.optional(),
  search: z.string().trim().max(100).optional(),
});
export type HabilitationListQuery = z.output<typeof habilitationListQuerySchema>;

/** `hid` path parameter. */
export { idSchema as habilitationIdSchema } from '../common/api.ts';

/** An equipment's voltage domain and its requirements per kind of work (equipment body and response). */
export const voltageDomainSchema = z.enum(VOLTAGE_DOMAINS, { error: M.voltageDomainInvalid });
export const workKindSchema = z.enum(WORK_KINDS, { error: M.travailInvalid });
export const exigencesSchema = z
  .array(
    z.object({
      travail: workKindSchema,
      symboles: z
        .array(
          z
            .string()
            .trim()
            .max(20)
            .refine((s) => parseSymbol(s) !== null, { error: (i) => M.symbolUnknown(String(i.input)) }),
        )
        .max(10),
    }),
  )
  .max(WORK_KINDS.length)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    for (const [i, e] of list.entries()) {
      if (seen.has(e.travail))
        ctx.addIssue({ code: 'custom', path: [i, 'travail'], message: M.exigenceDuplicate(e.travail) });
      seen.add(e.travail);
    }
  });

/** A forced assignment: its written justification (habilitations:override). */
export const derogationInputSchema = z.object({
  motif: z.string({ error: M.motifRequired }).trim().min(1, M.motifRequired).max(1000, M.tooLong(1000)),
});

/** The derogation recorded on an intervention. */
export const derogationSchema = z.object({
  motif: z.string(),
  par: z.object({ id: z.number().int(), nom: z.string() }).nullable(),
  le: z.string(),
  technician_id: z.number().int().nullable(),
});

/** One missing requirement of a refused assignment (422 HABILITATION_REQUISE). */
export const missingSchema = z.object({ travail: z.string(), symboles: z.array(z.string()), message: z.string() });
export const HABILITATION_REQUISE = 'HABILITATION_REQUISE';

/** The screens' French labels (issue 34). */
export const HABILITATION_UI = {
  navLabel: NAV_TITLES.habilitations,
  pageDescription:
    "Titres d'habilitation électrique (NF C 18-510) de chaque intervenant : symboles, domaine de tension, validité. Un renouvellement est un nouveau titre ; l'historique est conservé.",
  searchLabel: 'Rechercher un titre',
  searchPlaceholder: 'Titulaire, symbole ou signataire…',
  expireAvant: 'Expire avant le',
  emptyFiltered: 'Aucun titre ne correspond à ces critères',
  loadError: "Les titres d'habilitation n'ont pas pu être chargés.",
  tab: 'Habilitations',
  profileTab: 'Profil',
  add: 'Ajouter un titre',
  renew: 'Renouveler',
  edit: 'Modifier',
  delete: 'Supprimer',
  addTitle: "Nouveau titre d'habilitation",
  renewTitle: (s: string) => `Renouveler le titre ${s}`,
  editTitle: (s: string) => `Modifier le titre ${s}`,
  deleteTitle: "Supprimer ce titre d'habilitation ?",
  deleteMessage: (s: string, who: string) =>
    `Le titre ${s} de ${who} sera supprimé. Utilisez « Renouveler » pour un nouveau titre : l'ancien reste dans l'historique.`,
  save: 'Enregistrer',
  medical: 'Aptitude médicale valable jusqu’au',
  medicalSave: 'Enregistrer l’aptitude',
  medicalNone: 'Non renseignée',
  history: 'Historique des titres',
  holder: 'Titulaire',
  symbole: 'Symbole',
  attribut: 'Attribut (BE / HE)',
  domaine: 'Domaine',
  champ: "Champ d'application (installations, sites)",
  restrictions: 'Restrictions',
  delivreeLe: 'Délivré le',
  valideJusquAu: "Valable jusqu'au",
  signataire: "Signataire pour l'employeur",
  validity: 'Validité',
  state: 'État',
  valid: 'Valide',
  expired: 'Expiré',
  expiringSoon: 'Expire bientôt',
  notYetValid: 'Pas encore valable',
  noTitles: "Aucun titre d'habilitation enregistré",
  // equipment and intervention forms
  domaineTension: 'Domaine de tension',
  exigences: 'Habilitations exigées (un des symboles suffit)',
  exigencesHelp: 'Symboles séparés par des virgules, par ex. « H1V, H2V » ou « BE Manœuvre ».',
  typeTravail: 'Type de travail',
  typeTravailNone: 'Non précisé',
  // assignment
  qualifiedBadge: 'Habilité',
  notQualifiedBadge: 'Non habilité',
  derogationTitle: "Forcer l'affectation sans l'habilitation requise",
  derogationHelp:
    "Cette affectation contrevient à la règle des habilitations. La justification écrite est enregistrée sur l'intervention et dans le journal d'audit.",
  derogationMotif: 'Justification',
  derogationConfirm: "Forcer l'affectation",
  derogationShown: (who: string, when: string, motif: string) =>
    `Affectation forcée par ${who} le ${when} sans l'habilitation requise : ${motif}`,
} as const;

/** A titre's state on `today` (YYYY-MM-DD): expired, expiring within 90 days, not yet valid, valid. */
export function titleState(t: { delivree_le: string; valide_jusqu_au: string }, today: string) {
  if (t.valide_jusqu_au < today) return 'expired' as const;
  if (t.delivree_le > today) return 'notYet' as const;
  const soon = new Date(`${today}T00:00:00Z`);
  soon.setUTCDate(soon.getUTCDate() + 90);
  return t.valide_jusqu_au <= soon.toISOString().slice(0, 10) ? ('soon' as const) : ('valid' as const);
}

/** The report « Habilitations à renouveler » (PDF, CSV) and the dashboard card. */
export const HABILITATION_REPORT = {
  title: 'Habilitations à renouveler',
  subtitle: (day: string) => `Titres et aptitudes médicales arrivant à échéance avant le ${day} (ou déjà expirés)`,
  empty: 'Aucune habilitation à renouveler sur cette période',
  holder: 'Titulaire',
  objet: 'Habilitation',
  domaine: 'Domaine',
  until: "Valable jusqu'au",
  signataire: 'Signataire',
  fileName: (ext: 'pdf' | 'csv') => `habilitations-a-renouveler.${ext}`,
  csvColumns: [
    ['user_nom', 'Titulaire'],
    ['username', 'Identifiant'],
    ['objet', 'Habilitation'],
    ['domaine', 'Domaine'],
    ['valide_jusqu_au', "Valable jusqu'au"],
    ['signataire', 'Signataire'],
  ] as const,
  cardTitle: 'Habilitations à renouveler',
  cardExpired: 'expirées',
  card30: 'sous 30 jours',
  card90: 'sous 90 jours',
  downloadPdf: 'PDF',
  downloadCsv: 'CSV',
} as const;

export const renewalQuerySchema = z.object({ avant: day.optional() });
export const renewalCardSchema = z.object({
  expirees: z.number().int(),
  sous_30: z.number().int(),
  sous_90: z.number().int(),
});
export type RenewalCard = z.infer<typeof renewalCardSchema>;
