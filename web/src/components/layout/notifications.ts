/** Hard-coded notification samples of spec §2 (three types). */
export interface NotificationSample {
  id: number;
  type: 'urgent' | 'success' | 'info';
  title: string;
  message: string;
  time: string;
  read: boolean;
}

export const NOTIFICATION_SAMPLES: NotificationSample[] = [
  {
    id: 1,
    type: 'urgent',
    title: 'Intervention urgente',
    message: 'Transformateur T2 en surchauffe chez Atlas Textiles (Casablanca)',
    time: 'Il y a 5 min',
    read: false,
  },
  {
    id: 2,
    type: 'success',
    title: 'Intervention terminée',
    message: "Révision du groupe électrogène terminée à l'usine de Tanger",
    time: 'Il y a 1 h',
    read: false,
  },
  {
    id: 3,
    type: 'info',
    title: 'Maintenance planifiée',
    message: 'Contrôle annuel des tableaux électriques prévu demain à Kénitra',
    time: 'Hier',
    read: true,
  },
];

export const SEE_ALL_NOTIFICATIONS = 'Voir toutes les notifications';
