import { z } from 'zod';
import { bulkAssignSchema } from './assignment-schemas.ts';
import { INTERVENTION_MESSAGES, statutSchema } from './intervention-schemas.ts';

/** PUT /interventions/bulk/status {ids, status} — every move must be allowed, or nothing changes. */
export const bulkStatusSchema = z.object({
  ids: bulkAssignSchema.shape.ids,
  status: statutSchema,
  note: z.string().trim().max(2000, INTERVENTION_MESSAGES.noteMax).nullish(),
});
export type BulkStatusInput = z.output<typeof bulkStatusSchema>;

/** The list's row selection and bulk bar (PUT /bulk/status and /bulk/assign). Our design, French. */
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
} as const;
