import { Check, ChevronDown, Search } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectBaseProps {
  options: SelectOption[];
  placeholder?: string;
  /** Shows a search box ('Rechercher...') above the options. */
  searchable?: boolean;
  disabled?: boolean;
  /** Id of the trigger button, so a FormField label (htmlFor) names it. */
  id?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  invalid?: boolean;
  className?: string;
}

export interface SingleSelectProps extends SelectBaseProps {
  multiple?: false;
  value: string | null;
  onChange: (value: string) => void;
}

export interface MultiSelectProps extends SelectBaseProps {
  multiple: true;
  value: string[];
  onChange: (value: string[]) => void;
}

export type SelectProps = SingleSelectProps | MultiSelectProps;

/** Lower-case, accent-free form used for searching ('équipement' matches 'equip'). */
function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

export function Select(props: SelectProps) {
  const {
    options,
    placeholder = 'Sélectionner...',
    searchable = false,
    disabled = false,
    id,
    invalid = false,
    className = '',
  } = props;
  const multiple = props.multiple === true;
  const selected = useMemo<string[]>(() => {
    const v = props.value;
    if (Array.isArray(v)) return v;
    return v === null || v === undefined || v === '' ? [] : [v];
  }, [props.value]);

  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const baseId = useId();
  const listboxId = `${baseId}-listbox`;
  const optionId = (i: number) => `${baseId}-option-${i}`;

  const filtered = useMemo(() => {
    const q = fold(query.trim());
    return searchable && q ? options.filter((o) => fold(o.label).includes(q)) : options;
  }, [options, query, searchable]);

  const close = (refocus: boolean) => {
    setOpen(false);
    setQuery('');
    setActive(-1);
    if (refocus) buttonRef.current?.focus();
  };

  const openList = () => {
    if (disabled) return;
    const first = options.findIndex((o) => selected.includes(o.value));
    setActive(first >= 0 ? first : options.length > 0 ? 0 : -1);
    setOpen(true);
  };

  // Outside click closes.
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) {
        setOpen(false);
        setQuery('');
        setActive(-1);
      }
    };
    document.addEventListener('mousedown', onPointer);
    return () => document.removeEventListener('mousedown', onPointer);
  }, [open]);

  useEffect(() => {
    if (open && searchable) searchRef.current?.focus();
  }, [open, searchable]);

  // Keep the active option visible.
  useEffect(() => {
    if (!open || active < 0) return;
    const el = listRef.current?.querySelector<HTMLElement>(`[data-index="${active}"]`);
    el?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active]);

  const choose = (option: SelectOption) => {
    if (props.multiple) {
      const next = selected.includes(option.value)
        ? selected.filter((v) => v !== option.value)
        : [...selected, option.value];
      props.onChange(next);
    } else {
      props.onChange(option.value);
      close(true);
    }
  };

  const move = (delta: number) => {
    if (filtered.length === 0) return;
    setActive((a) => {
      if (a < 0) return delta > 0 ? 0 : filtered.length - 1;
      return Math.min(Math.max(a + delta, 0), filtered.length - 1);
    });
  };

  /** Keys while the list is open; shared by the trigger and the search box. Returns true when handled. */
  const handleOpenKeys = (e: KeyboardEvent) => {
    const activeOption = filtered[active];
    switch (e.key) {
      case 'ArrowDown':
        move(1);
        break;
      case 'ArrowUp':
        move(-1);
        break;
      case 'Home':
        if (searchable) return false;
        setActive(filtered.length > 0 ? 0 : -1);
        break;
      case 'End':
        if (searchable) return false;
        setActive(filtered.length - 1);
        break;
      case 'Enter':
        if (activeOption) choose(activeOption);
        break;
      case ' ':
        if (searchable) return false;
        if (activeOption) choose(activeOption);
        break;
      case 'Escape':
        // Keeps an enclosing Modal open: only the list closes.
        e.stopPropagation();
        close(true);
        break;
      case 'Tab':
        close(false);
        return false;
      default:
        return false;
    }
    e.preventDefault();
    return true;
  };

  const onButtonKeyDown = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (disabled) return;
    if (!open) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp' || e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        openList();
      }
      return;
    }
    handleOpenKeys(e);
  };

  const selectedLabels = options.filter((o) => selected.includes(o.value)).map((o) => o.label);
  let display: string | null = null;
  if (multiple) {
    if (selected.length === 1) display = selectedLabels[0] ?? selected[0] ?? null;
    else if (selected.length > 1) display = `${selected.length} sélectionné(s)`;
  } else if (selected.length > 0) {
    display = selectedLabels[0] ?? null;
  }

  const activeId = open && active >= 0 && active < filtered.length ? optionId(active) : undefined;

  return (
    <div ref={rootRef} className={`relative ${className}`.trim()}>
      <button
        ref={buttonRef}
        id={id}
        type="button"
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? listboxId : undefined}
        aria-activedescendant={searchable ? undefined : activeId}
        aria-label={props['aria-label']}
        aria-describedby={props['aria-describedby']}
        aria-invalid={invalid || undefined}
        disabled={disabled}
        onClick={() => (open ? close(false) : openList())}
        onKeyDown={onButtonKeyDown}
        className={`flex w-full items-center justify-between gap-2 rounded-lg border bg-white px-3 py-2 text-left text-sm shadow-sm focus:outline-none focus:ring-2 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 ${
          invalid
            ? 'border-red-500 focus:border-red-500 focus:ring-red-500/30'
            : 'border-slate-300 focus:border-blue-500 focus:ring-blue-500/30'
        }`}
      >
        <span
          title={typeof display === 'string' ? display : undefined}
          className={`truncate ${display === null ? 'text-slate-500' : 'text-slate-900'}`}
        >
          {display ?? placeholder}
        </span>
        <ChevronDown
          className={`h-4 w-4 shrink-0 text-slate-400 transition-transform ${open ? 'rotate-180' : ''}`}
          aria-hidden="true"
        />
      </button>

      {open && (
        <div className="absolute z-50 mt-1 w-full min-w-48 overflow-hidden rounded-lg border border-slate-200 bg-white shadow-lg">
          {searchable && (
            <div className="relative border-b border-slate-100 p-2">
              <Search
                className="pointer-events-none absolute top-1/2 left-4 h-4 w-4 -translate-y-1/2 text-slate-400"
                aria-hidden="true"
              />
              <input
                ref={searchRef}
                type="text"
                value={query}
                placeholder="Rechercher..."
                aria-label="Rechercher..."
                aria-controls={listboxId}
                aria-activedescendant={activeId}
                aria-autocomplete="list"
                autoComplete="off"
                onChange={(e) => {
                  setQuery(e.target.value);
                  setActive(0);
                }}
                onKeyDown={handleOpenKeys}
                className="block w-full rounded-md border border-slate-300 py-1.5 pr-2 pl-8 text-sm text-slate-900 placeholder:text-slate-500 focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-500/30"
              />
            </div>
          )}
          <div
            ref={listRef}
            id={listboxId}
            role="listbox"
            aria-multiselectable={multiple || undefined}
            aria-label={props['aria-label']}
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
      )}
    </div>
  );
}
