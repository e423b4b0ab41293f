import { formatDateTime } from '@gmao/domain/format/format';
import { formatDuration } from '@gmao/domain/interventions/activity-schemas';
import { ACTIVITY_MESSAGES } from '@gmao/domain/interventions/messages';
import { OUTBOX_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import type { InterventionFacts } from '@gmao/domain/interventions/policy';
import { CLOSED_STATUTS, type Statut } from '@gmao/domain/interventions/status';
import { Play, Square } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { PendingMark } from '../../../../components/ui/pending-mark';
import { offlineTimer } from '../../../../lib/offline/offline-timer';
import { pendingOf, sendOrQueue, useOutboxUserId, usePendingChanges } from '../../../../lib/offline/pending';
import { queueChange } from '../../../../lib/offline/use-outbox';
import { notify } from '../../../../lib/toast';
import { useTimerAction, useTimerLog } from '../../api/timer';
import { toastInterventionError, toastInterventionSuccess } from '../intervention-toasts';
import { useInterventionAccess } from '../use-intervention-access';
import { TimerSessionRow } from './timer-session-row';

/** Seconds elapsed since the log was fetched, so a running session counts up without refetching. */
function useTicking(active: boolean, since: number) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [active]);
  return active ? Math.max(0, Math.floor((now - since) / 1000)) : 0;
}

/**
 * Time spent: my timer (start for who works on the intervention; stop my running one always), total and per-person
 * durations, recent sessions (corrected or deleted by their author or an assigner: TimerSessionRow).
 */
