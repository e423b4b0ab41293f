// The /admin/audit page's texts and labels. No zod in this file: the sidebar (main bundle) reads the title.

/**
 * Object types of the rows (`entity_type`: the action's prefix unless the event names another), as the /admin/audit
 * filter and the 'Objet' column show them.
 */
export const AUDIT_ENTITY_TYPES = {
  auth: 'Authentification',
  user: 'Utilisateur',
  role: 'Rôle',
  section: 'Section',
  client: 'Client',
  equipment: 'Équipement',
  intervention: 'Intervention',
  request: "Demande d'intervention",
  custom_field: 'Champ personnalisé',
  export: 'Export',
  audit: "Journal d'audit",
} as const;

export const AUDIT_MESSAGES = {
  title: "Journal d'audit",
  description: "Qui a fait quoi, quand et d'où : connexions, droits, suppressions et exports.",
  empty: 'Aucun événement ne correspond à ces filtres',
  loadErrorTitle: 'Erreur de chargement',
  loadError: "Impossible de charger le journal d'audit",
  retry: 'Réessayer',
  refresh: 'Actualiser',
  refreshLabel: 'Actualiser le journal',
  exportCsv: 'Exporter en CSV',
  exportFailed: "L'export CSV du journal d'audit a échoué",
  searchPlaceholder: 'Rechercher (détail, identifiant, utilisateur)...',
  searchLabel: "Rechercher dans le journal d'audit",
  actionFilter: 'Filtrer par événement',
  allActions: 'Tous les événements',
  entityTypeFilter: "Filtrer par type d'objet",
  allEntityTypes: "Tous les types d'objet",
  actorFilter: 'Filtrer par utilisateur',
  actorPlaceholder: 'Utilisateur...',
  period: 'Période',
  from: 'Du',
  to: 'Au',
  resetFilters: 'Réinitialiser les filtres',
  caption: "Événements du journal d'audit",
  columns: {
    at: 'Date et heure',
    action: 'Événement',
    actor: 'Utilisateur',
    entity: 'Objet',
    summary: 'Détail',
    ip: 'Adresse',
  },
  /** The actor of an event no user triggered (jobs, command-line tools). */
  system: '—',
  systemTitle: 'Système',
  detailTitle: "Détail de l'événement",
  requestId: 'Identifiant de requête',
  ipAddress: 'Adresse IP',
  changes: 'Modifications (avant → après)',
  noChanges: 'Aucune donnée avant/après enregistrée',
  close: 'Fermer',
} as const;

export const auditEntityTypeLabel = (type: string) =>
  AUDIT_ENTITY_TYPES[type as keyof typeof AUDIT_ENTITY_TYPES] ?? type;
