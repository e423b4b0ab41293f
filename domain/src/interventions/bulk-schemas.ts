import { z } from 'zod';
import { idSchema } from '../common/api.ts';
import { bulkAssignSchema } from './assignment-schemas.ts';
import {
  INTERVENTION_MESSAGES,
  interventionUpdateSchema,
  reopenMotifSchema,
  statutSchema,
} from './intervention-schemas.ts';

/** PUT /interventions/bulk/status {ids, status} — every move must be allowed, or nothing changes. */
export const bulkStatusSchema = z.object({
  ids: bulkAssignSchema.shape.ids,
  status: statutSchema,
  note: z.string().trim().max(2000, INTERVENTION_MESSAGES.noteMax).nullish(),
  motif: reopenMotifSchema,
});
export type BulkStatusInput = z.output<typeof bulkStatusSchema>;

/** The fields PUT /interventions/bulk may change; the description, equipment and notes belong to one job each. */
export const BULK_FIELDS = ['urgence', 'date', 'technicianId', 'statut'] as const;
export type BulkField = (typeof BULK_FIELDS)[number];

export const BULK_MESSAGES = {
  fieldNotAllowed: (keys: readonly string[]) =>
    `${keys.length > 1 ? 'Champs non modifiables' : 'Champ non modifiable'} en masse : ${keys.join(', ')} (autorisés : ${BULK_FIELDS.join(', ')})`,
  dataRequired: 'Les champs à modifier (data) sont requis',
  nothingToChange: 'Choisissez au moins un champ à modifier',
  notFound: 'Intervention introuvable (supprimée, archivée ou dans la corbeille)',
  refused: (failed: number, total: number) =>
    `Aucune modification : ${failed} intervention${failed > 1 ? 's' : ''} sur ${total} ${failed > 1 ? 'sont refusées' : 'est refusée'}`,
  updated: (n: number) => `${n} intervention${n > 1 ? 's' : ''} modifiée${n > 1 ? 's' : ''} avec succès`,
  trashed: (n: number) => `${n} intervention${n > 1 ? 's' : ''} placée${n > 1 ? 's' : ''} dans la corbeille`,
  historyEdit: (changes: readonly string[]) => `Modification groupée : ${changes.join(', ')}`,
  changeUrgence: (from: boolean, to: boolean) => `urgente ${from ? 'oui' : 'non'} → ${to ? 'oui' : 'non'}`,
  changeDate: (from: string, to: string) => `date ${from} → ${to}`,
} as const;

/**
 * `data` of PUT /interventions/bulk: only BULK_FIELDS, an unknown field is a 400 naming it. `technicianId` null
 * unassigns; `statut` follows the workflow for each intervention.
 */
export const bulkUpdateDataSchema = z
  .strictObject(
    {
      urgence: z.boolean().optional(),
      date: interventionUpdateSchema.shape.date,
      technicianId: idSchema.nullable().optional(),
      statut: statutSchema.optional(),
      /** The motif of a reopening (statut leaving TERMINEE); not a field of its own. */
      motif: reopenMotifSchema,
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? BULK_MESSAGES.fieldNotAllowed(issue.keys)
          : issue.code === 'invalid_type'
            ? BULK_MESSAGES.dataRequired
            : undefined,
    },
  )
  .refine((d) => BULK_FIELDS.some((f) => d[f] !== undefined), BULK_MESSAGES.nothingToChange);
export type BulkUpdateData = z.output<typeof bulkUpdateDataSchema>;

/** PUT /interventions/bulk {ids, data} — all or nothing. */
export const bulkUpdateSchema = z.object({ ids: bulkAssignSchema.shape.ids, data: bulkUpdateDataSchema });
export type BulkUpdateInput = z.output<typeof bulkUpdateSchema>;

/** DELETE /interventions/bulk {ids} — to the Corbeille, all or nothing. */
export const bulkDeleteSchema = z.object({ ids: bulkAssignSchema.shape.ids });
export type BulkDeleteInput = z.output<typeof bulkDeleteSchema>;

/** The answer of both: the interventions changed (in id order; those already as asked are not counted). */
export const bulkResultSchema = z.object({ count: z.number(), ids: z.array(z.number()) });
export type BulkResult = z.infer<typeof bulkResultSchema>;

/** The list's row selection and bulk bar (PUT /bulk/status, /bulk/assign, /bulk, DELETE /bulk). Our design, French. */
export const BULK_LABELS = {
  selectPage: 'Sélectionner toutes les interventions de la page',
  selectRow: (id: number) => `Sélectionner l'intervention #${id}`,
  selected: (n: number) => `${n} intervention${n > 1 ? 's' : ''} sélectionnée${n > 1 ? 's' : ''}`,
  bar: 'Actions groupées',
  status: 'Nouveau statut',
  chooseStatus: 'Choisir un statut...',
  applyStatus: 'Appliquer le statut',
  technician: 'Technicien à affecter',
  chooseTechnician: 'Choisir un technicien...',
  assign: 'Affecter',
  clear: 'Désélectionner',
  statusFailed: 'Erreur lors du changement de statut groupé',
  assignFailed: "Erreur lors de l'affectation groupée",
  edit: 'Modifier la sélection',
  editTitle: (n: number) => `Modifier ${n} intervention${n > 1 ? 's' : ''}`,
  editHint: 'Cochez les champs à modifier : les autres restent tels quels sur chaque intervention.',
  editField: {
    urgence: "Modifier l'urgence",
    date: 'Modifier la date',
    technicianId: 'Modifier le technicien',
    statut: 'Modifier le statut',
  } satisfies Record<BulkField, string>,
  fieldLabel: { urgence: 'Urgence', date: 'Date', technicianId: 'Technicien', statut: 'Statut' } satisfies Record<
    BulkField,
    string
  >,
  urgent: 'Urgente',
  notUrgent: 'Non urgente',
  unassigned: 'Non assigné',
  apply: 'Appliquer',
  cancel: 'Annuler',
  editFailed: 'Erreur lors de la modification groupée',
  trash: 'Mettre à la corbeille',
  trashTitle: 'Mettre à la corbeille',
  trashConfirm: (n: number) => `Mettre ${n} intervention${n > 1 ? 's' : ''} à la corbeille ?`,
  trashHint: 'Vous pourrez les restaurer depuis la corbeille.',
  trashFailed: 'Erreur lors de la mise à la corbeille groupée',
  failures: "Rien n'a été modifié. Interventions refusées :",
  failure: (id: number, reason: string) => `#${id} : ${reason}`,
} as const;
