import { OUTBOX_KIND_LABELS, OUTBOX_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import { useCallback, useEffect, useState } from 'react';
import type { Outbox, OutboxChange } from '../../lib/offline/outbox';

/**
 * Issue 32: each change the server refused or found in conflict, with its reason and the server's current state; the
 * technician retries it on the server's state or discards it — one change at a time, never the whole record.
 */
export function OutboxConflicts({ box, userId, onChanged }: { box: Outbox; userId: number; onChanged?: () => void }) {
  const [conflicts, setConflicts] = useState<OutboxChange[]>([]);
  const load = useCallback(async () => setConflicts(await box.conflicts(userId)), [box, userId]);
  useEffect(() => {
    void load();
  }, [load]);
  const act = async (fn: () => Promise<void>) => {
    await fn();
    await load();
    onChanged?.();
  };
  if (conflicts.length === 0) return null;
  return (
    <section aria-label={OUTBOX_MESSAGES.conflictsTitle} className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold">{OUTBOX_MESSAGES.conflictsTitle}</h2>
      <ul className="flex flex-col gap-2">
        {conflicts.map((c) => {
          const server = c.serverValue as { statut?: string; version?: number } | null | undefined;
          return (
            <li key={c.seq} className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm">
              <p className="font-medium">
                {c.type === 'create'
                  ? `${OUTBOX_KIND_LABELS.create} — ${(c.payload as { description?: string }).description || ''}`
                  : OUTBOX_MESSAGES.changeOf(OUTBOX_KIND_LABELS[c.type] ?? c.type, c.interventionId)}
              </p>
              <p>{c.reason}</p>
              {server?.statut !== undefined && server.version !== undefined && (
                <p className="text-slate-600">
                  {OUTBOX_MESSAGES.serverValue} : {OUTBOX_MESSAGES.serverState(server.statut, server.version)}
                </p>
              )}
              <div className="mt-1 flex gap-2">
                <button
                  type="button"
                  className="min-h-11 rounded-md bg-blue-700 px-3 text-white"
                  onClick={() => void act(() => box.retry(c.seq!))}
                >
                  {OUTBOX_MESSAGES.retryWithServer}
                </button>
                <button
                  type="button"
                  className="min-h-11 rounded-md px-3 text-slate-700 ring-1 ring-slate-300"
                  onClick={() => void act(() => box.discard(c.seq!))}
                >
                  {OUTBOX_MESSAGES.discard}
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
