import { SEARCH_MESSAGES as M, SEARCH_MIN_LENGTH } from '@gmao/domain/search/search-messages';
import type { SearchResult } from '@gmao/domain/search/search-schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { type RefObject, useEffect, useId, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { api, type Envelope } from '../../lib/api-client';
import { clientPath, equipmentPath, interventionPath } from '../../lib/paths';
import { queryRoots } from '../../lib/query-keys';

export const GLOBAL_SEARCH_PLACEHOLDER = M.placeholder;
const DEBOUNCE_MS = 250;

interface Option {
  key: string;
  group: keyof typeof M.groups;
  label: string;
  detail: string;
  href: string;
}

function optionsOf(r: SearchResult | undefined): Option[] {
  if (!r) return [];
  const join = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');
  return [
    ...r.equipment.map((e) => ({
      key: `e${e.id}`,
      group: 'equipment' as const,
      label: e.nom,
      detail: join(e.marque, e.modele, e.numero_serie, e.client),
      href: equipmentPath(e.id),
    })),
    ...r.clients.map((c) => ({
      key: `c${c.id}`,
      group: 'clients' as const,
      label: c.nom_entreprise,
      detail: join(c.ville, c.ice ? `ICE ${c.ice}` : null),
      href: clientPath(c.id),
    })),
    ...r.interventions.map((i) => ({
      key: `i${i.id}`,
      group: 'interventions' as const,
      label: `#${i.id} — ${i.equipement}`,
      detail: join(i.client, i.description),
      href: interventionPath(i.id),
    })),
  ];
}

function useDebounced(value: string, ms: number) {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The top bar's global search (spec §2 placeholder; issue 15): a WAI-ARIA combobox over GET /api/search, debounced,
 * results grouped (équipements, clients, interventions) and opened with the keyboard (arrows, Enter, Escape) or a
 * click on their own address.
 */
export function GlobalSearch({
  inputRef,
  onEscape,
}: {
  inputRef?: RefObject<HTMLInputElement | null>;
  onEscape?: () => void;
}) {
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useDebounced(text.trim(), DEBOUNCE_MS);
  const enabled = q.length >= SEARCH_MIN_LENGTH;
  const query = useQuery({
    queryKey: [...queryRoots.search, q],
    queryFn: async () => (await api.get<Envelope<SearchResult>>('/search', { query: { q }, silent: true })).data,
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const options = useMemo(() => (enabled ? optionsOf(query.data) : []), [enabled, query.data]);
  const shown = open && text.trim().length >= SEARCH_MIN_LENGTH;

  const go = (o: Option | undefined) => {
    if (!o) return;
    setOpen(false);
    setText('');
    void navigate(o.href);
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (a + step + options.length) % options.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      go(options[Math.max(active, 0)]);
    } else if (e.key === 'Escape') {
      if (shown) setOpen(false);
      else onEscape?.();
    }
  };
  const optionId = (i: number) => `${listId}-o${i}`;
  const groups = (Object.keys(M.groups) as Option['group'][])
    .map((g) => ({ g, items: options.map((o, i) => ({ o, i })).filter(({ o }) => o.group === g) }))
    .filter((x) => x.items.length > 0);

  return (
    <div className="relative flex-1">
      <Search
        className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
        aria-hidden="true"
      />
      <input
        ref={inputRef}
        type="search"
        role="combobox"
        aria-label="Recherche globale"
        aria-expanded={shown}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(-1);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        placeholder={GLOBAL_SEARCH_PLACEHOLDER}
        title={GLOBAL_SEARCH_PLACEHOLDER}
        className="w-full rounded-lg border border-slate-200 bg-slate-50 py-2 pl-9 pr-3 text-sm focus:border-blue-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-blue-200"
      />
      <div
        id={listId}
        role="listbox"
        aria-label="Résultats de la recherche"
        hidden={!shown}
        className="absolute inset-x-0 top-full z-50 mt-1 max-h-[70vh] overflow-y-auto rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
      >
        {query.isError ? (
          <p className="px-4 py-3 text-sm text-red-700">{M.error}</p>
        ) : groups.length === 0 ? (
          <p className="px-4 py-3 text-sm text-slate-500">
            {query.isFetching || q !== text.trim() ? 'Recherche…' : M.empty}
          </p>
        ) : (
          groups.map(({ g, items }) => (
            // biome-ignore lint/a11y/useSemanticElements: a group of options inside a listbox (WAI-ARIA combobox pattern); a fieldset is not allowed there
            <div key={g} role="group" aria-label={M.groups[g]}>
              <p
                className="px-4 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500"
                aria-hidden="true"
              >
                {M.groups[g]}
              </p>
              {items.map(({ o, i }) => (
                <div
                  key={o.key}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === active}
                  tabIndex={-1}
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => go(o)}
                  onKeyDown={() => {}}
                  onMouseEnter={() => setActive(i)}
                  className={`flex min-h-11 cursor-pointer flex-col justify-center px-4 py-1.5 ${i === active ? 'bg-blue-50' : ''}`}
                >
                  <span className="truncate text-sm font-medium text-slate-900">{o.label}</span>
                  {o.detail && <span className="truncate text-xs text-slate-500">{o.detail}</span>}
                </div>
              ))}
            </div>
          ))
        )}
      </div>
      <p className="sr-only" aria-live="polite">
        {shown && !query.isFetching ? `${options.length} résultat${options.length > 1 ? 's' : ''}` : ''}
      </p>
    </div>
  );
}
