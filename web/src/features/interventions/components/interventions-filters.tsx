import { REVIEW_STATUS_LABELS, REVIEW_STATUSES, type ReviewStatus } from '@gmao/domain/interventions/review-schemas';
import { FORM_STATUTS, STATUT_LABELS } from '@gmao/domain/interventions/status';
import { inputClass } from '../../../components/ui/form-field';
import { SearchInput } from '../../../components/ui/search-input';

const selectClass = inputClass().replace('w-full', 'w-full sm:w-52');

export type UrgenceFilter = '' | 'true' | 'false';

export interface InterventionFilterValues {
  search: string;
  statut: string;
  urgence: UrgenceFilter;
  /** Review state ('SOUMISE': 'À valider'). */
  review: '' | ReviewStatus;
}

/** Search, status, urgency and review filters of the interventions list (spec §2). */
export function InterventionsFilters({
  value,
  onChange,
}: {
  value: InterventionFilterValues;
  onChange: (next: InterventionFilterValues) => void;
}) {
  return (
    <div className="flex flex-1 flex-wrap items-center gap-3">
      <SearchInput
        value={value.search}
        onChange={(search) => onChange({ ...value, search })}
        placeholder="Rechercher (description, équipement, client)..."
        aria-label="Rechercher des interventions"
        className="min-w-64 flex-1"
      />
      <select
        aria-label="Filtrer par statut"
        className={selectClass}
        value={value.statut}
        onChange={(e) => onChange({ ...value, statut: e.target.value })}
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
    </div>
  );
}
