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
