import type { KeyboardEvent, ReactNode } from 'react';

export interface StockTab<Id extends string> {
  id: Id;
  label: string;
  render: () => ReactNode;
}

/**
 * The /stock sections as WAI-ARIA tabs (the dashboard's pattern): arrows, Home and End move between tabs, one tab
 * stop for the bar; the selected panel alone is rendered.
 */
export function StockTabs<Id extends string>({
  tabs,
  active,
  onSelect,
  label,
}: {
  tabs: StockTab<Id>[];
  active: Id;
  onSelect: (id: Id) => void;
  label: string;
}) {
  const current = tabs.find((t) => t.id === active) ?? tabs[0];
  if (!current) return null;
  const onKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    const i = tabs.findIndex((t) => t.id === current.id);
    const next = { ArrowRight: i + 1, ArrowLeft: i - 1, Home: 0, End: tabs.length - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const target = tabs[(next + tabs.length) % tabs.length];
    if (!target) return;
    onSelect(target.id);
    document.getElementById(`stock-tab-${target.id}`)?.focus();
  };
  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className="mb-6 flex flex-nowrap gap-1 overflow-x-auto border-b border-slate-200"
      >
        {tabs.map((t) => {
          const selected = t.id === current.id;
          return (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`stock-tab-${t.id}`}
              aria-selected={selected}
              aria-controls={`stock-panel-${t.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onSelect(t.id)}
              onKeyDown={onKey}
              className={`-mb-px whitespace-nowrap border-b-2 px-4 py-2.5 text-sm font-medium ${
                selected ? 'border-blue-700 text-blue-700' : 'border-transparent text-slate-600 hover:text-slate-900'
              }`}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={`stock-panel-${current.id}`}
        aria-labelledby={`stock-tab-${current.id}`}
        key={current.id}
        className="space-y-6"
      >
        {current.render()}
      </div>
    </div>
  );
}
