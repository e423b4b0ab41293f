import { OUTBOX_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import { useState } from 'react';
import { dataAgeLabel } from '../../lib/offline/query-snapshot';
import { notifyOutboxChanged, useOutbox } from '../../lib/offline/use-outbox';
import { OutboxConflicts } from './outbox-conflicts';

/**
 * Issue 32: "Hors ligne — 5 modifications en attente" while offline; online, the changes not sent yet or refused,
 * with "Synchroniser". Overlaid at the bottom left (fixed, outside the page's flow): the page never moves for it.
 * Above the dialogs (the phone's intervention detail is one) and, on a phone, above the detail's action bar: the
 * technician reviews a refused change from the detail he is working in. The dialogs keep clear of it while it shows
 * (`--outbox-space`, index.css).
 */
export function OutboxBanner() {
  const { userId, online, pending, conflicts, savedAt, syncNow, box } = useOutbox();
  const [reviewing, setReviewing] = useState(false);
  if (userId === null || (online && pending === 0 && conflicts === 0)) return null;
  return (
    <div
      role="status"
      data-testid="outbox-banner"
      data-outbox-banner=""
      className="pointer-events-auto fixed bottom-20 left-3 z-[60] sm:bottom-3 flex max-w-[calc(100vw-1.5rem)] items-center gap-3 rounded-lg bg-amber-100 px-3 py-1 text-sm text-amber-950 shadow-md ring-1 ring-amber-300"
    >
      <span>
        {online ? pending > 0 && OUTBOX_MESSAGES.pending(pending) : OUTBOX_MESSAGES.offline(pending)}
        {!online && savedAt !== null && <> · {dataAgeLabel(savedAt)}</>}
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
      {conflicts > 0 && (
        <button
          type="button"
          aria-expanded={reviewing}
          className="min-h-11 min-w-11 rounded-md px-2 font-medium underline"
          onClick={() => setReviewing((r) => !r)}
        >
          {OUTBOX_MESSAGES.conflicts(conflicts)}
        </button>
      )}
      {reviewing && conflicts > 0 && box !== null && (
        <div className="absolute bottom-full left-0 mb-2 max-h-[60vh] w-[min(28rem,calc(100vw-1.5rem))] overflow-y-auto rounded-lg bg-white p-3 shadow-lg ring-1 ring-slate-200">
          <OutboxConflicts
            box={box}
            userId={userId}
            onChanged={() => {
              notifyOutboxChanged();
              // A change sent again goes at once when the network is there.
              void syncNow();
            }}
          />
        </div>
      )}
    </div>
  );
}
