import { formatDateTime } from '@gmao/domain/format/format';
import type { InterventionFacts } from '@gmao/domain/interventions/policy';
import { REVIEW_MESSAGES as M, REVIEW_STATUS_LABELS } from '@gmao/domain/interventions/review-schemas';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { useReviewHistory } from '../../api/review';
import { ReviewBadge } from './review-badge';
import { ReviewRejectDialog } from './review-reject-dialog';
import { useReviewSubmission } from './use-review-submission';

export const REVIEW_SUBMIT_LABEL = 'Soumettre pour validation';
const REVIEW_SUBMIT_SHORT = 'Soumettre';

/**
 * The action bar's next step once the work is finished: 'Soumettre pour validation' for who may submit it, nothing
 * otherwise (issue 30).
 */
export function SubmitReviewButton({
  interventionId,
  statut,
  facts,
  short = false,
}: {
  interventionId: number;
  statut: string;
  facts: InterventionFacts;
  /** The phone's bar: 'Soumettre' on one line (the full label as its name), so the bar keeps its height. */
  short?: boolean;
}) {
  const { canSubmit, submit, busy } = useReviewSubmission(interventionId, statut, facts);
  if (!canSubmit) return null;
  return (
    <Button loading={busy} onClick={submit} aria-label={short ? REVIEW_SUBMIT_LABEL : undefined}>
      {short ? REVIEW_SUBMIT_SHORT : REVIEW_SUBMIT_LABEL}
    </Button>
  );
}

/**
 * 'Validation' block: who works on a finished intervention submits it, then a holder of interventions:approve
 * approves it or rejects it with a reason.
 */
export function ReviewSection({
  interventionId,
  statut,
  facts,
}: {
  interventionId: number;
  statut: string;
  facts: InterventionFacts;
}) {
  const { review, canSubmit, canDecide, run, submit, busy } = useReviewSubmission(interventionId, statut, facts);
  const [rejecting, setRejecting] = useState(false);

  return (
    <div className="space-y-2 text-sm">
      {review ? (
        <div className="space-y-1">
          <p className="flex items-center gap-2">
            <ReviewBadge status={review.status} />
            <span className="text-slate-600">
              Soumise le {formatDateTime(review.submittedAt)}
              {review.submittedBy ? ` par ${review.submittedBy.nom}` : ''}
            </span>
          </p>
          {review.comment && <p className="text-slate-700">Commentaire : {review.comment}</p>}
          {review.reviewedAt && (
            <p className="text-slate-600">
              {review.status === 'APPROUVEE' ? 'Approuvée' : 'Rejetée'} le {formatDateTime(review.reviewedAt)}
              {review.reviewedBy ? ` par ${review.reviewedBy.nom}` : ''}
            </p>
          )}
          {review.status === 'REJETEE' && review.reason && (
            <p role="note" className="rounded-md bg-red-50 p-2 text-red-800">
              Motif du rejet : {review.reason}
            </p>
          )}
        </div>
      ) : (
        <p className="text-slate-600">
          {statut === 'TERMINEE' ? 'Non soumise pour validation.' : 'Disponible une fois l’intervention terminée.'}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {canSubmit && (
          <Button size="sm" loading={busy} onClick={submit}>
            {REVIEW_SUBMIT_LABEL}
          </Button>
        )}
        {canDecide && (
          <>
            <Button
              size="sm"
              variant="success"
              loading={busy}
              onClick={() => run({ step: 'approve', id: interventionId }, 'Intervention approuvée')}
            >
              Approuver
            </Button>
            <Button size="sm" variant="danger" disabled={busy} onClick={() => setRejecting(true)}>
              Rejeter
            </Button>
          </>
        )}
      </div>
      <SupersededReviews interventionId={interventionId} />
      <ReviewRejectDialog
        open={rejecting}
        saving={busy}
        onClose={() => setRejecting(false)}
        onReject={async (reason) => {
          const ok = await run({ step: 'reject', id: interventionId, reason }, 'Intervention rejetée');
          if (ok) setRejecting(false);
          return ok;
        }}
      />
    </div>
  );
}

/**
 * Issue 30: the reviews a reopening (or a change after submission) superseded stay visible, oldest first — an
 * approval is not erased by reopening the work.
 */
function SupersededReviews({ interventionId }: { interventionId: number }) {
  const past = useReviewHistory(interventionId).data?.data?.superseded ?? [];
  if (past.length === 0) return null;
  return (
    <section aria-label={M.historyTitle} className="space-y-1 border-t border-slate-200 pt-2">
      <h4 className="text-xs font-semibold uppercase text-slate-500">{M.historyTitle}</h4>
      <ul className="space-y-1">
        {past.map((r) => (
          <li key={`${r.submittedAt}-${r.supersededAt}`} className="text-slate-600">
            <span className="font-medium text-slate-700">
              {r.reviewedAt
                ? M.supersededDecision(
                    REVIEW_STATUS_LABELS[r.status],
                    formatDateTime(r.reviewedAt),
                    r.reviewedBy?.nom ?? null,
                  )
                : M.supersededSubmitted(formatDateTime(r.submittedAt), r.submittedBy?.nom ?? null)}
            </span>
            {' · '}
            {M.supersededBy(formatDateTime(r.supersededAt), r.supersededBy?.nom ?? null, r.supersededMotif)}
          </li>
        ))}
      </ul>
    </section>
  );
}
