import { ChevronDown } from 'lucide-react';
import { useMemo } from 'react';
import { SelectListbox } from './select-listbox';
import { useSelectList } from './use-select-list';

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

  const list = useSelectList({
    options,
    selected,
    searchable,
    disabled,
    multiple,
    onChoose: (option) => {
      if (props.multiple) {
        const next = selected.includes(option.value)
          ? selected.filter((v) => v !== option.value)
          : [...selected, option.value];
        props.onChange(next);
      } else {
        props.onChange(option.value);
      }
    },
  });
  const { open } = list;

  const selectedLabels = options.filter((o) => selected.includes(o.value)).map((o) => o.label);
  let display: string | null = null;
  if (multiple) {
    if (selected.length === 1) display = selectedLabels[0] ?? selected[0] ?? null;
    else if (selected.length > 1) display = `${selected.length} sélectionné(s)`;
  } else if (selected.length > 0) {
    display = selectedLabels[0] ?? null;
  }

  return (
    <div ref={list.rootRef} className={`relative ${className}`.trim()}>
      <button
        ref={list.buttonRef}
        id={id}
        type="button"
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={open ? list.listboxId : undefined}
        aria-activedescendant={searchable ? undefined : list.activeId}
        aria-label={props['aria-label']}
        aria-describedby={props['aria-describedby']}
        aria-invalid={invalid || undefined}
        disabled={disabled}
        onClick={() => (open ? list.close(false) : list.openList())}
        onKeyDown={list.onButtonKeyDown}
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
        <SelectListbox
          list={list}
          selected={selected}
          multiple={multiple}
          searchable={searchable}
          aria-label={props['aria-label']}
        />
      )}
    </div>
  );
}
