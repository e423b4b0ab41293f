import { MY_WORK_MESSAGES } from '@gmao/domain/dashboard/my-work-schemas';
import { LIST_SORT_LABELS } from '@gmao/domain/interventions/intervention-schemas';
import { REVIEW_STATUS_LABELS, REVIEW_STATUSES, type ReviewStatus } from '@gmao/domain/interventions/review-schemas';
import { FORM_STATUTS, STATUT_LABELS, type Statut } from '@gmao/domain/interventions/status';
import { SLA_FILTER_LABELS, SLA_FILTERS, type SlaFilter } from '@gmao/domain/sla/sla-clock';
import { SlidersHorizontal } from 'lucide-react';
import { useState } from 'react';
import { inputClass } from '../../../../components/ui/form-field';
import { SearchInput } from '../../../../components/ui/search-input';
import { useTechnicians } from '../../api/get-technicians';
import { CustomFieldFilter, type CustomFieldFilterValue } from '../custom-fields/custom-field-filter';

const selectClass = inputClass().replace('w-full', 'w-full sm:w-52');

export type UrgenceFilter = '' | 'true' | 'false';

export interface InterventionFilterValues extends CustomFieldFilterValue {
  search: string;
  statut: '' | Statut;
  urgence: UrgenceFilter;
  /** Review state ('SOUMISE': 'À valider'). */
  review: '' | ReviewStatus;
  /** SLA state (issue 31): à risque, dépassé, respecté, hors contrat; optional so that older callers need not set it. */
  sla?: '' | SlaFilter;
  /** '' every technician, 'me' the user's own work ("Mes interventions"), or a technician's id. */
  technician: string;
  /** Open and dated more than 30 days ago. */
  overdue: boolean;
  /** Issue 30, from the technician's counters (no control of their own; a removable chip): open only, due on a
   * day, due before a day (Casablanca days as the server sent them, 'YYYY-MM-DD'; '' none). */
  open: boolean;
  dueOn: string;
  dueBefore: string;
  /** '' newest date first (the list's order), 'nearest' the nearest dates first (a technician's default). */
  sort: '' | 'nearest';
}

export const MINE = 'me';

/** Search, status, urgency and review filters of the interventions list (spec §2). */
export function InterventionsFilters({
  value,
  onChange,
}: {
  value: InterventionFilterValues;
  onChange: (next: InterventionFilterValues) => void;
}) {
  const technicians = useTechnicians();
  // Issue 14: on a phone the filters fold behind one button (the list starts higher); wider, they are all in view.
  const [unfolded, setUnfolded] = useState(false);
  const active =
    [value.statut, value.urgence, value.review, value.sla, value.technician].filter(Boolean).length +
    Number(value.overdue);
  return (
    <div className="flex flex-1 flex-wrap items-center gap-3">
      <SearchInput
        value={value.search}
        onChange={(search) => onChange({ ...value, search })}
        placeholder="Description, équipement, client…"
        aria-label="Rechercher des interventions"
        className="min-w-0 flex-1 sm:min-w-64"
      />
      <button
        type="button"
        aria-expanded={unfolded}
        aria-controls="intervention-filters"
        onClick={() => setUnfolded((u) => !u)}
        className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 sm:hidden"
      >
        <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
        Filtres
        {active > 0 && <span className="rounded-full bg-blue-100 px-2 text-xs text-blue-800">{active}</span>}
      </button>
      <div id="intervention-filters" className={`${unfolded ? 'flex' : 'hidden'} w-full flex-col gap-3 sm:contents`}>
        <select
          aria-label="Filtrer par statut"
          className={selectClass}
          value={value.statut}
          onChange={(e) => onChange({ ...value, statut: e.target.value as '' | Statut })}
        >
          <option value="">Tous les statuts</option>
          {FORM_STATUTS.map((s) => (
            <option key={s} value={s}>
              {STATUT_LABELS[s]}
            </option>
          ))}
        </select>
        <select
          aria-label="Filtrer par urgence"
          className={selectClass}
          value={value.urgence}
          onChange={(e) => onChange({ ...value, urgence: e.target.value as UrgenceFilter })}
        >
          <option value="">Toutes les urgences</option>
          <option value="true">Urgentes uniquement</option>
          <option value="false">Non urgentes</option>
        </select>
        <select
          aria-label="Filtrer par validation"
          className={selectClass}
          value={value.review}
          onChange={(e) => onChange({ ...value, review: e.target.value as '' | ReviewStatus })}
        >
          <option value="">Toutes les validations</option>
          {REVIEW_STATUSES.map((s) => (
            <option key={s} value={s}>
              {REVIEW_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
        <select
          aria-label="Filtrer par délai garanti"
          className={selectClass}
          value={value.sla ?? ''}
          onChange={(e) => onChange({ ...value, sla: e.target.value as '' | SlaFilter })}
        >
          <option value="">Tous les délais garantis</option>
          {SLA_FILTERS.map((s) => (
            <option key={s} value={s}>
              {SLA_FILTER_LABELS[s]}
            </option>
          ))}
        </select>
        <select
          aria-label="Filtrer par technicien"
          className={selectClass}
          value={value.technician}
          onChange={(e) => onChange({ ...value, technician: e.target.value })}
        >
          <option value="">Tous les techniciens</option>
          <option value={MINE}>{MY_WORK_MESSAGES.filterChip}</option>
          {(technicians.data?.data ?? []).map((t) => (
            <option key={t.id} value={String(t.id)}>
              {t.nom}
            </option>
          ))}
        </select>
        <select
          aria-label="Trier la liste"
          className={selectClass}
          value={value.sort}
          onChange={(e) => onChange({ ...value, sort: e.target.value as '' | 'nearest' })}
        >
          <option value="">{LIST_SORT_LABELS.recent}</option>
          <option value="nearest">{LIST_SORT_LABELS.nearest}</option>
        </select>
        <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            className="h-5 w-5"
            checked={value.overdue}
            onChange={(e) => onChange({ ...value, overdue: e.target.checked })}
          />
          En retard
        </label>
        <CustomFieldFilter value={value} onChange={(custom) => onChange({ ...value, ...custom })} />
      </div>
    </div>
  );
}
