import { z } from 'zod';
import { idSchema, MAX_PAGE, queryBoolean } from '../common/api.ts';

/**
 * Notifications produced by events (issue 15). A notification has the shape of the spec's samples (§2, §3
 * "Notification sample": id, type, title, message, time, read) plus what the bell needs to open the item.
 */
export const NOTIFICATION_TYPES = ['urgent', 'success', 'info'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Every event that notifies someone; each user may choose in-app and/or e-mail per event (preferences). */
export const NOTIFICATION_EVENTS = [
  'intervention_urgent',
  'intervention_assigned',
  'intervention_unassigned',
  'intervention_status',
  'review_requested',
  'review_decided',
  'intervention_overdue',
  'registration_pending',
  'password_reset_request',
  'intervention_message',
  'stock_low',
  'parts_received',
  'sla_alert',
  'contract_expiring',
  'request_new',
  'habilitation_alert',
] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

/** The preferences screen's labels, one per event. */
export const NOTIFICATION_EVENT_LABELS: Record<NotificationEvent, string> = {
  intervention_urgent: 'Intervention urgente créée',
  intervention_assigned: 'Intervention qui m’est affectée',
  intervention_unassigned: 'Intervention qui m’est retirée',
  intervention_status: 'Changement de statut de mes interventions',
  review_requested: 'Validation demandée',
  review_decided: 'Validation approuvée ou refusée',
  intervention_overdue: 'Intervention en retard',
  registration_pending: 'Inscription en attente d’activation',
  password_reset_request: 'Mot de passe oublié (sans e-mail)',
  intervention_message: 'Message sur une intervention',
  stock_low: 'Pièce sous le seuil de réapprovisionnement',
  parts_received: 'Pièces reçues pour mon intervention',
  sla_alert: 'Délai garanti (GTI / GTR) bientôt ou déjà dépassé',
  contract_expiring: 'Contrat de maintenance arrivant à échéance',
  request_new: 'Nouvelle demande d’intervention (QR code ou portail)',
  habilitation_alert: 'Habilitation électrique manquante ou arrivant à échéance',
};

/** Events only some users can receive (the preferences screen shows them to those users only). */
export const NOTIFICATION_EVENT_PERMISSION: Partial<Record<NotificationEvent, string>> = {
  review_requested: 'interventions:approve',
  registration_pending: 'users:update',
  password_reset_request: 'users:update',
  stock_low: 'stock:manage',
  contract_expiring: 'users:update',
  request_new: 'requests:manage',
};

/** Defaults when a user never chose: in-app on, e-mail on for what is addressed to the user personally. */
export const DEFAULT_PREFERENCE: Record<NotificationEvent, { in_app: boolean; email: boolean }> = {
  intervention_urgent: { in_app: true, email: true },
  intervention_assigned: { in_app: true, email: true },
  intervention_unassigned: { in_app: true, email: false },
  intervention_status: { in_app: true, email: false },
  review_requested: { in_app: true, email: false },
  review_decided: { in_app: true, email: false },
  intervention_overdue: { in_app: true, email: true },
  registration_pending: { in_app: true, email: false },
  password_reset_request: { in_app: true, email: false },
  intervention_message: { in_app: true, email: true },
  stock_low: { in_app: true, email: false },
  parts_received: { in_app: true, email: true },
  sla_alert: { in_app: true, email: true },
  contract_expiring: { in_app: true, email: true },
  request_new: { in_app: true, email: true },
  habilitation_alert: { in_app: true, email: true },
};

export { NOTIFICATION_MESSAGES } from './notification-messages.ts';

/** The French title and message of each event (the intervention reads "#147 — Transformateur T2 (Atlas Textiles)"). */
export const NOTIFICATION_TEXTS = {
  urgent: (what: string) => ({ title: 'Intervention urgente', message: `Nouvelle intervention urgente : ${what}` }),
  assigned: (what: string, by: string) => ({
    title: 'Intervention affectée',
    message: `${by} vous a affecté l’intervention ${what}`,
  }),
  unassigned: (what: string, by: string) => ({
    title: 'Intervention retirée',
    message: `${by} vous a retiré l’intervention ${what}`,
  }),
  status: (what: string, from: string, to: string, by: string) => ({
    title: 'Statut modifié',
    message: `${what} : ${from} → ${to} (par ${by})`,
  }),
  reviewRequested: (what: string, by: string) => ({
    title: 'Validation demandée',
    message: `${by} demande la validation de l’intervention ${what}`,
  }),
  reviewApproved: (what: string, by: string) => ({
    title: 'Intervention validée',
    message: `${by} a validé l’intervention ${what}`,
  }),
  reviewRejected: (what: string, by: string, reason: string) => ({
    title: 'Validation refusée',
    message: `${by} a refusé l’intervention ${what} : ${reason}`,
  }),
  /** Issue 31: 75 % of a guaranteed time consumed, or the deadline passed (the target's French name). */
  slaAlert: (what: string, cible: string, percent: 75 | 100) =>
    percent === 100
      ? { title: 'Délai garanti dépassé', message: `${cible} dépassée pour l’intervention ${what}` }
      : {
          title: 'Délai garanti bientôt atteint',
          message: `75 % du délai « ${cible} » consommés pour l’intervention ${what}`,
        },
  contractExpiring: (numero: string, client: string, dateFin: string, days: 30 | 60) => ({
    title: 'Contrat arrivant à échéance',
    message: `Le contrat ${numero} (${client}) se termine le ${dateFin} (dans ${days} jours ou moins)`,
  }),
  overdue: (what: string) => ({ title: 'Intervention en retard', message: `L’intervention ${what} est en retard` }),
  registration: (name: string, username: string) => ({
    title: 'Inscription en attente',
    message: `${name} (${username}) attend l’activation de son compte`,
  }),
  passwordReset: (name: string, username: string) => ({
    title: 'Mot de passe oublié',
    message: `${name} (${username}) a oublié son mot de passe : définissez un mot de passe provisoire depuis la gestion des utilisateurs (il devra le changer à la connexion)`,
  }),
  stockLow: (part: string, available: number, seuil: number) => ({
    title: 'Stock bas',
    message: `${part} : ${available} disponible(s), seuil de réapprovisionnement ${seuil}`,
  }),
  partsReceived: (what: string) => ({
    title: 'Pièces reçues',
    message: `Les pièces de l’intervention ${what} sont arrivées : vous pouvez reprendre l’intervention`,
  }),
  message: (what: string, by: string, text: string) => ({
    title: `Message de ${by}`,
    message: `${what} : ${text}`,
  }),
} as const;

/** The intervention's own address in the web app (deep link of notifications and e-mails). */
export const interventionDeepLink = (id: number) => `/interventions/${id}`;

/** "#147 — Transformateur T2 (Atlas Textiles)" */
export function interventionSubject(i: { id: number; equipement: string | null; client: string | null }): string {
  const what = [i.equipement, i.client ? `(${i.client})` : null].filter(Boolean).join(' ');
  return what ? `#${i.id} — ${what}` : `#${i.id}`;
}

export const notificationSchema = z.object({
  id: z.number().int(),
  type: z.enum(NOTIFICATION_TYPES),
  event: z.enum(NOTIFICATION_EVENTS),
  title: z.string(),
  message: z.string(),
  /** ISO date-time. */
  time: z.string(),
  read: z.boolean(),
  interventionId: z.number().int().nullable(),
  actor: z.string().nullable(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

export const NOTIFICATION_PAGE_SIZE = 20;

export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(NOTIFICATION_PAGE_SIZE),
  unread: queryBoolean.optional(),
  type: z.enum(NOTIFICATION_TYPES).optional(),
});
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });

export const notificationPreferenceSchema = z.object({
  event: z.enum(NOTIFICATION_EVENTS),
  in_app: z.boolean(),
  email: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

export const notificationPreferencesBodySchema = z.object({
  preferences: z.array(notificationPreferenceSchema).min(1).max(NOTIFICATION_EVENTS.length),
});

/** POST /interventions/{id}/notifications (spec §7; the body is not shown there): who, and what to say. */
export const MAX_NOTIFY_RECIPIENTS = 50;
export const sendNotificationSchema = z.object({
  userIds: z
    .array(idSchema)
    .min(1, 'Choisissez au moins un destinataire')
    .max(MAX_NOTIFY_RECIPIENTS, `${MAX_NOTIFY_RECIPIENTS} destinataires au plus`),
  message: z.string().trim().min(1, 'Le message est requis').max(500, '500 caractères au plus'),
});
export type SendNotificationInput = z.infer<typeof sendNotificationSchema>;
