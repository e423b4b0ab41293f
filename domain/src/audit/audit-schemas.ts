import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, isCalendarDay, MAX_LIST_LIMIT, MAX_PAGE } from '../common/api.ts';

/**
 * The audit log (ARCHITECTURE.md "Audit log"): one append-only row per security or business event, written in the
 * transaction of the change it records. Actions are `entity.verb`; labels are what the /admin/audit page shows.
 */
export const AUDIT_ACTIONS = {
  'auth.login': 'Connexion',
  'auth.login_failed': 'Échec de connexion',
  'auth.lockout': 'Connexions bloquées (trop de tentatives)',
  'auth.logout': 'Déconnexion',
  'auth.password_changed': 'Mot de passe modifié',
  'auth.password_check_failed': 'Mot de passe actuel incorrect (changement de mot de passe)',
  'auth.register': "Demande d'accès",
  'auth.password_reset_requested': 'Réinitialisation du mot de passe demandée',
  'auth.password_reset': 'Mot de passe réinitialisé par lien',
  'api_token.create': "Jeton d'API créé",
  'api_token.revoke': "Jeton d'API révoqué",
  'api_token.new_address': "Jeton d'API utilisé depuis une nouvelle adresse",
  'webhook.create': 'Webhook créé',
  'webhook.update': 'Webhook modifié',
  'webhook.delete': 'Webhook supprimé',
  'webhook.rotate_secret': 'Secret de webhook renouvelé',
  'webhook.disabled_gone': 'Webhook désactivé (410)',
  'mail.settings': 'Réglages e-mail (SMTP) modifiés',
  'company.settings': "Profil de l'entreprise modifié",
  'company.logo': "Logo de l'entreprise modifié",
  'request.create': "Demande d'intervention reçue",
  'request.accept': "Demande d'intervention acceptée",
  'request.merge': "Demande d'intervention fusionnée",
  'request.decline': "Demande d'intervention refusée",
  'request.link.rotate': 'Lien QR de demande renouvelé',
  'user.create': 'Utilisateur créé',
  'user.update': 'Utilisateur modifié',
  'user.activate': 'Utilisateur activé',
  'user.delete': 'Utilisateur supprimé',
  'portal_user.create': 'Accès au portail client créé',
  'portal_user.delete': 'Accès au portail client retiré',
  'role.create': 'Rôle créé',
  'role.update': 'Rôle modifié',
  'role.permissions': 'Permissions du rôle modifiées',
  'role.delete': 'Rôle supprimé',
  'section.create': 'Section créée',
  'section.update': 'Section modifiée',
  'section.delete': 'Section supprimée',
  'client.delete': 'Client supprimé',
  'equipment.delete': 'Équipement supprimé',
  'equipment.meter_reading': 'Relevé de compteur d’heures saisi',
  'equipment.meter_reading_update': 'Relevé de compteur d’heures corrigé',
  'equipment.meter_reading_delete': 'Relevé de compteur d’heures supprimé',
  'intervention.status': 'Statut changé',
  'intervention.delete': 'Intervention supprimée',
  'intervention.trash': 'Intervention mise à la corbeille',
  'intervention.restore': 'Intervention restaurée',
  'intervention.archive': 'Intervention archivée',
  'intervention.unarchive': 'Intervention désarchivée',
  'intervention.force_delete': 'Intervention supprimée définitivement',
  'custom_field.create': 'Champ personnalisé créé',
  'custom_field.update': 'Champ personnalisé modifié',
  'custom_field.delete': 'Champ personnalisé supprimé',
  'intervention.schedule': 'Intervention planifiée',
  'intervention.habilitation_derogation': "Affectation forcée sans l'habilitation requise",
  'intervention.consignation': 'Consignation enregistrée',
  'habilitation.create': "Titre d'habilitation enregistré",
  'habilitation.update': "Titre d'habilitation modifié",
  'habilitation.delete': "Titre d'habilitation supprimé",
  'habilitation.titre': "Titre d'habilitation signé (PDF) enregistré",
  'habilitation.aptitude': 'Aptitude médicale modifiée',
  'intervention.bulk_update': 'Intervention modifiée (modification groupée)',
  'intervention.sync': 'Intervention synchronisée (hors ligne)',
  'intervention.timer_session_update': 'Session de chronomètre corrigée',
  'intervention.timer_session_delete': 'Session de chronomètre supprimée',
  'intervention.signature': "Bon d'intervention signé",
  'plan.create': 'Plan de maintenance créé',
  'plan.update': 'Plan de maintenance modifié',
  'plan.delete': 'Plan de maintenance supprimé',
  'holiday.create': 'Jour férié ajouté',
  'holiday.delete': 'Jour férié supprimé',
  'stock.movement': 'Mouvement de stock',
  'stock.settings': 'Paramètres du stock',
  'part.create': 'Pièce créée',
  'part.update': 'Pièce modifiée',
  'part.delete': 'Pièce supprimée',
  'part.import': 'Catalogue de pièces importé',
  'stock.location_create': 'Emplacement de stock créé',
  'part_request.create': 'Demande de pièces créée',
  'part_request.receive': 'Demande de pièces reçue',
  'part_request.cancel': 'Demande de pièces annulée',
  'part_request.client_supplied': 'Demande de pièces : fournie par le client ou non',
  'contract.create': 'Contrat créé',
  'contract.update': 'Contrat modifié (nouvelle version)',
  'contract.delete': 'Contrat supprimé',
  'contract.document_upload': 'Document de contrat ajouté',
  'contract.document_delete': 'Document de contrat supprimé',
  'calendar.create': 'Calendrier ouvré créé',
  'calendar.update': 'Calendrier ouvré modifié',
  'calendar.delete': 'Calendrier ouvré supprimé',
  'export.csv': 'Export CSV',
  'export.pdf': 'Export PDF',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_VALUES = Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]];

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.string(),
  actorId: z.number().int().nullable(),
  actorUsername: z.string().nullable(),
  entityType: z.string().nullable(),
  entityId: z.string().nullable(),
  summary: z.string().nullable(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  ip: z.string().nullable(),
  requestId: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

const isoDate = z.string().refine(isCalendarDay, 'Date invalide (AAAA-MM-JJ)');

/** Filters of the audit list and of its CSV export (the same object). */
export const auditFiltersSchema = z.object({
  action: z.enum(AUDIT_ACTION_VALUES).optional(),
  /** 'auth', 'user', 'intervention'…: every action of that entity. */
  entityType: z.string().trim().max(40).optional(),
  entityId: z.string().trim().max(40).optional(),
  actor: z.string().trim().max(100).optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  search: z.string().trim().max(200).optional(),
});
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

export const auditListQuerySchema = auditFiltersSchema.extend({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_LIST_LIMIT).default(DEFAULT_PAGE_SIZE),
});

export const auditActionLabel = (action: string) => AUDIT_ACTIONS[action as AuditAction] ?? action;
