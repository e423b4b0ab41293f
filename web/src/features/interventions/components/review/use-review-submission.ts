import type { InterventionFacts } from '@gmao/domain/interventions/policy';
import { type ReviewStep, useReview, useReviewStep } from '../../api/review';
import { toastInterventionError, toastInterventionSuccess } from '../intervention-toasts';
import { useInterventionAccess } from '../use-intervention-access';

/**
 * The review of a finished intervention, for the 'Validation' block and the detail's action bar (issue 30: after
 * 'Terminer' the next step, 'Soumettre pour validation', is in the bar): who may submit it now, who may decide it,
 * and `run` to take a step (toasts included).
 */
export function useReviewSubmission(interventionId: number, statut: string, facts: InterventionFacts) {
  const access = useInterventionAccess();
  const review = useReview(interventionId).data?.data ?? null;
  const mutation = useReviewStep();
  const run = async (step: ReviewStep, fallback: string) => {
    try {
      const res = await mutation.mutateAsync(step);
      toastInterventionSuccess(res.message, fallback);
      return true;
    } catch (err) {
      toastInterventionError(err, "L'opération a échoué");
      return false;
    }
  };
  const canSubmit =
    statut === 'TERMINEE' &&
    review?.status !== 'SOUMISE' &&
    review?.status !== 'APPROUVEE' &&
    access.can('submitReview', facts);
  const canDecide = review?.status === 'SOUMISE' && access.can('review', facts);
  const submit = () => run({ step: 'submit', id: interventionId }, 'Intervention soumise');
  return { review, canSubmit, canDecide, run, submit, busy: mutation.isPending };
}