export function TimerSection({
  interventionId,
  statut,
  facts,
  version = 1,
}: {
  interventionId: number;
  statut: string;
  facts: InterventionFacts;
  /** The intervention's version shown (an offline session's base). */
  version?: number;
}) {
  const access = useInterventionAccess();
  const userId = useOutboxUserId();
  // Issue 32: a session timed without network runs on the phone, then waits in the outbox as { startedAt, stoppedAt }.
  const local = userId === null ? null : offlineTimer(userId, interventionId);
  const [localStart, setLocalStart] = useState(() => local?.get() ?? null);
  const pending = usePendingChanges(interventionId);
  const queuedSessions = pendingOf(pending, 'timer');
  // A server timer stopped without network (sync `timer_stop`): shown stopped, marked, until the server has the stop.
  const queuedStop = pendingOf(pending, 'timer_stop').find((c) => c.state === 'pending') ?? null;
  const localSeconds = useTicking(localStart !== null, localStart ? Date.parse(localStart) : 0);
  const query = useTimerLog(interventionId);
  const action = useTimerAction();
  const log = query.data?.data;
  const serverRunning = log?.running ?? null;
  const running = queuedStop ? null : serverRunning;
  const extra = useTicking(running !== null, query.dataUpdatedAt);
  const stoppedExtra =
    queuedStop && serverRunning ? Math.max(0, Math.floor((Date.parse(queuedStop.at) - query.dataUpdatedAt) / 1000)) : 0;
  // Responses type statut as a string until the domain's response schemas use statutSchema (server change).
  const closed = CLOSED_STATUTS.includes(statut as Statut);

  const startOnPhone = () => {
    const at = new Date().toISOString();
    local?.set(at);
    setLocalStart(at);
    notify.success(OUTBOX_MESSAGES.queued);
  };
  const stopOnPhone = async () => {
    if (!localStart || userId === null) return;
    await queueChange({
      userId,
      interventionId,
      type: 'timer',
      at: new Date().toISOString(),
      payload: { startedAt: localStart, stoppedAt: new Date().toISOString() },
      baseVersion: version,
    });
    local?.clear();
    setLocalStart(null);
    notify.success(OUTBOX_MESSAGES.queued);
  };
  /** The server's running timer: stopped online, or its stop queued (`timer_stop`, dated now) without network. */
  const stopServerTimer = async () => {
    const out = await sendOrQueue(
      { userId, interventionId, type: 'timer_stop', payload: {}, baseVersion: version },
      () => action.mutateAsync({ id: interventionId, action: 'stop' }),
    );
    if (out.queued) notify.success(OUTBOX_MESSAGES.queued);
    else toastInterventionSuccess(out.result.message, ACTIVITY_MESSAGES.timerStopped);
  };
  const toggle = async () => {
    if (localStart) return stopOnPhone();
    // After a queued stop the server still runs the old session: a new one is timed on the phone, queued after it.
    if (!running && local && (!navigator.onLine || queuedStop)) return startOnPhone();
    try {
      if (running) return await stopServerTimer();
      const res = await action.mutateAsync({ id: interventionId, action: 'start' });
      toastInterventionSuccess(res.message, ACTIVITY_MESSAGES.timerStarted);
    } catch (err) {
      if (!running && local && (err as { status?: number }).status === 0) return startOnPhone();
      toastInterventionError(err, ACTIVITY_MESSAGES.timerFailed);
    }
  };

  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        Impossible de charger le temps passé.
      </p>
    );
  if (!log) return <p className="text-sm text-slate-500">Chargement du temps passé...</p>;
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-4">
        {log.perUser.length === 0 ? (
          <p className="text-sm text-slate-500">Aucun temps enregistré.</p>
        ) : (
          <p className="text-sm text-slate-700">
            Temps total :{' '}
            <strong data-testid="timer-total">{formatDuration(log.totalSeconds + extra + stoppedExtra)}</strong>
          </p>
        )}
        {queuedStop && serverRunning && (
          <p className="text-sm text-slate-700" role="status">
            {OUTBOX_MESSAGES.timerStoppedOffline(formatDateTime(queuedStop.at))}
            <PendingMark />
          </p>
        )}
        {running && (
          <p className="text-sm text-blue-700" role="status">
            Votre chronomètre tourne : {formatDuration(running.durationSeconds + extra)}
          </p>
        )}
        {localStart && (
          <p className="text-sm text-blue-700" role="status">
            {OUTBOX_MESSAGES.timerRunningOffline(formatDateTime(localStart))} : {formatDuration(localSeconds)}
          </p>
        )}
        {(running || localStart || (!closed && access.can('timer', facts))) && (
          <Button
            size="sm"
            variant={running || localStart ? 'warning' : 'secondary'}
            loading={action.isPending}
            onClick={toggle}
          >
            {running || localStart ? (
              <Square className="h-4 w-4" aria-hidden="true" />
            ) : (
              <Play className="h-4 w-4" aria-hidden="true" />
            )}
            {running || localStart ? 'Arrêter le chronomètre' : 'Lancer le chronomètre'}
          </Button>
        )}
      </div>
      {queuedSessions.length > 0 && (
        <ul aria-label={OUTBOX_MESSAGES.pendingSessions} className="space-y-1 text-sm text-slate-600">
          {queuedSessions.map((c) => {
            const p = c.payload as { startedAt: string; stoppedAt: string };
            return (
              <li key={c.clientId}>
                {formatDateTime(p.startedAt)} →{' '}
                {formatDuration(Math.round((Date.parse(p.stoppedAt) - Date.parse(p.startedAt)) / 1000))}
                <PendingMark refused={c.state === 'conflict'} />
              </li>
            );
          })}
        </ul>
      )}
      {log.perUser.length > 0 && (
        <ul aria-label="Temps par intervenant" className="flex flex-wrap gap-2 text-xs">
          {log.perUser.map((u) => (
            <li key={u.user?.id ?? 'deleted'} className="rounded-full bg-slate-100 px-2 py-1 text-slate-700">
              {u.user?.nom ?? 'Utilisateur supprimé'} : {formatDuration(u.totalSeconds)}
            </li>
          ))}
        </ul>
      )}
      {log.sessions.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-slate-600">Sessions récentes ({log.sessions.length})</summary>
          <ul className="mt-2 space-y-1 text-slate-600">
            {log.sessions.map((s) => (
              <TimerSessionRow
                key={s.id}
                interventionId={interventionId}
                session={s}
                canChange={access.can('editOwnedItem', { authorId: s.user?.id ?? null })}
              />
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
