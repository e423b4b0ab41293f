import { z } from 'zod';
import { NAV_TITLES } from '../common/nav-titles.ts';

/**
 * Outgoing webhooks (issue 35), after the Standard Webhooks specification: `webhook-id` (stable across retries),
 * `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">` with a `whsec_` secret,
 * payload `{ type, timestamp, data }`, retries over about three days, 410 disables the endpoint.
 */
/**
 * The events an endpoint may choose. Each is written by `emitWebhookEvent(tx, type, data)`
 * (server/src/modules/webhooks/webhooks.service.ts) in the transaction of its change; `request.received` (intervention
 * requests) and `habilitation.expiring` (habilitations) are declared for the features that will emit them.
 */
export const WEBHOOK_EVENTS = [
  'intervention.created',
  'intervention.status_changed',
  'intervention.assigned',
  'intervention.completed',
  'request.received',
  'sla.at_risk',
  'sla.breached',
  'part.low_stock',
  'plan.generated',
  'habilitation.expiring',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'intervention.created': 'Intervention créée',
  'intervention.status_changed': "Changement de statut d'une intervention",
  'intervention.assigned': 'Intervention affectée à un technicien',
  'intervention.completed': 'Intervention terminée',
  'request.received': "Demande d'intervention reçue",
  'sla.at_risk': 'Délai contractuel menacé (75 %)',
  'sla.breached': 'Délai contractuel dépassé',
  'part.low_stock': 'Pièce sous le seuil de réapprovisionnement',
  'plan.generated': 'Interventions préventives générées',
  'habilitation.expiring': "Habilitation proche de l'expiration",
};

export const isWebhookEvent = (v: string): v is WebhookEvent => (WEBHOOK_EVENTS as readonly string[]).includes(v);

/** `whsec_` + base64 of 32 random bytes (the Standard Webhooks secret format). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** After a rotation, the previous secret still signs (a second `v1,` signature) for this long. */
export const WEBHOOK_PREVIOUS_SECRET_HOURS = 24;
/** Endpoints an installation may have: every event is written once per endpoint that receives it. */
export const WEBHOOK_MAX_ENDPOINTS = 50;
/** A request that has not answered within this time is a failed attempt. */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** A payload larger than this is not sent: a thin event `{ id }` goes instead. */
export const WEBHOOK_MAX_PAYLOAD_BYTES = 256 * 1024;
/** What is kept of a receiver's answer in the delivery log. */
export const WEBHOOK_RESPONSE_EXCERPT_BYTES = 1024;
/** Delays before the retries after a failed attempt (seconds): 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h. */
export const WEBHOOK_RETRY_SECONDS = [5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400] as const;
/** Attempts in all: the first one and one per retry delay. */
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_SECONDS.length + 1;

export const WEBHOOK_DELIVERY_STATUTS = ['EN_ATTENTE', 'ENVOI', 'LIVRE', 'ECHEC'] as const;
export type WebhookDeliveryStatut = (typeof WEBHOOK_DELIVERY_STATUTS)[number];
export const WEBHOOK_DELIVERY_STATUT_LABELS: Record<WebhookDeliveryStatut, string> = {
  EN_ATTENTE: 'En attente',
  ENVOI: "En cours d'envoi",
  LIVRE: 'Livré',
  ECHEC: 'Échec',
};

