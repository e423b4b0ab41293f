import { z } from 'zod';

/** Review sub-flow of a finished intervention (spec §4): submitted, then approved or rejected. */
export const REVIEW_STATUSES = ['SOUMISE', 'APPROUVEE', 'REJETEE'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const REVIEW_STATUS_LABELS = {
  SOUMISE: 'À valider',
  APPROUVEE: 'Approuvée',
  REJETEE: 'Rejetée',
} as const satisfies Record<ReviewStatus, string>;

export const REVIEW_MESSAGES = {
  submitted: 'Intervention soumise pour validation',
  approved: 'Intervention approuvée',
  rejected: 'Intervention rejetée',
  notFinished: 'Seule une intervention terminée peut être soumise pour validation',
  alreadySubmitted: 'Cette intervention est déjà en attente de validation',
  alreadyApproved: 'Cette intervention est déjà approuvée',
  notSubmitted: "Cette intervention n'est pas en attente de validation",
  reasonRequired: 'Le motif du rejet est requis',
  reasonTooLong: 'Le motif ne doit pas dépasser 1000 caractères',
  commentTooLong: 'Le commentaire ne doit pas dépasser 1000 caractères',
  historySubmitted: 'Soumise pour validation',
  historyApproved: 'Validation approuvée',
  historyRejected: 'Validation rejetée',
  /**
   * Issue 30: a technician's change to the checklist, materials or attachments of a submitted or approved
   * intervention is accepted and sends it back to review ('À valider'); the answer says so.
   */
  backToReview: "Modification enregistrée : l'intervention est renvoyée en validation (À valider)",
  historyBackToReview: (what: string) => `Renvoyée en validation : ${what} modifié(e) après soumission`,
  supersededByChange: (what: string) => `Modification après soumission : ${what}`,
  whatChecklist: 'liste de contrôle',
  whatMaterials: 'matériel utilisé',
  whatAttachments: 'pièces jointes',
  historyTitle: 'Validations précédentes',
  supersededDecision: (status: string, at: string, by: string | null) => `${status} le ${at}${by ? ` par ${by}` : ''}`,
  supersededSubmitted: (at: string, by: string | null) => `Soumise le ${at}${by ? ` par ${by}` : ''}`,
  supersededBy: (at: string, by: string | null, motif: string | null) =>
    `Remplacée le ${at}${by ? ` par ${by}` : ''}${motif ? ` — ${motif}` : ''}`,
} as const;

/** The answer's message of a change that sent the intervention back to review (issue 30), else its own message. */
export function reviewNotice(message: string, backToReview: boolean): string {
  return backToReview ? REVIEW_MESSAGES.backToReview : message;
}

export const reviewSubmitSchema = z.object({
  comment: z.string().trim().max(1000, REVIEW_MESSAGES.commentTooLong).optional().nullable(),
});
export type ReviewSubmitInput = z.input<typeof reviewSubmitSchema>;

export const reviewApproveSchema = reviewSubmitSchema;

export const reviewRejectSchema = z.object({
  reason: z
    .string({ error: REVIEW_MESSAGES.reasonRequired })
    .trim()
    .min(1, REVIEW_MESSAGES.reasonRequired)
    .max(1000, REVIEW_MESSAGES.reasonTooLong),
});
export type ReviewRejectInput = z.input<typeof reviewRejectSchema>;

const userRef = z.object({ id: z.number(), nom: z.string() }).nullable();

export const reviewSchema = z.object({
  interventionId: z.number(),
  status: z.enum(REVIEW_STATUSES),
  comment: z.string().nullable(),
  submittedBy: userRef,
  submittedAt: z.string(),
  reviewedBy: userRef,
  reviewedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/** GET /interventions/:id/review: null when never submitted (or superseded by a reopening, issue 30). */
export const reviewResponseSchema = reviewSchema.nullable();

/** A past review, superseded by a reopening or by a change after submission (kept, issue 30). */
export const supersededReviewSchema = reviewSchema.extend({
  supersededAt: z.string(),
  supersededBy: userRef,
  supersededMotif: z.string().nullable(),
});
export type SupersededReview = z.infer<typeof supersededReviewSchema>;

/** GET /interventions/:id/review/history: the current review (null once reopened) and the superseded ones. */
export const reviewHistorySchema = z.object({
  current: reviewResponseSchema,
  superseded: z.array(supersededReviewSchema),
});
export type ReviewHistory = z.infer<typeof reviewHistorySchema>;

/** History note of a review step. */
export function reviewHistoryNote(step: ReviewStatus, text?: string | null): string {
  const head =
    step === 'SOUMISE'
      ? REVIEW_MESSAGES.historySubmitted
      : step === 'APPROUVEE'
        ? REVIEW_MESSAGES.historyApproved
        : REVIEW_MESSAGES.historyRejected;
  return text ? `${head} : ${text}` : head;
}
