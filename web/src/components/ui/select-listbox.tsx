import { Check, Search } from 'lucide-react';
import type { SelectList } from './use-select-list';

/** The Select's open popup: the optional search box, the options (check boxes when multiple), or 'no option'. */
export function SelectListbox({
  list,
  selected,
  multiple,
  searchable,
  'aria-label': ariaLabel,
}: {
  list: SelectList;
  selected: string[];
  multiple: boolean;
  searchable: boolean;
  'aria-label'?: string;
}) {
  const { filtered, active, setActive, choose, listboxId, optionId } = list;
  return (
    <div className="absolute z-50 mt-1 w-full min-w-48 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg">
      {searchable && (
        <div className="relative border-b border-slate-100 p-2">
          <Search
            className="pointer-events-none absolute top-1/2 left-4 h-4 w-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <input
            ref={list.searchRef}
            type="text"
            value={list.query}
            placeholder="Rechercher..."
            aria-label="Rechercher..."
            aria-controls={listboxId}
            aria-activedescendant={list.activeId}
            aria-autocomplete="list"
            autoComplete="off"
            onChange={(e) => list.search(e.target.value)}
            onKeyDown={list.handleOpenKeys}
            className="block w-full rounded-md border border-slate-300 py-1.5 pr-2 pl-8 text-sm text-slate-900 placeholder:text-slate-500 focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-500/30"
          />
        </div>
      )}
      <div
        ref={list.listRef}
        id={listboxId}
        role="listbox"
        aria-multiselectable={multiple || undefined}
        aria-label={ariaLabel}
        className="max-h-80 overflow-y-auto py-1 sm:max-h-60"
      >
        {filtered.map((o, i) => {
          const isSelected = selected.includes(o.value);
          const isActive = i === active;
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard selection is handled by the combobox (aria-activedescendant).
            <div
              key={o.value}
              id={optionId(i)}
              data-index={i}
              role="option"
              tabIndex={-1}
              aria-selected={isSelected}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(o)}
              className={`flex cursor-pointer items-center gap-2 px-3 py-2 text-sm ${
                isActive ? 'bg-blue-50 text-blue-900' : 'text-slate-700'
              } ${isSelected ? 'font-medium' : ''}`}
            >
              {multiple ? (
                <span
                  className={`flex h-4 w-4 shrink-0 items-center justify-center rounded border ${
                    isSelected ? 'border-blue-600 bg-blue-600 text-white' : 'border-slate-300 bg-white'
                  }`}
                  aria-hidden="true"
                >
                  {isSelected && <Check className="h-3 w-3" />}
                </span>
              ) : (
                <Check
                  className={`h-4 w-4 shrink-0 text-blue-600 ${isSelected ? '' : 'invisible'}`}
                  aria-hidden="true"
                />
              )}
              <span className="min-w-0 [overflow-wrap:anywhere]">{o.label}</span>
            </div>
          );
        })}
      </div>
      {filtered.length === 0 && <p className="px-3 py-2 text-sm text-slate-500">Aucune option trouvée</p>}
    </div>
  );
}
