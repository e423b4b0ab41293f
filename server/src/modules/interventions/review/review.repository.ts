import type { Review, ReviewStatus, SupersededReview } from '@gmao/domain/interventions/review-schemas';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/database.ts';
import { toIso } from '../interventions.repository.ts';

type Row = {
  intervention_id: number;
  review_status: ReviewStatus;
  comment: string | null;
  submitted_by: number | null;
  submitter: string | null;
  submitted_at: Date | string;
  reviewed_by: number | null;
  reviewer: string | null;
  reviewed_at: Date | string | null;
  reason: string | null;
};

const ref = (id: number | null, nom: string | null) => (id !== null && nom !== null ? { id, nom } : null);

export async function findReview(db: DbOrTx, interventionId: number): Promise<Review | null> {
  const { rows } = await db.execute<Row>(sql`
    SELECT r.intervention_id, r.review_status, r.comment, r.submitted_by, su.nom AS submitter, r.submitted_at,
           r.reviewed_by, ru.nom AS reviewer, r.reviewed_at, r.reason
    FROM intervention_reviews r
    LEFT JOIN users su ON su.id = r.submitted_by
    LEFT JOIN users ru ON ru.id = r.reviewed_by
    WHERE r.intervention_id = ${interventionId}`);
  const r = rows[0];
  return r ? toReview(r) : null;
}

function toReview(r: Row): Review {
  return {
    interventionId: r.intervention_id,
    status: r.review_status,
    comment: r.comment,
    submittedBy: ref(r.submitted_by, r.submitter),
    submittedAt: toIso(r.submitted_at),
    reviewedBy: ref(r.reviewed_by, r.reviewer),
    reviewedAt: r.reviewed_at ? toIso(r.reviewed_at) : null,
    reason: r.reason,
  };
}

export async function lockReviewStatus(db: DbOrTx, interventionId: number): Promise<ReviewStatus | null> {
  const { rows } = await db.execute<{ s: ReviewStatus }>(
    sql`SELECT review_status AS s FROM intervention_reviews WHERE intervention_id = ${interventionId} FOR UPDATE`,
  );
  return rows[0]?.s ?? null;
}

/** A (re)submission replaces the previous review (a rejected one can be submitted again). */
export async function upsertSubmission(db: DbOrTx, interventionId: number, userId: number, comment: string | null) {
  await db.execute(sql`
    INSERT INTO intervention_reviews (intervention_id, review_status, comment, submitted_by, submitted_at)
    VALUES (${interventionId}, 'SOUMISE', ${comment}, ${userId}, clock_timestamp())
    ON CONFLICT (intervention_id) DO UPDATE SET review_status = 'SOUMISE', comment = EXCLUDED.comment,
      submitted_by = EXCLUDED.submitted_by, submitted_at = EXCLUDED.submitted_at,
      reviewed_by = NULL, reviewed_at = NULL, reason = NULL`);
}

export async function setDecision(
  db: DbOrTx,
  interventionId: number,
  status: 'APPROUVEE' | 'REJETEE',
  userId: number,
  reason: string | null,
) {
  await db.execute(sql`
    UPDATE intervention_reviews SET review_status = ${status}, reviewed_by = ${userId},
      reviewed_at = clock_timestamp(), reason = ${reason}
    WHERE intervention_id = ${interventionId}`);
}

/**
 * Issue 30: the current review leaves intervention_reviews for intervention_review_history (a reopening, or a change
 * to a submitted or approved record) instead of being deleted. Returns the status it had, or null when there was none.
 */
export async function supersedeReview(
  db: DbOrTx,
  interventionId: number,
  by: { userId: number; motif: string | null; historyId: number | null },
): Promise<ReviewStatus | null> {
  const { rows } = await db.execute<{ review_status: ReviewStatus }>(sql`
    WITH moved AS (DELETE FROM intervention_reviews WHERE intervention_id = ${interventionId} RETURNING *)
    INSERT INTO intervention_review_history (intervention_id, review_status, comment, submitted_by, submitted_at,
      reviewed_by, reviewed_at, reason, superseded_at, superseded_by, superseded_motif, history_id)
    SELECT intervention_id, review_status, comment, submitted_by, submitted_at, reviewed_by, reviewed_at, reason,
      clock_timestamp(), ${by.userId}, ${by.motif}, ${by.historyId}
    FROM moved
    RETURNING review_status`);
  return rows[0]?.review_status ?? null;
}

/** The undo of a status move: the review that move superseded becomes the current one again, as it was. */
export async function restoreSupersededReview(db: DbOrTx, interventionId: number, historyId: number) {
  await db.execute(sql`
    WITH back AS (
      DELETE FROM intervention_review_history WHERE intervention_id = ${interventionId} AND history_id = ${historyId}
      RETURNING *)
    INSERT INTO intervention_reviews (intervention_id, review_status, comment, submitted_by, submitted_at,
      reviewed_by, reviewed_at, reason)
    SELECT intervention_id, review_status, comment, submitted_by, submitted_at, reviewed_by, reviewed_at, reason
    FROM back
    ON CONFLICT (intervention_id) DO UPDATE SET review_status = EXCLUDED.review_status, comment = EXCLUDED.comment,
      submitted_by = EXCLUDED.submitted_by, submitted_at = EXCLUDED.submitted_at, reviewed_by = EXCLUDED.reviewed_by,
      reviewed_at = EXCLUDED.reviewed_at, reason = EXCLUDED.reason`);
}

/** The superseded reviews of an intervention, oldest first (its review history; the current one is findReview). */
export async function listSupersededReviews(db: DbOrTx, interventionId: number): Promise<SupersededReview[]> {
  const { rows } = await db.execute<
    Row & {
      superseded_at: Date | string;
      superseded_by: number | null;
      superseder: string | null;
      superseded_motif: string | null;
    }
  >(sql`
    SELECT r.intervention_id, r.review_status, r.comment, r.submitted_by, su.nom AS submitter, r.submitted_at,
           r.reviewed_by, ru.nom AS reviewer, r.reviewed_at, r.reason,
           r.superseded_at, r.superseded_by, xu.nom AS superseder, r.superseded_motif
    FROM intervention_review_history r
    LEFT JOIN users su ON su.id = r.submitted_by
    LEFT JOIN users ru ON ru.id = r.reviewed_by
    LEFT JOIN users xu ON xu.id = r.superseded_by
    WHERE r.intervention_id = ${interventionId}
    ORDER BY r.superseded_at, r.id`);
  return rows.map((r) => ({
    ...toReview(r),
    supersededAt: toIso(r.superseded_at),
    supersededBy: ref(r.superseded_by, r.superseder),
    supersededMotif: r.superseded_motif,
  }));
}
