import type { SessionUser } from '@gmao/domain/auth/user';
import { REVIEW_MESSAGES, reviewHistoryNote } from '@gmao/domain/interventions/review-schemas';
import { WORKFLOW_MESSAGES } from '@gmao/domain/interventions/workflow';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { findIntervention, insertHistory, lockIntervention } from './interventions.repository.ts';
import { findReview, lockReviewStatus, setDecision, upsertSubmission } from './review.repository.ts';

/** Review sub-flow: TERMINEE → submitted (SOUMISE) → approved or rejected; each step writes a history note. */
export async function getReview(db: Db, id: number) {
  if (!(await findIntervention(db, id))) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
  return findReview(db, id);
}

export async function submit(db: Db, user: SessionUser, id: number, comment?: string | null) {
  const text = comment?.trim() || null;
  await db.transaction(async (tx) => {
    const current = await lockIntervention(tx, id);
    if (!current) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
    if (current.statut !== 'TERMINEE') throw new AppError('BUSINESS_RULE', REVIEW_MESSAGES.notFinished);
    const status = await lockReviewStatus(tx, id);
    if (status === 'SOUMISE') throw new AppError('BUSINESS_RULE', REVIEW_MESSAGES.alreadySubmitted);
    if (status === 'APPROUVEE') throw new AppError('BUSINESS_RULE', REVIEW_MESSAGES.alreadyApproved);
    await upsertSubmission(tx, id, user.id, text);
    const note = reviewHistoryNote('SOUMISE', text);
    await insertHistory(tx, { interventionId: id, from: null, to: null, note, userId: user.id });
  });
  return (await findReview(db, id))!;
}

export async function decide(
  db: Db,
  user: SessionUser,
  id: number,
  decision: 'APPROUVEE' | 'REJETEE',
  text: string | null,
) {
  await db.transaction(async (tx) => {
    const current = await lockIntervention(tx, id);
    if (!current) throw new AppError('NOT_FOUND', WORKFLOW_MESSAGES.notFound);
    if ((await lockReviewStatus(tx, id)) !== 'SOUMISE')
      throw new AppError('BUSINESS_RULE', REVIEW_MESSAGES.notSubmitted);
    await setDecision(tx, id, decision, user.id, decision === 'REJETEE' ? text : null);
    const note = reviewHistoryNote(decision, text);
    await insertHistory(tx, { interventionId: id, from: null, to: null, note, userId: user.id });
  });
  return (await findReview(db, id))!;
}
