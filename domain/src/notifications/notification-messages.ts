import type { NotificationType } from './notification-schemas.ts';

/** The notifications' texts, without zod (the signed-in frame's bell shows them; issue 30). */
export const NOTIFICATION_MESSAGES = {
  bellLabel: 'Notifications',
  title: 'Notifications',
  seeAll: 'Voir toutes les notifications',
  markAllRead: 'Tout marquer comme lu',
  markRead: 'Marquer comme lu',
  empty: 'Aucune notification',
  emptyUnread: 'Aucune notification non lue',
  filterUnread: 'Non lues seulement',
  filterType: 'Type',
  allTypes: 'Tous les types',
  typeLabels: { urgent: 'Urgente', success: 'Succès', info: 'Information' } as Record<NotificationType, string>,
  notFound: 'Notification introuvable',
  preferencesTitle: 'Notifications',
  preferencesIntro: 'Choisissez, pour chaque événement, comment vous souhaitez être prévenu.',
  preferencesInApp: 'Dans l’application',
  preferencesEmail: 'Par e-mail',
  preferencesSaved: 'Préférences enregistrées',
  preferencesError: 'Erreur lors de l’enregistrement des préférences',
  sendTitle: 'Notifier',
  sent: (n: number) => `Notification envoyée à ${n} utilisateur${n > 1 ? 's' : ''}`,
  recipientsInvalid: 'Destinataires introuvables ou sans accès aux interventions',
  live: 'Nouvelle notification',
} as const;
