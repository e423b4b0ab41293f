import { z } from 'zod';
import { idSchema, paginationQuerySchema } from '../common/api.ts';
import { NAV_TITLES } from '../common/nav-titles.ts';

/**
 * Demandes d'intervention (issue 33): a request filed by anyone scanning an equipment's QR code (source QR, public
 * page /r/{token}) or by a portal user (source PORTAIL), approved into an intervention, merged into an open one of
 * the same equipment, or declined with a reason, from the inbox /demandes (permission requests:manage).
 */
export const REQUEST_STATUTS = ['NOUVELLE', 'ACCEPTEE', 'REFUSEE', 'FUSIONNEE'] as const;
export type RequestStatut = (typeof REQUEST_STATUTS)[number];
export const REQUEST_SOURCES = ['QR', 'PORTAIL'] as const;
export type RequestSource = (typeof REQUEST_SOURCES)[number];

export const REQUEST_STATUT_LABELS: Record<RequestStatut, string> = {
  NOUVELLE: 'Nouvelle',
  ACCEPTEE: 'Acceptée',
  REFUSEE: 'Refusée',
  FUSIONNEE: 'Fusionnée',
};

/** Photos of a request: images only (checked by content), 3 at most, 5 MB each. */
export const MAX_REQUEST_PHOTOS = 3;
export const MAX_REQUEST_PHOTO_BYTES = 5 * 1024 * 1024;
export const REQUEST_PHOTO_TYPES = {
  'image/jpeg': '.jpg',
  'image/png': '.png',
  'image/webp': '.webp',
  'image/gif': '.gif',
} as const;
export type RequestPhotoType = keyof typeof REQUEST_PHOTO_TYPES;
/** The honeypot: a field a person never sees nor fills (hidden in the form); a robot filling it is answered 201. */
export const HONEYPOT_FIELD = 'site_web';

export const REQUEST_MESSAGES = {
  title: "Demandes d'intervention",
  publicTitle: "Demande d'intervention",
  linkNotFound: "Ce lien n'est pas valide. Adressez-vous au responsable de l'équipement.",
  notFound: 'Demande introuvable',
  descriptionRequired: 'Décrivez le problème constaté',
  descriptionMax: 'La description ne doit pas dépasser 2000 caractères',
  nomRequired: 'Indiquez votre nom',
  nomMax: 'Le nom ne doit pas dépasser 100 caractères',
  telephoneRequired: 'Indiquez votre numéro de téléphone',
  telephoneInvalid: 'Numéro de téléphone marocain invalide (ex. 06 12 34 56 78 ou +212 6 12 34 56 78)',
  emailInvalid: 'Adresse e-mail invalide',
  tooManyPhotos: `${MAX_REQUEST_PHOTOS} photos au maximum`,
  photoTooLarge: `Une photo ne doit pas dépasser ${MAX_REQUEST_PHOTO_BYTES / 1024 / 1024} Mo`,
  photoRefused: 'Seules les photos (JPEG, PNG, WebP, GIF) sont acceptées',
  notMultipart: 'Le formulaire doit être envoyé en multipart/form-data',
  unknownField: 'Champ inattendu dans le formulaire',
  formRefused: 'Formulaire refusé : trop de champs ou champ interdit',
  throttled: 'Trop de demandes envoyées. Réessayez dans quelques minutes.',
  filed: 'Votre demande a été transmise. Merci, nous revenons vers vous rapidement.',
  equipmentRequired: "Choisissez l'équipement concerné",
  motifRequired: 'Indiquez le motif du refus',
  motifMax: 'Le motif ne doit pas dépasser 500 caractères',
  alreadyDecided: 'Cette demande a déjà été traitée',
  mergeTargetInvalid: "L'intervention choisie doit être ouverte et porter sur le même équipement",
  accepted: (id: number) => `Demande acceptée : intervention #${id} créée`,
  declined: 'Demande refusée',
  merged: (id: number) => `Demande fusionnée dans l'intervention #${id}`,
  rotated: 'Nouveau lien créé : l’ancien QR code ne fonctionne plus',
  empty: 'Aucune demande',
  interventionNote: (id: number) => `Créée depuis la demande d'intervention n° ${id}`,
  mergeComment: (id: number, description: string, requester: string) =>
    `Demande d'intervention n° ${id} rattachée :\n${description}\n${requester}`,
  requester: (nom: string, telephone: string, email: string | null) =>
    `Demandeur : ${nom}, ${telephone}${email ? `, ${email}` : ''}`,
  notificationTitle: "Nouvelle demande d'intervention",
  notificationMessage: (equipement: string, nom: string) => `${nom} signale un problème sur ${equipement}`,
  mail: {
    acceptedSubject: "Votre demande d'intervention a été acceptée",
    accepted: (equipement: string, id: number) =>
      `Votre demande concernant « ${equipement} » a été acceptée : l'intervention n° ${id} est planifiée.`,
    mergedSubject: "Votre demande d'intervention est prise en charge",
    merged: (equipement: string, id: number) =>
      `Votre demande concernant « ${equipement} » a été rattachée à l'intervention n° ${id}, déjà en cours de traitement.`,
    declinedSubject: "Votre demande d'intervention n'a pas été retenue",
    declined: (equipement: string, motif: string) =>
      `Votre demande concernant « ${equipement} » n'a pas été retenue. Motif : ${motif}`,
  },
} as const;

