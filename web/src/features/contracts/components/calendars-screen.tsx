import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import {
  type Calendar,
  dayFr,
  jourLabel,
  CONTRACT_LABELS as L,
  CONTRACT_MESSAGES as M,
} from '@gmao/domain/contracts/contract-schemas';
import { HOLIDAY_ANNUAL_YEAR, holidayInputSchema } from '@gmao/domain/plans/plan-schemas';
import { ArrowLeft, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/layout/page-header';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField, inputClass } from '../../../components/ui/form-field';
import { LoadErrorState } from '../../../components/ui/load-error-state';
import { RowAction } from '../../../components/ui/row-action';
import { paths } from '../../../lib/paths';
import { usePermissions } from '../../../lib/session';
import { notify } from '../../../lib/toast';
import { useCalendars, useCreateHoliday, useDeleteCalendar, useDeleteHoliday, useHolidays } from '../api/contracts';
import { CalendarFormModal } from './calendar-form-modal';

/** "lundi–vendredi : 08:00–12:00, 14:00–18:00" lines, consecutive days with the same intervals grouped. */
function weekSummary(c: Calendar): string[] {
  const byDay = [1, 2, 3, 4, 5, 6, 7].map((jour) =>
    c.plages
      .filter((p) => p.jour === jour)
      .map((p) => `${p.debut}–${p.fin}`)
      .join(', '),
  );
  const lines: string[] = [];
  let start = 0;
  for (let i = 1; i <= 7; i++) {
    if (i === 7 || byDay[i] !== byDay[start]) {
      const text = byDay[start];
      if (text) {
        const days = start === i - 1 ? jourLabel(start + 1) : `${jourLabel(start + 1)}–${jourLabel(i)}`;
        lines.push(`${days} : ${text}`);
      }
      start = i;
    }
  }
  return lines;
}

function HolidaysPanel({ manages, holidays }: { manages: boolean; holidays: ReturnType<typeof useHolidays> }) {
  const create = useCreateHoliday();
  const remove = useDeleteHoliday();
  const [jour, setJour] = useState('');
  const [libelle, setLibelle] = useState('');
  const [annuel, setAnnuel] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const add = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = holidayInputSchema.safeParse({ jour, libelle, annuel });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    try {
      await create.mutateAsync(parsed.data);
      setJour('');
      setLibelle('');
    } catch {
      // the API client has shown the server's message
    }
  };

  return (
    <section aria-labelledby="holidays-title" className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="holidays-title" className="text-base font-semibold text-slate-900">
        {L.holidaysTitle}
      </h2>
      {holidays.isError && !holidays.data ? (
        <LoadErrorState description="Impossible de charger les jours fériés." onRetry={() => void holidays.refetch()} />
      ) : (
        <ul className="grid gap-1 text-sm sm:grid-cols-2">
          {(holidays.data?.data ?? []).map((h) => (
            <li key={h.id} className="flex items-center justify-between gap-2 rounded-md bg-slate-50 px-2">
              <span>
                {h.annuel ? `${dayFr(h.jour).slice(0, 5)} (${L.holidayAnnual.toLowerCase()})` : dayFr(h.jour)} —{' '}
                {h.libelle}
              </span>
              {manages && (
                <RowAction
                  label={`Retirer ${h.libelle}`}
                  icon={Trash2}
                  tone="danger"
                  onClick={() => void remove.mutateAsync(h.id).catch(() => undefined)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {manages && (
        <form onSubmit={add} noValidate className="flex flex-wrap items-end gap-3">
          <FormField label="Date" htmlFor="holiday-jour" required>
            <input
              id="holiday-jour"
              type="date"
              className={inputClass()}
              value={jour}
              onChange={(e) => setJour(e.target.value)}
            />
          </FormField>
          <FormField label="Libellé" htmlFor="holiday-libelle" required>
            <input
              id="holiday-libelle"
              className={inputClass()}
              value={libelle}
              onChange={(e) => setLibelle(e.target.value)}
            />
          </FormField>
          <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" className="h-5 w-5" checked={annuel} onChange={(e) => setAnnuel(e.target.checked)} />
            {L.holidayAnnual}
          </label>
          <Button type="submit" variant="secondary" loading={create.isPending}>
            <Plus className="h-4 w-4" aria-hidden="true" /> {L.addHoliday}
          </Button>
          {error && (
            <p role="alert" className="w-full text-sm text-red-600">
              {error}
            </p>
          )}
        </form>
      )}
      <p className="text-xs text-slate-500">
        Les jours fériés annuels reviennent chaque année (enregistrés en l'an {HOLIDAY_ANNUAL_YEAR}) ; les fêtes
        religieuses suivent l'annonce officielle.
      </p>
    </section>
  );
}

/** /contrats/calendriers (contracts:read): business calendars and the company's holidays; managers edit them. */
export function CalendarsScreen() {
  const { can } = usePermissions();
  const manages = can(PERMISSIONS.CONTRACTS_MANAGE);
  const calendars = useCalendars();
  const holidays = useHolidays();
  const remove = useDeleteCalendar();
  // Both lists appear together: the calendars arriving after the holidays pushed them down (layout shift).
  const loading = calendars.isPending || holidays.isPending;
  const [editing, setEditing] = useState<Calendar | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<Calendar | null>(null);

  return (
    <section className="space-y-6">
      <PageHeader
        title={L.calendarsTitle}
        description={L.calendarsDescription}
        actions={
          <>
            <Link to={paths.contracts} className={buttonClass('secondary')}>
              <ArrowLeft className="h-4 w-4" aria-hidden="true" /> {L.title}
            </Link>
            {manages && (
              <Button onClick={() => setEditing('new')}>
                <Plus className="h-4 w-4" aria-hidden="true" /> {L.newCalendar}
              </Button>
            )}
          </>
        }
      />
      {loading ? (
        <p className="text-sm text-slate-500">Chargement…</p>
      ) : calendars.isError && !calendars.data ? (
        <LoadErrorState description="Impossible de charger les calendriers." onRetry={() => void calendars.refetch()} />
      ) : calendars.data?.data.length === 0 ? (
        <p className="text-sm text-slate-500">{L.calendarsEmpty}</p>
      ) : (
        <ul className="grid gap-3 md:grid-cols-2" aria-label={L.calendarsTitle}>
          {(calendars.data?.data ?? []).map((c) => (
            <li key={c.id} className="space-y-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex items-start justify-between gap-2">
                <h2 className="text-base font-semibold text-slate-900">{c.nom}</h2>
                {manages && (
                  <span className="flex shrink-0">
                    <RowAction label={`Modifier ${c.nom}`} icon={Pencil} onClick={() => setEditing(c)} />
                    <RowAction
                      label={`Supprimer ${c.nom}`}
                      icon={Trash2}
                      tone="danger"
                      onClick={() => setToDelete(c)}
                    />
                  </span>
                )}
              </div>
              <ul className="text-sm text-slate-700">
                {weekSummary(c).map((line) => (
                  <li key={line} className="first-letter:uppercase">
                    {line}
                  </li>
                ))}
              </ul>
              <p className="flex flex-wrap gap-1">
                <Badge tone={c.applique_jours_feries ? 'gray' : 'purple'}>
                  {c.applique_jours_feries ? 'Fermé les jours fériés' : 'Ouvert les jours fériés'}
                </Badge>
                {c.exceptions.length > 0 && <Badge tone="blue">{`${c.exceptions.length} exception(s)`}</Badge>}
                <Badge>{L.usedBy(c.contrats)}</Badge>
              </p>
            </li>
          ))}
        </ul>
      )}
      {!loading && <HolidaysPanel manages={manages} holidays={holidays} />}
      {editing && (
        <CalendarFormModal
          key={editing === 'new' ? 'new' : editing.id}
          calendar={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={toDelete !== null}
        kind="danger"
        title={L.deleteCalendarTitle}
        message={toDelete ? L.deleteCalendarMessage(toDelete.nom) : ''}
        confirmLabel="Supprimer"
        loading={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={async () => {
          if (!toDelete) return;
          try {
            await remove.mutateAsync(toDelete.id);
            notify.success(M.calendarDeleted);
            setToDelete(null);
          } catch {
            // the API client has shown the server's message (a calendar in use: 409)
          }
        }}
      />
    </section>
  );
}