export const WEBHOOK_MESSAGES = {
  title: NAV_TITLES.webhooks,
  intro:
    'Les webhooks avertissent vos autres logiciels (GTB, ERP, comptabilité) des événements de la GMAO : chaque envoi est signé (Standard Webhooks) et renvoyé en cas d’échec pendant environ trois jours.',
  urlRequired: "L'adresse du webhook est requise",
  urlInvalid: "L'adresse doit être une URL http(s) valide, sans identifiants",
  urlTooLong: "L'adresse fait au plus 2000 caractères",
  httpsRequired: "L'adresse doit être en https",
  addressRefused: (address: string) =>
    `Adresse refusée : ${address} est une adresse locale, privée ou réservée (WEBHOOK_ALLOWED_ADDRESSES pour l'autoriser)`,
  hostNotFound: (host: string) => `Adresse introuvable : ${host}`,
  eventsRequired: 'Choisissez au moins un événement',
  eventUnknown: 'Événement inconnu',
  notFound: 'Webhook introuvable',
  tooMany: `Au plus ${WEBHOOK_MAX_ENDPOINTS} webhooks : supprimez-en un avant d'en créer un autre`,
  deliveryNotFound: 'Envoi introuvable',
  created: 'Webhook créé : copiez le secret maintenant, il ne sera plus affiché',
  updated: 'Webhook enregistré',
  deleted: 'Webhook supprimé',
  enabled: 'Webhook activé',
  disabled: 'Webhook désactivé',
  rotated: `Nouveau secret : copiez-le maintenant. L'ancien reste valable ${WEBHOOK_PREVIOUS_SECRET_HOURS} h`,
  redelivered: 'Envoi programmé',
  redeliverDisabled: 'Webhook désactivé : activez-le pour renvoyer un événement',
  rotateConfirm: `Générer un nouveau secret ? L'ancien reste accepté ${WEBHOOK_PREVIOUS_SECRET_HOURS} h (les deux signatures sont envoyées), le temps de mettre à jour le destinataire.`,
  deleteConfirm: (url: string) => `Supprimer le webhook ${url} et son journal d'envois ?`,
  empty: 'Aucun webhook',
  deliveriesEmpty: 'Aucun envoi pour ce webhook',
  secretOnce: 'Secret de signature (affiché une seule fois)',
  copy: 'Copier',
  copied: 'Secret copié',
  redeliver: 'Renvoyer',
  timeout: 'Pas de réponse dans les 15 secondes',
  redirectRefused: 'Redirection non suivie',
  disabledGone: 'Désactivé : le destinataire a répondu 410 (Gone)',
  disabledBy410Title: 'Webhook désactivé',
  disabledBy410: (url: string) =>
    `Le destinataire ${url} a répondu 410 (Gone) : le webhook a été désactivé. Réactivez-le depuis Administration → Webhooks quand il sera de nouveau prêt.`,
  endpointDisabled: 'Webhook désactivé : envoi abandonné',
  // the page (Administration → Webhooks)
  newWebhook: 'Nouveau webhook',
  editTitle: 'Modifier le webhook',
  searchLabel: 'Rechercher un webhook par adresse',
  searchPlaceholder: 'Rechercher une adresse…',
  noMatch: 'Aucun webhook ne correspond à la recherche',
  loadError: 'Impossible de charger les webhooks',
  columns: { url: 'Adresse', events: 'Événements', state: 'État', deliveries: 'Envois' },
  active: 'Actif',
  inactive: 'Désactivé',
  enable: 'Activer',
  disable: 'Désactiver',
  edit: 'Modifier',
  delete: 'Supprimer',
  deleteTitle: 'Supprimer le webhook',
  rotate: 'Renouveler le secret',
  rotateTitle: 'Renouveler le secret de signature',
  deliveriesTitle: "Journal d'envois",
  deliveryColumns: {
    date: 'Date',
    event: 'Événement',
    statut: 'Statut',
    attempts: 'Tentatives',
    code: 'Code',
    duration: 'Durée',
    excerpt: 'Réponse',
  },
  deliveriesLoadError: "Impossible de charger le journal d'envois",
  failedCount: (n: number) => `${n} en échec`,
  pendingCount: (n: number) => `${n} en attente`,
  noDelivery: '—',
  nextAttempt: (at: string) => `Prochaine tentative : ${at}`,
  previousSecretUntil: (at: string) => `Ancien secret encore accepté jusqu'au ${at}`,
  urlLabel: 'Adresse du destinataire (URL https)',
  urlHelp: 'Les adresses locales ou privées sont refusées, sauf celles autorisées par WEBHOOK_ALLOWED_ADDRESSES.',
  eventsLabel: 'Événements envoyés',
  actifLabel: 'Actif (reçoit les événements)',
  secretHelp:
    'Le destinataire vérifie la signature webhook-signature avec ce secret (bibliothèque Standard Webhooks). Il ne sera plus affiché.',
  secretDone: "J'ai copié le secret",
  copyFailed: 'Copie impossible : sélectionnez le secret et copiez-le',
  saveFailed: "Le webhook n'a pas pu être enregistré",
  deleteFailed: "Le webhook n'a pas pu être supprimé",
  rotateFailed: "Le secret n'a pas pu être renouvelé",
  redeliverFailed: "L'envoi n'a pas pu être programmé",
  saving: 'Enregistrement...',
  save: 'Enregistrer',
  close: 'Fermer',
} as const;

function isWebhookUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password && u.hostname !== '';
  } catch {
    return false;
  }
}

/** POST /api/webhooks and PUT /api/webhooks/{id}, shared by the form. */
export const webhookBodySchema = z.object({
  url: z
    .string({ error: WEBHOOK_MESSAGES.urlRequired })
    .trim()
    .min(1, WEBHOOK_MESSAGES.urlRequired)
    .max(2000, WEBHOOK_MESSAGES.urlTooLong)
    .refine(isWebhookUrl, WEBHOOK_MESSAGES.urlInvalid),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_MESSAGES.eventUnknown }), {
      error: WEBHOOK_MESSAGES.eventsRequired,
    })
    .min(1, WEBHOOK_MESSAGES.eventsRequired)
    .max(WEBHOOK_EVENTS.length * 2),
  actif: z.boolean().default(true),
});
export type WebhookBody = z.infer<typeof webhookBodySchema>;

export const webhookSchema = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(z.string()),
  actif: z.boolean(),
  /** Why the server disabled it (a 410), or null. */
  disabled_reason: z.string().nullable(),
  /** Until when the previous secret still signs (after a rotation), or null. */
  previous_secret_expires_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Deliveries that failed for good, and those still to be sent. */
  failed: z.number(),
  pending: z.number(),
});
export type Webhook = z.infer<typeof webhookSchema>;

/** The creation's and the rotation's answer: the secret itself, this once. */
export const webhookWithSecretSchema = webhookSchema.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecretSchema>;

export const webhookDeliverySchema = z.object({
  id: z.number(),
  event_id: z.string(),
  event_type: z.string(),
  statut: z.enum(WEBHOOK_DELIVERY_STATUTS),
  attempts: z.number(),
  next_attempt_at: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  last_status_code: z.number().nullable(),
  last_duration_ms: z.number().nullable(),
  last_error: z.string().nullable(),
  response_excerpt: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** The body every event carries (Standard Webhooks): `data` holds the public fields of the object. */
export const webhookPayloadSchema = z.object({
  type: z.enum(WEBHOOK_EVENTS),
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});