const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const wellFormed = (v: string) => v.replace(LONE_SURROGATES, '\ufffd');
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;
const clean = (v: string) => wellFormed(v).replace(CONTROL, '');

/** A Moroccan number: 0 or +212 / 00212, then 5, 6 or 7 and eight digits; spaces, dots and dashes allowed. */
export function isMoroccanPhone(v: string): boolean {
  const compact = v.replace(/[\s.\-()]/g, '');
  return /^(?:\+212|00212|0)[5-7]\d{8}$/.test(compact);
}

/** The text fields of the public form (POST /api/public/requests/{token}, multipart) and of a portal request. */
export const requestFormSchema = z.object({
  description: z
    .string({ error: REQUEST_MESSAGES.descriptionRequired })
    .transform(clean)
    .pipe(z.string().trim().min(1, REQUEST_MESSAGES.descriptionRequired).max(2000, REQUEST_MESSAGES.descriptionMax)),
  nom: z
    .string({ error: REQUEST_MESSAGES.nomRequired })
    .transform(clean)
    .pipe(z.string().trim().min(1, REQUEST_MESSAGES.nomRequired).max(100, REQUEST_MESSAGES.nomMax)),
  telephone: z
    .string({ error: REQUEST_MESSAGES.telephoneRequired })
    .trim()
    .min(1, REQUEST_MESSAGES.telephoneRequired)
    .max(30, REQUEST_MESSAGES.telephoneInvalid)
    .refine(isMoroccanPhone, REQUEST_MESSAGES.telephoneInvalid),
  email: z
    .string({ error: REQUEST_MESSAGES.emailInvalid })
    .trim()
    .max(200, REQUEST_MESSAGES.emailInvalid)
    .refine((v) => v === '' || z.email().safeParse(v).success, REQUEST_MESSAGES.emailInvalid)
    .nullish()
    .transform((v) => (v ? v : null)),
});
export type RequestForm = z.infer<typeof requestFormSchema>;
export type RequestFormInput = z.input<typeof requestFormSchema>;

/** GET /api/public/requests/{token}: what the public page may show, nothing more. */
export const publicRequestTargetSchema = z.object({
  equipement: z.string(),
  entreprise: z.string(),
  logo_url: z.string().nullable(),
});
export type PublicRequestTarget = z.infer<typeof publicRequestTargetSchema>;

export const tokenParamsSchema = z.object({ token: z.string().min(1).max(100) });

/** GET /api/equipment/{id}/request-link */
export const requestLinkSchema = z.object({
  equipement_id: z.number(),
  token: z.string(),
  url: z.string(),
  created_at: z.string(),
});
export type RequestLink = z.infer<typeof requestLinkSchema>;

export const requestPhotoSchema = z.object({
  id: z.number(),
  filename: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number(),
});

export const interventionRequestSchema = z.object({
  id: z.number(),
  statut: z.enum(REQUEST_STATUTS),
  source: z.enum(REQUEST_SOURCES),
  equipement: z.object({ id: z.number(), nom: z.string() }),
  client: z.object({ id: z.number(), nom_entreprise: z.string() }),
  description: z.string(),
  nom: z.string(),
  telephone: z.string(),
  email: z.string().nullable(),
  portal_user_id: z.number().nullable(),
  created_at: z.string(),
  decided_by: z.object({ id: z.number(), nom: z.string() }).nullable(),
  decided_at: z.string().nullable(),
  motif: z.string().nullable(),
  intervention_id: z.number().nullable(),
  photos: z.array(requestPhotoSchema),
});
export type InterventionRequest = z.infer<typeof interventionRequestSchema>;

/**
 * A request as a client's portal user sees it (STYLE rule 21: an outsider's own shape, listing what he may see):
 * no one's phone or e-mail, not who decided, no photo keys.
 */
