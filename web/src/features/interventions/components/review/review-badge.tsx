import { REVIEW_STATUS_LABELS, type ReviewStatus } from '@gmao/domain/interventions/review-schemas';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';

const TONES: Record<ReviewStatus, BadgeTone> = { SOUMISE: 'orange', APPROUVEE: 'green', REJETEE: 'red' };

/** Review state of a finished intervention (list row and detail 'Validation' block). */
export function ReviewBadge({ status }: { status: ReviewStatus | null | undefined }) {
  if (!status) return null;
  return <Badge tone={TONES[status]}>{REVIEW_STATUS_LABELS[status]}</Badge>;
}
