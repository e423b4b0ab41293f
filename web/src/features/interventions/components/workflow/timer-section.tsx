import { formatDuration } from '@gmao/domain/interventions/activity-schemas';
import { ACTIVITY_MESSAGES } from '@gmao/domain/interventions/messages';
import type { InterventionFacts } from '@gmao/domain/interventions/policy';
import { CLOSED_STATUTS, type Statut } from '@gmao/domain/interventions/status';
import { Play, Square } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../../components/ui/button';
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
}: {
  interventionId: number;
  statut: string;
  facts: InterventionFacts;
}) {
  const access = useInterventionAccess();
  const query = useTimerLog(interventionId);
  const action = useTimerAction();
  const log = query.data?.data;
  const running = log?.running ?? null;
  const extra = useTicking(running !== null, query.dataUpdatedAt);
  // Responses type statut as a string until the domain's response schemas use statutSchema (server change).
  const closed = CLOSED_STATUTS.includes(statut as Statut);

  const toggle = async () => {
    const next = running ? 'stop' : 'start';
    try {
      const res = await action.mutateAsync({ id: interventionId, action: next });
      toastInterventionSuccess(
        res.message,
        next === 'start' ? ACTIVITY_MESSAGES.timerStarted : ACTIVITY_MESSAGES.timerStopped,
      );
    } catch (err) {
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
            Temps total : <strong data-testid="timer-total">{formatDuration(log.totalSeconds + extra)}</strong>
          </p>
        )}
        {running && (
          <p className="text-sm text-blue-700" role="status">
            Votre chronomètre tourne : {formatDuration(running.durationSeconds + extra)}
          </p>
        )}
        {(running || (!closed && access.can('timer', facts))) && (
          <Button size="sm" variant={running ? 'warning' : 'secondary'} loading={action.isPending} onClick={toggle}>
            {running ? (
              <Square className="h-4 w-4" aria-hidden="true" />
            ) : (
              <Play className="h-4 w-4" aria-hidden="true" />
            )}
            {running ? 'Arrêter le chronomètre' : 'Lancer le chronomètre'}
          </Button>
        )}
      </div>
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