export const portalRequestSchema = z.object({
  id: z.number(),
  statut: z.enum(REQUEST_STATUTS),
  source: z.enum(REQUEST_SOURCES),
  equipement: z.object({ id: z.number(), nom: z.string() }),
  description: z.string(),
  nom: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  motif: z.string().nullable(),
  intervention_id: z.number().nullable(),
  photos: z.number(),
});
export type PortalRequest = z.infer<typeof portalRequestSchema>;

export const requestListQuerySchema = paginationQuerySchema.extend({
  statut: z.enum(REQUEST_STATUTS).optional(),
});
export type RequestListQuery = z.infer<typeof requestListQuerySchema>;

export const declineRequestSchema = z.object({
  motif: z
    .string({ error: REQUEST_MESSAGES.motifRequired })
    .transform(clean)
    .pipe(z.string().trim().min(1, REQUEST_MESSAGES.motifRequired).max(500, REQUEST_MESSAGES.motifMax)),
});
export type DeclineRequest = z.infer<typeof declineRequestSchema>;

export const mergeRequestSchema = z.object({ intervention_id: idSchema });
export type MergeRequest = z.infer<typeof mergeRequestSchema>;

export const requestPhotoParamsSchema = z.object({ id: idSchema, photoId: idSchema });

export const acceptResultSchema = z.object({ intervention_id: z.number() });

/** The screens' texts: the public page /r/{token} and the inbox /demandes. */
export const REQUEST_UI = {
  navLabel: NAV_TITLES.requests,
  newBadge: NAV_TITLES.requestsBadge,
  inboxDescription: 'Demandes déposées par QR code ou depuis le portail client : acceptez, fusionnez ou refusez.',
  searchLabel: 'Rechercher une demande',
  searchPlaceholder: 'Équipement, client, demandeur, description…',
  statutFilter: 'Filtrer par statut',
  allStatuts: 'Tous les statuts',
  emptyFiltered: 'Aucune demande ne correspond à la recherche',
  /** "Aucune demande nouvelle", "Aucune demande refusée"… */
  emptyStatut: (statut: RequestStatut) => `Aucune demande ${REQUEST_STATUT_LABELS[statut].toLowerCase()}`,
  loadError: 'Impossible de charger les demandes',
  detailTitle: (id: number) => `Demande n° ${id}`,
  requester: 'Demandeur',
  equipment: 'Équipement',
  client: 'Client',
  receivedAt: 'Reçue le',
  source: 'Origine',
  sourceLabels: { QR: 'QR code', PORTAIL: 'Portail client' } as Record<RequestSource, string>,
  photos: 'Photos',
  noPhoto: 'Aucune photo',
  decision: 'Décision',
  accept: 'Accepter',
  acceptTitle: 'Accepter la demande',
  acceptMessage: 'Une intervention planifiée sera créée avec la description, les photos et le demandeur.',
  merge: 'Fusionner',
  mergeTitle: 'Fusionner dans une intervention ouverte',
  mergeChoose: 'Intervention ouverte du même équipement',
  mergeNone: 'Aucune intervention ouverte sur cet équipement : acceptez la demande pour en créer une',
  mergeChooseRequired: 'Choisissez l’intervention dans laquelle fusionner la demande',
  decline: 'Refuser',
  declineTitle: 'Refuser la demande',
  motifLabel: 'Motif du refus (envoyé au demandeur s’il a laissé son e-mail)',
  openIntervention: (id: number) => `Voir l'intervention #${id}`,
  // public page
  formIntro: 'Signalez une panne ou un problème sur cet équipement. Nous vous rappelons au plus vite.',
  descriptionLabel: 'Description du problème',
  nomLabel: 'Votre nom',
  telephoneLabel: 'Votre téléphone',
  emailLabel: 'Votre e-mail (facultatif)',
  photosLabel: `Photos (facultatif, ${MAX_REQUEST_PHOTOS} au maximum)`,
  addPhotos: 'Prendre ou choisir des photos',
  photosChosen: (names: string[]) => `${names.length} photo${names.length > 1 ? 's' : ''} : ${names.join(', ')}`,
  honeypotLabel: 'Ne pas remplir ce champ',
  submit: 'Envoyer la demande',
  sending: 'Envoi en cours…',
  another: 'Signaler un autre problème',
  linkNotFoundTitle: 'Lien invalide',
  networkError: 'Envoi impossible. Vérifiez votre connexion et réessayez.',
  // QR code of the equipment
  qrRotate: 'Renouveler le QR code',
  qrRotateTitle: 'Renouveler le QR code ?',
  qrRotateMessage:
    "L'étiquette actuellement collée sur l'équipement ne fonctionnera plus : il faudra imprimer et coller la nouvelle.",
} as const;
