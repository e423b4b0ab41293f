import { OUTBOX_MESSAGES } from '@gmao/domain/interventions/offline-messages';

/**
 * A change shown before the server has it (issue 32): « en attente » while it waits in the outbox, « refusée » once
 * the server refused it (the banner lists it with its reason).
 */
export function PendingMark({ refused = false }: { refused?: boolean }) {
  return (
    <span
      data-testid="pending-mark"
      className={`ml-2 inline-block rounded px-1.5 py-0.5 text-xs font-medium ring-1 ${
        refused ? 'bg-red-50 text-red-800 ring-red-300' : 'bg-amber-100 text-amber-900 ring-amber-300'
      }`}
    >
      {refused ? OUTBOX_MESSAGES.conflictMark : OUTBOX_MESSAGES.pendingMark}
    </span>
  );
}
