import { z } from 'zod';
import { SERVER_MESSAGES } from '../common/messages.ts';
import { MAX_ID } from '../common/numbers.ts';
import { derogationInputSchema } from '../habilitations/habilitation-schemas.ts';
import { ASSIGNMENT_MESSAGES } from './messages.ts';

const technicianId = z.coerce
  .number({ error: ASSIGNMENT_MESSAGES.technicianRequired })
  .int({ error: ASSIGNMENT_MESSAGES.technicianRequired })
  .positive({ error: ASSIGNMENT_MESSAGES.technicianRequired })
  .max(MAX_ID, { error: ASSIGNMENT_MESSAGES.technicianRequired });

/**
 * PUT (or POST) /interventions/:id/assign. `derogation`: forces an assignment the technician's habilitations do not
 * cover (issue 34; habilitations:override), with its written justification.
 */
export const assignSchema = z.object({ technicianId, derogation: derogationInputSchema.nullish() });
export type AssignInput = z.output<typeof assignSchema>;

/** PUT /interventions/bulk/assign — every id must exist, all are assigned in one transaction. */
export const bulkAssignSchema = z.object({
  ids: z
    .array(z.coerce.number().int().positive().max(MAX_ID, SERVER_MESSAGES.invalidId), {
      error: ASSIGNMENT_MESSAGES.idsRequired,
    })
    .min(1, ASSIGNMENT_MESSAGES.idsRequired)
    .max(500, ASSIGNMENT_MESSAGES.idsMax)
    .transform((ids) => [...new Set(ids)]),
  technicianId,
  derogation: derogationInputSchema.nullish(),
});
export type BulkAssignInput = z.output<typeof bulkAssignSchema>;

/** The assignee as shown on list rows and the detail. */
export const technicianRefSchema = z.object({ id: z.number(), nom: z.string() });
export type TechnicianRef = z.infer<typeof technicianRefSchema>;

/** GET /interventions/technicians — enabled, non-deleted users for the assignee select. */
export const technicianOptionSchema = z.object({
  id: z.number(),
  nom: z.string(),
  username: z.string(),
  role: z.string().nullable(),
  /**
   * With ?intervention_id= (issue 34): whether he holds what its kind of work requires on its planned day, and the
   * reason when not (the picker lists the qualified first and greys the others).
   */
  habilitation: z.object({ ok: z.boolean(), raison: z.string().nullable() }).optional(),
});
export type TechnicianOption = z.infer<typeof technicianOptionSchema>;

/** The detail's assignee select: '' means "not assigned". */
export const assignFormSchema = z.object({ technicianId: z.string() });
export type AssignFormValues = z.infer<typeof assignFormSchema>;
