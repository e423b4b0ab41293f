import { hasPermission, PERMISSIONS } from '@gmao/domain/auth/permissions';
import type { SessionUser } from '@gmao/domain/auth/user';
import { REVIEW_MESSAGES, reviewHistoryNote } from '@gmao/domain/interventions/review-schemas';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { Db, DbOrTx } from '../../../db/database.ts';
import { AppError } from '../../../lib/app-error.ts';
import { notifyReviewDecided, notifyReviewRequested } from '../../notifications/intervention-notifications.service.ts';
import { lockForAction, type VersionPrecondition } from '../access.ts';
import { findIntervention } from '../interventions.repository.ts';
import { insertHistory } from '../workflow/history.repository.ts';
import {
  findReview,
  listSupersededReviews,
  lockReviewStatus,
  setDecision,
  supersedeReview,
  upsertSubmission,
} from './review.repository.ts';

/** Review sub-flow: TERMINEE → submitted (SOUMISE) → approved or rejected; each step writes a history note. */
export async function getReview(db: Db, id: number) {
  if (!(await findIntervention(db, id))) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  return findReview(db, id);
}

/** GET /:id/review/history: the current review and the superseded ones (issue 30: a reopening keeps them). */
export async function getReviewHistory(db: Db, id: number) {
  if (!(await findIntervention(db, id))) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  const [current, superseded] = await Promise.all([findReview(db, id), listSupersededReviews(db, id)]);
  return { current, superseded };
}

/**
 * Issue 30, the lock of a submitted or approved record: a change to its checklist, materials or attachments by
 * someone who may not approve is accepted and sends the intervention back to review — an approved review is
 * superseded (kept in the review history) and the intervention is submitted again in the changer's name (a history
 * note says so, the reviewers are told); a submitted one stays 'À valider'. Holders of
 * interventions:approve are not held by the lock (they are the reviewers: their correction is the review).
 * Returns true when the intervention went back to review (the answer's message says so). Under the caller's lock.
 */
export async function sendBackToReviewOnChange(
  tx: DbOrTx,
  user: SessionUser,
  id: number,
  what: string,
): Promise<boolean> {
  if (hasPermission(user, PERMISSIONS.INTERVENTIONS_APPROVE)) return false;
  const status = await lockReviewStatus(tx, id);
  if (status !== 'SOUMISE' && status !== 'APPROUVEE') return false;
  if (status === 'APPROUVEE') {
    await supersedeReview(tx, id, {
      userId: user.id,
      motif: REVIEW_MESSAGES.supersededByChange(what),
      historyId: null,
    });
    await upsertSubmission(tx, id, user.id, REVIEW_MESSAGES.supersededByChange(what));
    const note = REVIEW_MESSAGES.historyBackToReview(what);
    await insertHistory(tx, { interventionId: id, from: null, to: null, note, userId: user.id });
    await notifyReviewRequested(tx, user, id);
  }
  return true;
}

export async function submit(
  db: Db,
  user: SessionUser,
  id: number,
  comment?: string | null,
  precondition?: VersionPrecondition,
) {
  const text = comment?.trim() || null;
  await db.transaction(async (tx) => {
    const current = await lockForAction(tx, user, id, 'submitReview', precondition);
    if (current.statut !== 'TERMINEE') throw new AppError('BUSINESS_RULE', REVIEW_MESSAGES.notFinished);
    const status = await lockReviewStatus(tx, id);
    if (status === 'SOUMISE') throw new AppError('BUSINESS_RULE', REVIEW_MESSAGES.alreadySubmitted);
    if (status === 'APPROUVEE') throw new AppError('BUSINESS_RULE', REVIEW_MESSAGES.alreadyApproved);
    await upsertSubmission(tx, id, user.id, text);
    const note = reviewHistoryNote('SOUMISE', text);
    await insertHistory(tx, { interventionId: id, from: null, to: null, note, userId: user.id });
    await notifyReviewRequested(tx, user, id);
  });
  return (await findReview(db, id))!;
}

export async function decide(
  db: Db,
  user: SessionUser,
  id: number,
  decision: 'APPROUVEE' | 'REJETEE',
  text: string | null,
  precondition?: VersionPrecondition,
) {
  await db.transaction(async (tx) => {
    await lockForAction(tx, user, id, 'review', precondition);
    if ((await lockReviewStatus(tx, id)) !== 'SOUMISE')
      throw new AppError('BUSINESS_RULE', REVIEW_MESSAGES.notSubmitted);
    const submitter = (await findReview(tx, id))?.submittedBy?.id ?? null;
    await setDecision(tx, id, decision, user.id, decision === 'REJETEE' ? text : null);
    const note = reviewHistoryNote(decision, text);
    await insertHistory(tx, { interventionId: id, from: null, to: null, note, userId: user.id });
    await notifyReviewDecided(
      tx,
      user,
      id,
      submitter,
      decision === 'APPROUVEE' ? { approved: true } : { approved: false, reason: text ?? '' },
    );
  });
  return (await findReview(db, id))!;
}
