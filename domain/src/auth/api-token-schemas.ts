import { z } from 'zod';
import { isCalendarDay } from '../common/api.ts';
import { dbIdNumber } from '../common/numbers.ts';
import { ALL_PERMISSIONS, type Permission } from './permissions.ts';

/** API tokens (issue 35): `Authorization: Bearer gmao_pat_…`, scopes ⊆ the owner's permissions, expiry ≤ 1 year. */
export const API_TOKEN_PREFIX = 'gmao_pat_';
/** Longest life of a token, in days from today. */
export const API_TOKEN_MAX_DAYS = 366;
/** last_used_at is written at most this often (a token used every second must not write every second). */
export const API_TOKEN_TOUCH_SECONDS = 300;

export const API_TOKEN_MESSAGES = {
  title: "Jetons d'API",
  nomRequired: 'Le nom du jeton est requis',
  nomTooLong: 'Le nom du jeton fait au plus 100 caractères',
  scopesRequired: 'Choisissez au moins une permission',
  scopeUnknown: 'Permission inconnue',
  scopeBeyondOwner: (permissions: string) =>
    `Le titulaire du jeton n'a pas ces permissions : ${permissions} (un jeton ne dépasse jamais les droits de son titulaire)`,
  expiryRequired: "La date d'expiration est requise (AAAA-MM-JJ)",
  expiryPast: "La date d'expiration doit être postérieure à aujourd'hui",
  expiryTooFar: 'Un jeton expire au plus tard dans un an',
  otherUserAdminOnly: "Seul un administrateur crée ou révoque le jeton d'un autre utilisateur",
  userNotFound: 'Utilisateur introuvable',
  notFound: 'Jeton introuvable',
  notWithToken: "Un jeton d'API ne gère pas les jetons : connectez-vous",
  sessionOnly: "Un jeton d'API ne donne pas accès à cette action : connectez-vous",
  created: 'Jeton créé : copiez-le maintenant, il ne sera plus affiché',
  revoked: 'Jeton révoqué',
  revokeConfirm: (nom: string) =>
    `Révoquer le jeton « ${nom} » ? Les intégrations qui l'utilisent perdront l'accès aussitôt.`,
  empty: "Aucun jeton d'API",
  emptyHint:
    'Un jeton permet à un logiciel (GTB, SCADA, comptabilité, ERP) d’utiliser l’API avec les permissions choisies.',
  intro:
    "Pour un logiciel qui appelle l'API : en-tête « Authorization: Bearer gmao_pat_… ». Un jeton n'a que les permissions choisies, jamais plus que son titulaire.",
  create: 'Nouveau jeton',
  createTitle: "Nouveau jeton d'API",
  nomLabel: 'Nom',
  nomHelp: 'Pour le reconnaître : le logiciel qui l’utilise',
  scopesLabel: 'Permissions du jeton',
  expiryLabel: "Date d'expiration",
  expiryHelp: 'Au plus un an',
  ownerLabel: 'Titulaire',
  ownerSelf: 'Moi-même',
  shownOnceTitle: 'Copiez le jeton maintenant',
  shownOnce: 'Il ne sera plus affiché. Gardez-le dans le coffre de secrets du logiciel qui l’utilise.',
  copy: 'Copier',
  copied: 'Jeton copié',
  done: "J'ai copié le jeton",
  revoke: 'Révoquer',
  revokeTitle: 'Révoquer le jeton',
  lastUsed: (when: string, ip: string) => `Dernière utilisation ${when} depuis ${ip}`,
  neverUsed: 'Jamais utilisé',
  expires: (day: string) => `Expire le ${day}`,
  expired: 'Expiré',
  revokedState: 'Révoqué',
  loadError: 'Les jetons n’ont pas pu être chargés',
} as const;

const addDays = (day: string, days: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** The creation body's shape (the route's schema; the expiry's bounds depend on the day: createApiTokenSchema). */
export const apiTokenBodySchema = z.object({
  nom: z
    .string({ error: API_TOKEN_MESSAGES.nomRequired })
    .trim()
    .min(1, API_TOKEN_MESSAGES.nomRequired)
    .max(100, API_TOKEN_MESSAGES.nomTooLong),
  scopes: z
    .array(z.enum(ALL_PERMISSIONS as [Permission, ...Permission[]], { error: API_TOKEN_MESSAGES.scopeUnknown }), {
      error: API_TOKEN_MESSAGES.scopesRequired,
    })
    .min(1, API_TOKEN_MESSAGES.scopesRequired)
    .max(ALL_PERMISSIONS.length),
  expire_le: z
    .string({ error: API_TOKEN_MESSAGES.expiryRequired })
    .max(10, API_TOKEN_MESSAGES.expiryRequired)
    .refine(isCalendarDay, API_TOKEN_MESSAGES.expiryRequired),
  user_id: dbIdNumber(API_TOKEN_MESSAGES.userNotFound).optional(),
});

/** The creation form, shared by the page and POST /api/tokens; `today` (YYYY-MM-DD) bounds the expiry. */
export const createApiTokenSchema = (today: string) =>
  apiTokenBodySchema.superRefine((v, ctx) => {
    if (!isCalendarDay(v.expire_le)) return;
    if (v.expire_le <= today)
      ctx.addIssue({ code: 'custom', path: ['expire_le'], message: API_TOKEN_MESSAGES.expiryPast });
    else if (v.expire_le > addDays(today, API_TOKEN_MAX_DAYS))
      ctx.addIssue({ code: 'custom', path: ['expire_le'], message: API_TOKEN_MESSAGES.expiryTooFar });
  });
export type CreateApiToken = z.infer<ReturnType<typeof createApiTokenSchema>>;

export const apiTokenSchema = z.object({
  id: z.number(),
  nom: z.string(),
  /** The token's first characters (`gmao_pat_AbCd`), to recognise it in a list. */
  prefixe: z.string(),
  scopes: z.array(z.string()),
  expire_le: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
  revoked_at: z.string().nullable(),
  user: z.object({ id: z.number(), nom: z.string(), username: z.string() }),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The creation's answer: the token itself, this once. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
