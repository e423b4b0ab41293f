import { AUDIT_ENTITY_TYPES, AUDIT_MESSAGES } from '@gmao/domain/audit/audit-messages';
import { AUDIT_ACTIONS, type AuditAction } from '@gmao/domain/audit/audit-schemas';
import { RotateCcw } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/form-field';
import { SearchInput } from '../../../components/ui/search-input';
import { Select } from '../../../components/ui/select';

/** What the toolbar edits; '' means "no filter". Dates are YYYY-MM-DD (Morocco's calendar days on the server). */
export interface AuditFilterValues {
  search: string;
  action: '' | AuditAction;
  entityType: string;
  actor: string;
  from: string;
  to: string;
}

export const NO_AUDIT_FILTERS: AuditFilterValues = {
  search: '',
  action: '',
  entityType: '',
  actor: '',
  from: '',
  to: '',
};

/** "No filter" is a real option (not the placeholder) so the select always shows a readable label. */
const ALL = '__all__';

const actionOptions = [
  { value: ALL, label: AUDIT_MESSAGES.allActions },
  ...Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label })),
];
const entityTypeOptions = [
  { value: ALL, label: AUDIT_MESSAGES.allEntityTypes },
  ...Object.entries(AUDIT_ENTITY_TYPES).map(([value, label]) => ({ value, label })),
];

const dateClass = inputClass().replace('w-full', 'w-full min-w-0 md:w-40');

/** Search, event, object type, user and period filters of the audit log; each change is reported at once. */
export function AuditFilters({
  value,
  onChange,
}: {
  value: AuditFilterValues;
  onChange: (next: Partial<AuditFilterValues>) => void;
}) {
  const filtered = Object.entries(value).some(([, v]) => v !== '');
  return (
    <div className="space-y-3 p-3 sm:p-4">
      <div className="grid grid-cols-2 gap-3 md:flex md:items-center">
        <SearchInput
          className="col-span-2 md:flex-1"
          value={value.search}
          onChange={(search) => onChange({ search })}
          placeholder={AUDIT_MESSAGES.searchPlaceholder}
          aria-label={AUDIT_MESSAGES.searchLabel}
        />
        <Select
          className="col-span-2 md:w-72"
          aria-label={AUDIT_MESSAGES.actionFilter}
          searchable
          options={actionOptions}
          value={value.action || ALL}
          onChange={(action) => onChange({ action: action === ALL ? '' : (action as AuditAction) })}
          placeholder={AUDIT_MESSAGES.allActions}
        />
        <Select
          className="col-span-2 md:w-56"
          aria-label={AUDIT_MESSAGES.entityTypeFilter}
          options={entityTypeOptions}
          value={value.entityType || ALL}
          onChange={(entityType) => onChange({ entityType: entityType === ALL ? '' : entityType })}
          placeholder={AUDIT_MESSAGES.allEntityTypes}
        />
      </div>
      <div className="grid grid-cols-2 gap-3 md:flex md:items-center">
        <SearchInput
          className="col-span-2 md:w-64"
          value={value.actor}
          onChange={(actor) => onChange({ actor })}
          placeholder={AUDIT_MESSAGES.actorPlaceholder}
          aria-label={AUDIT_MESSAGES.actorFilter}
        />
        <fieldset className="col-span-2 grid min-w-0 grid-cols-1 gap-3 sm:grid-cols-2 md:flex md:items-center">
          <legend className="sr-only">{AUDIT_MESSAGES.period}</legend>
          <label className="flex min-w-0 items-center gap-2 text-sm text-slate-700">
            <span className="shrink-0">{AUDIT_MESSAGES.from}</span>
            <input
              type="date"
              className={dateClass}
              value={value.from}
              max={value.to || undefined}
              onChange={(e) => onChange({ from: e.target.value })}
            />
          </label>
          <label className="flex min-w-0 items-center gap-2 text-sm text-slate-700">
            <span className="shrink-0">{AUDIT_MESSAGES.to}</span>
            <input
              type="date"
              className={dateClass}
              value={value.to}
              min={value.from || undefined}
              onChange={(e) => onChange({ to: e.target.value })}
            />
          </label>
        </fieldset>
        {filtered && (
          <Button variant="ghost" className="col-span-2" onClick={() => onChange(NO_AUDIT_FILTERS)}>
            <RotateCcw className="h-4 w-4" aria-hidden="true" />
            {AUDIT_MESSAGES.resetFilters}
          </Button>
        )}
      </div>
    </div>
  );
}
