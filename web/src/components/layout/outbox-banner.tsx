import { OUTBOX_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import { dataAgeLabel } from '../../lib/offline/query-snapshot';
import { useOutbox } from '../../lib/offline/use-outbox';

/**
 * Issue 32: "Hors ligne — 5 modifications en attente" while offline; online, the changes not sent yet or refused,
 * with "Synchroniser". Overlaid at the bottom left (fixed, outside the page's flow): the page never moves for it.
 */
export function OutboxBanner() {
  const { userId, online, pending, conflicts, savedAt, syncNow } = useOutbox();
  if (userId === null || (online && pending === 0 && conflicts === 0)) return null;
  return (
    <div
      role="status"
      data-testid="outbox-banner"
      className="pointer-events-auto fixed bottom-3 left-3 z-40 flex max-w-[calc(100vw-1.5rem)] items-center gap-3 rounded-lg bg-amber-100 px-3 py-1 text-sm text-amber-950 shadow-md ring-1 ring-amber-300"
    >
      <span>
        {online ? OUTBOX_MESSAGES.pending(pending) : OUTBOX_MESSAGES.offline(pending)}
        {!online && savedAt !== null && <> · {dataAgeLabel(savedAt)}</>}
        {conflicts > 0 && <> · {OUTBOX_MESSAGES.conflicts(conflicts)}</>}
      </span>
      {online && pending > 0 && (
        <button
          type="button"
          className="min-h-11 min-w-11 rounded-md px-2 font-medium underline"
          onClick={() => void syncNow()}
        >
          {OUTBOX_MESSAGES.syncNow}
        </button>
      )}
    </div>
  );
}
