import { CUSTOM_FIELD_MESSAGES as M } from '@gmao/domain/custom-fields/custom-field-messages';
import type { CustomField } from '@gmao/domain/custom-fields/custom-field-schemas';
import { equipmentTypeLabel } from '@gmao/domain/equipment/equipment-types';
import { inputClass } from '../../../../components/ui/form-field';
import { SearchInput } from '../../../../components/ui/search-input';
import { useCustomFieldDefinitions } from '../../api/get-custom-field-definitions';

const selectClass = inputClass().replace('w-full', 'w-full sm:w-52');

/** The list filter on one custom field: its key and the value it must hold ('' = no filter). */
export interface CustomFieldFilterValue {
  champ: string;
  valeur: string;
}

export const NO_CUSTOM_FIELD_FILTER: CustomFieldFilterValue = { champ: '', valeur: '' };

/**
 * The list query's `champ` / `valeur` (GET /interventions and its exports), only when both are chosen. A decimal typed
 * with a comma is sent with a point, the form the server compares numbers in ('0,5' → 0.5).
 */
export function customFieldListQuery({ champ, valeur }: CustomFieldFilterValue): { champ?: string; valeur?: string } {
  const value = valeur.trim();
  if (!champ || !value) return {};
  return { champ, valeur: /^-?\d+,\d+$/.test(value) ? value.replace(',', '.') : value };
}

const fieldLabel = (f: CustomField) =>
  f.type_equipement ? `${f.libelle} (${equipmentTypeLabel(f.type_equipement)})` : f.libelle;

function ValueInput({ field, value, onChange }: { field: CustomField; value: string; onChange: (v: string) => void }) {
  if (field.type === 'LISTE' || field.type === 'OUI_NON') {
    const options =
      field.type === 'LISTE'
        ? field.options.map((o) => [o, o] as const)
        : ([
            ['true', M.yes],
            ['false', M.no],
          ] as const);
    return (
      <select
        aria-label={M.filterValue}
        className={selectClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{M.anyValue}</option>
        {options.map(([v, label]) => (
          <option key={v} value={v}>
            {label}
          </option>
        ))}
      </select>
    );
  }
  if (field.type === 'DATE') {
    return (
      <input
        type="date"
        aria-label={M.filterValue}
        className={selectClass}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }
  return (
    <SearchInput
      key={field.cle}
      value={value}
      onChange={onChange}
      aria-label={M.filterValue}
      placeholder={field.unite ? `Valeur (${field.unite})` : 'Valeur'}
      className="w-full sm:w-44"
    />
  );
}

/**
 * 'Champ personnalisé' filter of the interventions list: a select of the active definitions, then a value input fit
 * to the chosen field's type (a select for a list or yes/no, a date, text otherwise; exact match on the server). Not
 * shown while no definition exists.
 */
export function CustomFieldFilter({
  value,
  onChange,
}: {
  value: CustomFieldFilterValue;
  onChange: (next: CustomFieldFilterValue) => void;
}) {
  const definitions = useCustomFieldDefinitions();
  const fields = definitions.data?.data ?? [];
  if (fields.length === 0) return null;
  const chosen = fields.find((f) => f.cle === value.champ);
  return (
    <>
      <select
        aria-label={M.filterField}
        className={selectClass}
        value={chosen ? chosen.cle : ''}
        // A new field starts without a value; choosing the same one again keeps it.
        onChange={(e) => e.target.value !== value.champ && onChange({ champ: e.target.value, valeur: '' })}
      >
        <option value="">{M.allFields}</option>
        {fields.map((f) => (
          <option key={f.id} value={f.cle}>
            {fieldLabel(f)}
          </option>
        ))}
      </select>
      {chosen && (
        <ValueInput field={chosen} value={value.valeur} onChange={(valeur) => onChange({ ...value, valeur })} />
      )}
    </>
  );
}
