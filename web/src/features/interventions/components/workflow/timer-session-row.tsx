import { formatDateTime } from '@gmao/domain/format/format';
import {
  formatDuration,
  type TimerSession,
  timerSessionCorrectionSchema,
} from '@gmao/domain/interventions/activity-schemas';
import { ACTIVITY_MESSAGES as M } from '@gmao/domain/interventions/messages';
import { Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { ConfirmDialog } from '../../../../components/ui/confirm-dialog';
import { inputClass } from '../../../../components/ui/form-field';
import { ApiError } from '../../../../lib/api-client';
import { useCorrectTimerSession, useDeleteTimerSession } from '../../api/timer';
import { toastInterventionError, toastInterventionSuccess } from '../intervention-toasts';

/** An instant as the value of a datetime-local input (the browser's wall clock, to the minute). */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
/** A datetime-local value as an instant ('' or invalid: '', which the schema refuses). */
function fromLocalInput(value: string): string {
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? '' : new Date(ms).toISOString();
}

/**
 * One recent session; its author or an assigner (`canChange`) corrects its start and end inline (the route's schema
 * first, then the server's bounds, whose refusal shows under the fields) or deletes it after confirmation (issue 29).
 */
export function TimerSessionRow({
  interventionId,
  session: s,
  canChange,
}: {
  interventionId: number;
  session: TimerSession;
  canChange: boolean;
}) {
  const correct = useCorrectTimerSession();
  const remove = useDeleteTimerSession();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [start, setStart] = useState(() => toLocalInput(s.startedAt));
  const [stop, setStop] = useState(() => toLocalInput(s.stoppedAt ?? new Date().toISOString()));
  const [error, setError] = useState<string | null>(null);
  const prefix = `timer-session-${s.id}`;
  const who = s.user?.nom ?? 'Utilisateur supprimé';

  const save = async () => {
    const checked = timerSessionCorrectionSchema.safeParse({
      startedAt: fromLocalInput(start),
      stoppedAt: fromLocalInput(stop),
    });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? M.timerFailed);
      return;
    }
    setError(null);
    try {
      const res = await correct.mutateAsync({ id: interventionId, sessionId: s.id, body: checked.data });
      toastInterventionSuccess(res.message, M.timerSessionUpdated);
      setEditing(false);
    } catch (err) {
      if (err instanceof ApiError && err.status !== 0 && err.serverMessage && err.code !== 'VERSION_CONFLICT') {
        setError(err.serverMessage);
      } else toastInterventionError(err, M.timerFailed);
    }
  };

  const onDelete = async () => {
    try {
      const res = await remove.mutateAsync({ id: interventionId, sessionId: s.id });
      toastInterventionSuccess(res.message, M.timerSessionDeleted);
      setConfirming(false);
    } catch (err) {
      toastInterventionError(err, M.timerFailed);
    }
  };

  return (
    <li className="flex flex-wrap items-center gap-2">
      <span className="flex-1">
        {who} · {formatDateTime(s.startedAt)} → {s.stoppedAt ? formatDateTime(s.stoppedAt) : 'en cours'} ·{' '}
        {formatDuration(s.durationSeconds)}
      </span>
      {canChange && !editing && (
        <>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`${M.timerSessionEdit} de ${who}`}
            onClick={() => setEditing(true)}
          >
            <Pencil className="h-4 w-4" aria-hidden="true" />
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`${M.timerSessionDelete} de ${who}`}
            onClick={() => setConfirming(true)}
          >
            <Trash2 className="h-4 w-4 text-red-600" aria-hidden="true" />
          </Button>
        </>
      )}
      {editing && (
        <div className="flex w-full flex-wrap items-end gap-2">
          <label className="text-xs text-slate-600" htmlFor={`${prefix}-start`}>
            {M.timerSessionStart}
            <input
              id={`${prefix}-start`}
              type="datetime-local"
              className={inputClass(!!error)}
              value={start}
              onChange={(e) => setStart(e.target.value)}
            />
          </label>
          <label className="text-xs text-slate-600" htmlFor={`${prefix}-stop`}>
            {M.timerSessionStop}
            <input
              id={`${prefix}-stop`}
              type="datetime-local"
              className={inputClass(!!error)}
              value={stop}
              onChange={(e) => setStop(e.target.value)}
            />
          </label>
          <Button size="sm" loading={correct.isPending} onClick={save}>
            {correct.isPending ? M.timerSessionSaving : M.timerSessionSave}
          </Button>
          <Button size="sm" variant="ghost" disabled={correct.isPending} onClick={() => setEditing(false)}>
            {M.timerSessionCancel}
          </Button>
          {error && (
            <p role="alert" className="w-full text-sm text-red-700">
              {error}
            </p>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        kind="danger"
        title={M.timerSessionDelete}
        message={M.timerSessionDeleteConfirm}
        confirmLabel="Supprimer"
        loading={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setConfirming(false)}
      />
    </li>
  );
}
