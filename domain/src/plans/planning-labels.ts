/**
 * The /planning calendar (issue 17): scheduled interventions and the preventive occurrences still to be generated,
 * by month or by week. Every French string of the page in one place.
 */
export const PLANNING_LABELS = {
  title: 'Planning',
  description: 'Interventions planifiées ou datées, et visites préventives à venir.',
  /** Only for who may reschedule, on a screen with a mouse (no drag and drop on a phone). */
  dragHint: 'Glissez une intervention pour la replanifier, ou utilisez son bouton «\u00a0Replanifier\u00a0».',
  /** Who may reschedule, on a touch or narrow screen. */
  rescheduleHint: 'Pour déplacer une intervention, utilisez son bouton «\u00a0Replanifier\u00a0».',
  month: 'Mois',
  week: 'Semaine',
  view: 'Affichage',
  previous: 'Période précédente',
  next: 'Période suivante',
  today: "Aujourd'hui",
  technician: 'Technicien',
  client: 'Client',
  allTechnicians: 'Tous les techniciens',
  mine: 'Mes interventions',
  allClients: 'Tous les clients',
  empty: 'Aucune intervention sur cette période',
  emptyDay: 'Rien de prévu',
  loading: 'Chargement…',
  loadError: 'Impossible de charger le planning',
  /** A future occurrence of a preventive plan, not generated yet (shown dashed). */
  virtual: (plan: string) => `Prévue (plan « ${plan} »)`,
  rescheduleFailed: "Erreur lors de la replanification de l'intervention",
  /** The single-pointer alternative to dragging (WCAG 2.5.7): a button on each movable intervention, and its dialog. */
  reschedule: 'Replanifier',
  rescheduleOf: (equipement: string) => `Replanifier « ${equipement} »`,
  rescheduleTitle: "Replanifier l'intervention",
  rescheduleCurrent: (when: string) => `Actuellement prévue le ${when}`,
  rescheduleKeepsDuree: (duree: string) => `La durée prévue (${duree}) est conservée.`,
  rescheduleSave: 'Replanifier',
  /** An intervention with a date and no planned time: shown on its date for the whole day (issue 30 item 2). */
  allDay: 'Journée',
  allDayTitle: 'Date sans heure prévue',
  /** The list beside the calendar: open interventions without a planned time. */
  toPlan: 'À planifier',
  toPlanDescription: 'Interventions ouvertes sans heure prévue, la plus proche d’abord.',
  toPlanEmpty: 'Rien à planifier : chaque intervention ouverte a son heure.',
  toPlanMore: 'Voir plus',
  toPlanLoadError: 'Impossible de charger les interventions à planifier',
  toPlanDated: (date: string) => `Date : ${date}`,
  plan: 'Planifier',
  planOf: (equipement: string) => `Planifier « ${equipement} »`,
  planTitle: "Planifier l'intervention",
  truncated: (shown: number) => `Seules les ${shown} premières interventions de la période sont affichées`,
} as const;
