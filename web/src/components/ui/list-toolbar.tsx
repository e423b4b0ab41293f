import type { ReactNode } from 'react';
import { SearchInput } from './search-input';
import { Select, type SelectOption } from './select';

/** Sentinel of the filter's 'all' option: the Select shows its label (an empty value would show the placeholder). */
const ALL = '__all__';

export interface ListToolbarFilter {
  /** Accessible name of the select ('Filtrer par secteur'). */
  label: string;
  /** Label of the first option, which clears the filter ('Tous les secteurs'). */
  allLabel: string;
  /** '' when the filter is off. */
  value: string;
  options: SelectOption[];
  /** Called with '' when 'all' is chosen. */
  onChange: (value: string) => void;
}

/** The bar above a list: a debounced search, one filter select whose first option means 'all', and an action. */
export function ListToolbar({
  search,
  onSearchChange,
  searchPlaceholder,
  searchLabel,
  filter,
  action,
}: {
  search: string;
  onSearchChange: (value: string) => void;
  searchPlaceholder: string;
  searchLabel: string;
  filter: ListToolbarFilter;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <SearchInput
        className="w-full min-w-0 sm:w-auto sm:min-w-60 sm:flex-1"
        value={search}
        placeholder={searchPlaceholder}
        aria-label={searchLabel}
        onChange={onSearchChange}
      />
      <Select
        className="w-full sm:w-60"
        aria-label={filter.label}
        placeholder={filter.allLabel}
        value={filter.value || ALL}
        onChange={(v) => filter.onChange(v === ALL ? '' : v)}
        options={[{ value: ALL, label: filter.allLabel }, ...filter.options]}
      />
      {action}
    </div>
  );
}
