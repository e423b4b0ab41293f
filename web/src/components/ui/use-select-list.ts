import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { SelectOption } from './select';

/** Lower-case, accent-free form used for searching ('équipement' matches 'equip'). */
export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * The Select's open list: its search, the active option (aria-activedescendant, the focus stays on the trigger or
 * the search box), outside clicks and the keyboard. `onChoose` applies a choice; a single select then closes.
 */
/** A pause longer than this starts a new type-ahead prefix (the usual listbox behaviour). */
const TYPE_AHEAD_RESET_MS = 1000;

/** A key that types a character (not a shortcut, not a named key such as 'Enter'). */
function isPrintable(e: KeyboardEvent): boolean {
  return e.key.length === 1 && e.key !== ' ' && !e.ctrlKey && !e.metaKey && !e.altKey;
}

export function useSelectList({
  options,
  selected,
  searchable,
  disabled,
  multiple,
  onChoose,
}: {
  options: SelectOption[];
  selected: string[];
  searchable: boolean;
  disabled: boolean;
  multiple: boolean;
  onChoose: (option: SelectOption) => void;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(-1);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  // Type-ahead of a list without a search box: the letters typed in a row (WAI-ARIA listbox pattern).
  const typed = useRef({ text: '', at: 0 });
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
    typed.current = { text: '', at: 0 };
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
    onChoose(option);
    // A multiple select stays open to pick more.
    if (!multiple) close(true);
  };

  const move = (delta: number) => {
    if (filtered.length === 0) return;
    setActive((a) => {
      if (a < 0) return delta > 0 ? 0 : filtered.length - 1;
      return Math.min(Math.max(a + delta, 0), filtered.length - 1);
    });
  };

  /**
   * Type-ahead (no search box): the letters typed within a second of each other make a prefix; the first option
   * whose label starts with it (accent- and case-insensitively) becomes active, else the first that contains it.
   * One letter typed again moves on to the next option starting with it.
   */
  const typeAhead = (key: string, from: number) => {
    const now = Date.now();
    const prev = typed.current;
    const text = now - prev.at > TYPE_AHEAD_RESET_MS ? key : prev.text + key;
    typed.current = { text, at: now };
    const q = fold(text);
    const repeated = q.length > 1 && [...q].every((c) => c === q[0]);
    const needle = repeated ? q.charAt(0) : q;
    const start = needle.length === 1 ? from + 1 : Math.max(from, 0);
    const order = options.map((_, i) => (start + i) % options.length);
    const hit =
      order.find((i) => fold(options[i]?.label ?? '').startsWith(needle)) ??
      order.find((i) => fold(options[i]?.label ?? '').includes(needle));
    if (hit !== undefined) setActive(hit);
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
        if (searchable || !isPrintable(e)) return false;
        typeAhead(e.key, active);
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
      } else if (isPrintable(e)) {
        // Typing on a closed list opens it: into its search box, or moving to the first matching option.
        e.preventDefault();
        openList();
        if (searchable) search(e.key);
        else typeAhead(e.key, -1);
      }
      return;
    }
    handleOpenKeys(e);
  };

  /** Typing in the search box filters the options and makes the first one active. */
  const search = (next: string) => {
    setQuery(next);
    setActive(0);
  };

  const activeId = open && active >= 0 && active < filtered.length ? optionId(active) : undefined;

  return {
    open,
    query,
    active,
    setActive,
    filtered,
    rootRef,
    buttonRef,
    searchRef,
    listRef,
    listboxId,
    optionId,
    activeId,
    close,
    openList,
    choose,
    search,
    handleOpenKeys,
    onButtonKeyDown,
  };
}

export type SelectList = ReturnType<typeof useSelectList>;
