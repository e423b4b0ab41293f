import { z } from 'zod';
import { MUTATION_MESSAGES } from '../common/messages.ts';
import { statutSchema } from './statut-schema.ts';

/** Soft-delete / restore / archive / unarchive of interventions (spec §4 'Records can be…', §7). Our design. */

/** Which records the list shows: active (default), archived, or the trash (soft-deleted). */
export const SCOPES = ['active', 'archived', 'deleted'] as const;
export type Scope = (typeof SCOPES)[number];
export const scopeSchema = z.enum(SCOPES).default('active');
export const SCOPE_LABELS: Record<Scope, string> = { active: 'Actives', archived: 'Archivées', deleted: 'Corbeille' };

export const LIFECYCLE_ACTIONS = ['soft-delete', 'restore', 'archive', 'unarchive'] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];

/** Where a deleted intervention goes, and how to get it back (the list's scope 'Corbeille'). */
const TRASH_PLACE = 'déplacée dans la Corbeille — restaurable depuis Interventions → Corbeille';

export const LIFECYCLE_MESSAGES = {
  /** 'Supprimer' moves to the trash: the spec's delete message (§8), then where the intervention went. */
  softDeleted: `${MUTATION_MESSAGES.interventionDelete.success} : ${TRASH_PLACE}`,
  restored: 'Intervention restaurée avec succès',
  archived: 'Intervention archivée avec succès',
  unarchived: 'Intervention désarchivée avec succès',
  forceDeleted: 'Intervention supprimée définitivement',
  alreadyDeleted: "L'intervention est déjà dans la corbeille",
  notDeleted: "L'intervention n'est pas dans la corbeille",
  alreadyArchived: "L'intervention est déjà archivée",
  notArchived: "L'intervention n'est pas archivée",
  deletedNotArchivable: "Restaurez d'abord l'intervention depuis la corbeille",
  archiveOpenRefused: 'Seule une intervention clôturée (terminée, annulée ou en échec) peut être archivée',
  runningTimer: "Un chronomètre est en cours sur cette intervention : arrêtez-le d'abord",
  historySoftDeleted: 'Intervention placée dans la corbeille',
  historyRestored: 'Intervention restaurée depuis la corbeille',
  historyArchived: 'Intervention archivée',
  historyUnarchived: 'Intervention désarchivée',
  failed: "Erreur lors de l'opération sur l'intervention",
} as const;

/** Success message and the history note of each action. */
export const LIFECYCLE_RESULT: Record<LifecycleAction, { message: string; history: string }> = {
  'soft-delete': { message: LIFECYCLE_MESSAGES.softDeleted, history: LIFECYCLE_MESSAGES.historySoftDeleted },
  restore: { message: LIFECYCLE_MESSAGES.restored, history: LIFECYCLE_MESSAGES.historyRestored },
  archive: { message: LIFECYCLE_MESSAGES.archived, history: LIFECYCLE_MESSAGES.historyArchived },
  unarchive: { message: LIFECYCLE_MESSAGES.unarchived, history: LIFECYCLE_MESSAGES.historyUnarchived },
};

/** UI labels and confirmation texts. Force delete reuses the spec's wording (§2 delete confirmation). */
export const LIFECYCLE_LABELS = {
  scope: 'Afficher',
  archive: 'Archiver',
  unarchive: 'Désarchiver',
  restore: 'Restaurer',
  softDelete: 'Supprimer',
  forceDelete: 'Supprimer définitivement',
  softDeleteTitle: "Supprimer l'intervention",
  softDeleteHint:
    "L'intervention sera déplacée dans la Corbeille ; vous pourrez la restaurer depuis Interventions → Corbeille.",
  forceDeleteTitle: "Supprimer définitivement l'intervention",
  confirmPrefix: 'Êtes-vous sûr de vouloir supprimer :',
  irreversible: 'Cette action est irréversible !',
  moveToTrash: 'Mettre à la corbeille',
} as const;

export const dependenciesSchema = z.object({
  history: z.number(),
  materials: z.number(),
  comments: z.number(),
  attachments: z.number(),
  timerSessions: z.number(),
});
export type Dependencies = z.infer<typeof dependenciesSchema>;

/** GET /interventions/:id/can-delete: whether it can go to the trash now, and why not. */
export const canDeleteSchema = z.object({
  canDelete: z.boolean(),
  reasons: z.array(z.string()),
  dependencies: dependenciesSchema,
});
export type CanDelete = z.infer<typeof canDeleteSchema>;

/** Result of a lifecycle action. */
export const lifecycleStateSchema = z.object({
  id: z.number(),
  statut: statutSchema,
  deletedAt: z.string().nullable(),
  archivedAt: z.string().nullable(),
});
export type LifecycleState = z.infer<typeof lifecycleStateSchema>;
