import { Search, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface SearchInputProps {
  value: string;
  /** Called `delay` ms after the last keystroke, or at once when the clear button is used. */
  onChange: (value: string) => void;
  placeholder?: string;
  delay?: number;
  'aria-label'?: string;
  id?: string;
  className?: string;
}

export function SearchInput({
  value,
  onChange,
  placeholder = 'Rechercher...',
  delay = 300,
  'aria-label': ariaLabel,
  id,
  className = '',
}: SearchInputProps) {
  const [text, setText] = useState(value);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  /** The last value this input reported; a `value` prop equal to it is our own echo, not an outside change. */
  const emitted = useRef(value);

  const cancel = useCallback(() => {
    if (timer.current !== null) {
      clearTimeout(timer.current);
      timer.current = null;
    }
  }, []);

  // Outside change (e.g. a filter reset): take it over and drop any pending report.
  useEffect(() => {
    if (value === emitted.current) return;
    emitted.current = value;
    cancel();
    setText(value);
  }, [value, cancel]);

  useEffect(() => cancel, [cancel]);

  const emit = (next: string) => {
    emitted.current = next;
    onChangeRef.current(next);
  };

  const clear = () => {
    cancel();
    setText('');
    emit('');
    inputRef.current?.focus();
  };

  return (
    <div className={`relative ${className}`.trim()}>
      <Search
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
        aria-hidden="true"
      />
      <input
        ref={inputRef}
        id={id}
        type="search"
        value={text}
        placeholder={placeholder}
        aria-label={ariaLabel ?? placeholder}
        autoComplete="off"
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          cancel();
          timer.current = setTimeout(() => {
            timer.current = null;
            if (next !== emitted.current) emit(next);
          }, delay);
        }}
        className="block w-full rounded-lg border border-slate-300 bg-white py-2 pr-9 pl-9 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-500/30 [&::-webkit-search-cancel-button]:appearance-none"
      />
      {text !== '' && (
        <button
          type="button"
          aria-label="Effacer la recherche"
          onClick={clear}
          className="absolute top-1/2 right-2 -translate-y-1/2 rounded-md p-1 text-slate-400 transition-colors hover:bg-slate-100 hover:text-slate-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
