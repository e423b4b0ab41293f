import {
  type Calendar,
  calendarInputSchema,
  JOURS_SEMAINE,
  CONTRACT_LABELS as L,
  CONTRACT_MESSAGES as M,
} from '@gmao/domain/contracts/contract-schemas';
import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FormField, inputClass } from '../../../components/ui/form-field';
import { FormModal } from '../../../components/ui/form-modal';
import { ApiError } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useSaveCalendar } from '../api/contracts';

interface PlageRow {
  key: number;
  jour: number;
  debut: string;
  fin: string;
}
interface ExceptionRow {
  key: number;
  date: string;
  ouvert: boolean;
}

let nextKey = 0;
const keyed = <T extends object>(v: T) => ({ ...v, key: ++nextKey });

const DEFAULT_PLAGES = [1, 2, 3, 4, 5].flatMap((jour) => [
  { jour, debut: '08:00', fin: '12:00' },
  { jour, debut: '14:00', fin: '18:00' },
]);

/**
 * Create or edit a business calendar (contracts:manage): per weekday any number of intervals (a lunch break is two
 * intervals), exceptions, whether the company's holidays close it. Checked by the API's schema before sending
 * (overlapping or inverted intervals: the French message, nothing sent); the server's refusal shows in the same place.
 */
export function CalendarFormModal({ calendar, onClose }: { calendar: Calendar | null; onClose: () => void }) {
  const save = useSaveCalendar();
  const [nom, setNom] = useState(calendar?.nom ?? '');
  const [applique, setApplique] = useState(calendar?.applique_jours_feries ?? true);
  const [plages, setPlages] = useState<PlageRow[]>(() => (calendar?.plages ?? DEFAULT_PLAGES).map(keyed));
  const [exceptions, setExceptions] = useState<ExceptionRow[]>(() => (calendar?.exceptions ?? []).map(keyed));
  const [error, setError] = useState<string | null>(null);

  const setPlage = (key: number, patch: Partial<PlageRow>) =>
    setPlages((list) => list.map((p) => (p.key === key ? { ...p, ...patch } : p)));
  const setException = (key: number, patch: Partial<ExceptionRow>) =>
    setExceptions((list) => list.map((x) => (x.key === key ? { ...x, ...patch } : x)));

  const onSubmit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = calendarInputSchema.safeParse({
      nom,
      applique_jours_feries: applique,
      plages: plages.map(({ jour, debut, fin }) => ({ jour, debut, fin })),
      exceptions: exceptions.map(({ date, ouvert }) => ({ date, ouvert })),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? M.plagesEmpty);
      return;
    }
    setError(null);
    try {
      const res = await save.mutateAsync({ id: calendar?.id ?? null, input: parsed.data });
      notify.success(res.message ?? (calendar ? M.calendarUpdated : M.calendarCreated));
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? (err.serverMessage ?? err.message) : String(err));
    }
  };

  return (
    <FormModal
      open
      onClose={onClose}
      title={calendar ? L.editCalendar : L.newCalendar}
      size="2xl"
      formId="calendar-form"
      saving={save.isPending}
      submitLabel={calendar ? 'Enregistrer' : 'Créer le calendrier'}
    >
      <form id="calendar-form" onSubmit={onSubmit} noValidate className="space-y-4">
        {error && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700">
            {error}
          </p>
        )}
        <FormField label="Nom du calendrier" htmlFor="calendar-nom" required>
          <input id="calendar-nom" className={inputClass()} value={nom} onChange={(e) => setNom(e.target.value)} />
        </FormField>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={applique}
            onChange={(e) => setApplique(e.target.checked)}
          />
          {L.appliesHolidays}
        </label>
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">Plages horaires</legend>
          {JOURS_SEMAINE.map((label, i) => {
            const jour = i + 1;
            const ofDay = plages.filter((p) => p.jour === jour);
            return (
              <div
                key={label}
                className="grid gap-2 rounded-lg border border-slate-200 p-2 sm:grid-cols-[7rem_1fr]"
                data-testid={`jour-${jour}`}
              >
                <span className="pt-2 text-sm font-medium capitalize text-slate-700">{label}</span>
                <div className="space-y-2">
                  {ofDay.length === 0 && <p className="pt-2 text-sm text-slate-500">{L.closedDay}</p>}
                  {ofDay.map((p, n) => (
                    <div key={p.key} className="flex flex-wrap items-center gap-2">
                      <input
                        type="time"
                        aria-label={`Début de la plage ${n + 1} du ${label}`}
                        className={`${inputClass()} w-32`}
                        value={p.debut}
                        onChange={(e) => setPlage(p.key, { debut: e.target.value })}
                      />
                      <span aria-hidden="true">–</span>
                      <input
                        type="time"
                        aria-label={`Fin de la plage ${n + 1} du ${label}`}
                        className={`${inputClass()} w-32`}
                        value={p.fin === '24:00' ? '23:59' : p.fin}
                        onChange={(e) =>
                          setPlage(p.key, { fin: e.target.value === '23:59' ? '24:00' : e.target.value })
                        }
                      />
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={L.removePlage(label, n + 1)}
                        onClick={() => setPlages((list) => list.filter((x) => x.key !== p.key))}
                      >
                        <Trash2 className="h-4 w-4" aria-hidden="true" />
                      </Button>
                    </div>
                  ))}
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`${L.addPlage} (${label})`}
                    onClick={() => setPlages((list) => [...list, keyed({ jour, debut: '08:00', fin: '12:00' })])}
                  >
                    <Plus className="h-4 w-4" aria-hidden="true" /> {L.addPlage}
                  </Button>
                </div>
              </div>
            );
          })}
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-700">{L.exceptionsTitle}</legend>
          {exceptions.map((x, n) => (
            <div key={x.key} className="flex flex-wrap items-center gap-2">
              <input
                type="date"
                aria-label={`Date de l'exception ${n + 1}`}
                className={`${inputClass()} w-44`}
                value={x.date}
                onChange={(e) => setException(x.key, { date: e.target.value })}
              />
              <select
                aria-label={`Exception ${n + 1} : ouvert ou fermé`}
                className={`${inputClass()} w-32`}
                value={x.ouvert ? '1' : '0'}
                onChange={(e) => setException(x.key, { ouvert: e.target.value === '1' })}
              >
                <option value="0">{L.exceptionClosed}</option>
                <option value="1">{L.exceptionOpen}</option>
              </select>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Retirer l'exception ${n + 1}`}
                onClick={() => setExceptions((list) => list.filter((y) => y.key !== x.key))}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" />
              </Button>
            </div>
          ))}
          <Button
            variant="secondary"
            size="sm"
            onClick={() => setExceptions((list) => [...list, keyed({ date: '', ouvert: false })])}
          >
            <Plus className="h-4 w-4" aria-hidden="true" /> {L.addException}
          </Button>
        </fieldset>
      </form>
    </FormModal>
  );
}
