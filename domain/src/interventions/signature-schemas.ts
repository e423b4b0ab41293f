import { z } from 'zod';
import { idSchema } from '../common/api.ts';

/**
 * Signatures of the bon d'intervention (issue 32): POST /api/interventions/{id}/signatures (multipart: role, nom,
 * qualite, signe_le, image PNG; optional change_id, an offline device's idempotency key) and GET of the list. The
 * image is checked on the server (SIGNATURE_LIMITS) before anything is stored.
 */
export const SIGNATURE_ROLES = ['CLIENT', 'TECHNICIEN'] as const;
export type SignatureRole = (typeof SIGNATURE_ROLES)[number];
export const SIGNATURE_ROLE_LABELS: Record<SignatureRole, string> = {
  CLIENT: 'Client',
  TECHNICIEN: 'Technicien',
};

/**
 * What a signature image must be: a PNG of at least MIN_WIDTH × MIN_HEIGHT pixels (the capture canvas, sized to the
 * screen's devicePixelRatio, is larger), with at least MIN_INK inked pixels (opaque and dark: alpha ≥ 64 and
 * luminance < 160) spread over at least MIN_INK_SPAN pixels across. MAX_* bound what the server decodes.
 */
export const SIGNATURE_LIMITS = {
  maxBytes: 1024 * 1024,
  minWidth: 200,
  minHeight: 80,
  maxWidth: 4096,
  maxHeight: 4096,
  minInk: 150,
  minInkSpan: 60,
} as const;

export const SIGNATURE_MESSAGES = {
  recorded: 'Signature enregistrée',
  alreadyRecorded: 'Signature déjà enregistrée',
  roleInvalid: 'Le rôle du signataire doit être CLIENT ou TECHNICIEN',
  nomRequired: 'Le nom du signataire est obligatoire',
  nomMax: 'Le nom du signataire ne peut pas dépasser 150 caractères',
  qualiteMax: 'La qualité du signataire ne peut pas dépasser 150 caractères',
  signeLeInvalid: "La date de signature doit être une date et heure ISO 8601 avec fuseau (heure de l'appareil)",
  changeIdInvalid: 'Identifiant de modification invalide : 1 à 64 caractères parmi lettres, chiffres et « - _ : . »',
  imageRequired: "Joignez l'image de la signature (champ « image », PNG)",
  notMultipart: 'La signature doit être envoyée en multipart/form-data (champs role, nom, qualite, signe_le, image)',
  notPng: "L'image de la signature n'est pas une image PNG",
  tooLarge: "L'image de la signature ne peut pas dépasser 1 Mo",
  tooManyPixels: `L'image de la signature ne peut pas dépasser ${SIGNATURE_LIMITS.maxWidth} × ${SIGNATURE_LIMITS.maxHeight} pixels`,
  tooSmall: `La signature est trop petite : l'image doit mesurer au moins ${SIGNATURE_LIMITS.minWidth} × ${SIGNATURE_LIMITS.minHeight} pixels et le tracé s'étendre sur au moins ${SIGNATURE_LIMITS.minInkSpan} pixels de large`,
  empty: 'La signature est vide : signez dans le cadre avant de valider',
  cancelled: 'Une intervention annulée ne peut pas être signée',
  clientRequired: (id: number) =>
    `Intervention #${id} : la signature du client est obligatoire pour la terminer. Faites signer le bon d'intervention par le client (« Faire signer le client »), puis terminez-la.`,
  versionNotFound: "Cette version du bon d'intervention n'existe pas",
  versionInvalid: 'La version du bon doit être un nombre entier positif',
} as const;

export const signatureFieldsSchema = z.object({
  role: z.enum(SIGNATURE_ROLES, { error: SIGNATURE_MESSAGES.roleInvalid }),
  nom: z
    .string({ error: SIGNATURE_MESSAGES.nomRequired })
    .trim()
    .min(1, SIGNATURE_MESSAGES.nomRequired)
    .max(150, SIGNATURE_MESSAGES.nomMax),
  qualite: z
    .string()
    .trim()
    .max(150, SIGNATURE_MESSAGES.qualiteMax)
    .nullish()
    .transform((v) => v || null),
  /** The device's clock at signing (kept as given beside the server's reception time). */
  signe_le: z.iso.datetime({ offset: true, error: SIGNATURE_MESSAGES.signeLeInvalid }),
  /** The outbox's change id (the sync route's format): sent again, the signature already recorded is answered. */
  change_id: z
    .string({ error: SIGNATURE_MESSAGES.changeIdInvalid })
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, SIGNATURE_MESSAGES.changeIdInvalid)
    .nullish()
    .transform((v) => v || null),
});
export type SignatureFields = z.output<typeof signatureFieldsSchema>;

/** POST's answer (the fixed fields first) and each item of GET …/signatures. */
export const signatureSchema = z.object({
  id: z.number(),
  role: z.enum(SIGNATURE_ROLES),
  nom: z.string(),
  signe_le: z.string(),
  /** SHA-256 (hex) of the bon's canonical content at signing. */
  sha256: z.string(),
  qualite: z.string().nullable(),
  /** The server's time of reception. */
  recu_le: z.string(),
  /** The version of the bon this signature froze or joined (GET /api/reports/interventions/{id}/pdf?version=N). */
  version: z.number(),
  /** The signed-in user who sent it (the technician's device). */
  envoye_par: z.string().nullable(),
});
export type Signature = z.infer<typeof signatureSchema>;

export const bonPdfQuerySchema = z.object({
  version: z.coerce
    .number({ error: SIGNATURE_MESSAGES.versionInvalid })
    .int(SIGNATURE_MESSAGES.versionInvalid)
    .min(1, SIGNATURE_MESSAGES.versionInvalid)
    .max(2_147_483_647, SIGNATURE_MESSAGES.versionInvalid)
    .optional(),
});

export const signatureParamsSchema = z.object({ id: idSchema });

/** The intervention detail's "Bon d'intervention" block. */
export const BON_LABELS = {
  title: "Bon d'intervention",
  signaturesTitle: 'Signatures',
  noSignature: "Aucune signature : le bon n'a pas encore été signé.",
  download: 'Télécharger le bon',
  downloadVersion: (n: number) => `Version signée n° ${n}`,
  signedBy: (role: SignatureRole, nom: string) => `${SIGNATURE_ROLE_LABELS[role]} — ${nom}`,
  signedAt: (when: string) => `signé le ${when}`,
  loadError: "Les signatures n'ont pas pu être chargées.",
} as const;

/** A clock's state in words (the bon's "Délais garantis"). */
export const SLA_ETAT_WORDS: Record<string, string> = {
  EN_COURS: 'En cours',
  EN_PAUSE: 'En pause',
  RESPECTE: 'Respecté',
  DEPASSE: 'Dépassé',
};

/** A guaranteed time in words: '4 h', '1 h 30 min', '45 min' (working time of the contract's calendar). */
export function formatGuaranteedMinutes(minutes: number): string {
  const m = Math.max(0, Math.round(minutes));
  const h = Math.floor(m / 60);
  const rest = m % 60;
  if (h === 0) return `${rest} min`;
  return rest ? `${h} h ${String(rest).padStart(2, '0')} min` : `${h} h`;
}
