import { useQueuedStatut } from '../../lib/offline/pending';
import { PendingMark } from './pending-mark';
import { StatusBadge } from './status-badge';

/**
 * A row's status (list, my day) as the phone shows it (issue 32): the status moved to without network, marked « en
 * attente » until the server has it; otherwise the server's.
 */
export function QueuedStatusBadge({ id, statut, urgence }: { id: number; statut: string | null; urgence?: boolean }) {
  const queued = useQueuedStatut(id);
  return (
    <>
      <StatusBadge statut={queued ?? statut} urgence={urgence} />
      {queued !== null && <PendingMark />}
    </>
  );
}
