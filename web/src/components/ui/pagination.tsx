import { PAGE_SIZES, paginationSummary } from '@gmao/domain/common/api';
import { ChevronLeft, ChevronRight, ChevronsLeft, ChevronsRight } from 'lucide-react';
import type { ReactNode } from 'react';

export type PageItem = number | 'ellipsis';

/**
 * The page buttons to show: always the first and last page, the current page and its neighbours, and 'ellipsis'
 * for the gaps. The sequence keeps a constant length of 7 once there are more than 7 pages, so the bar does not jump:
 * pageItems(5, 20) → [1, 'ellipsis', 4, 5, 6, 'ellipsis', 20]; pageItems(2, 20) → [1, 2, 3, 4, 5, 'ellipsis', 20].
 */
export function pageItems(page: number, pages: number): PageItem[] {
  const total = Math.max(0, Math.floor(pages));
  if (total <= 7) return Array.from({ length: total }, (_, i) => i + 1);
  const current = Math.min(Math.max(1, Math.floor(page)), total);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
  if (current <= 4) return [...range(1, 5), 'ellipsis', total];
  if (current >= total - 3) return [1, 'ellipsis', ...range(total - 4, total)];
  return [1, 'ellipsis', current - 1, current, current + 1, 'ellipsis', total];
}

export interface PaginationProps {
  page: number;
  limit: number;
  total: number;
  onPageChange: (page: number) => void;
  /** The caller resets the page to 1 (spec §9). */
  onLimitChange: (limit: number) => void;
  pageSizes?: readonly number[];
  /** The total is a lower bound (pagination.capped): "plus de …", and no jump to a last page nobody counted. */
  capped?: boolean;
}

const buttonBase =
  'inline-flex h-9 min-w-9 items-center justify-center rounded-lg border px-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-1';
const navButton = `${buttonBase} border-slate-300 bg-white text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-white`;
const currentButton = `${buttonBase} border-blue-600 bg-blue-600 text-white hover:bg-blue-700`;

function NavButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <button type="button" aria-label={label} title={label} onClick={onClick} disabled={disabled} className={navButton}>
      {children}
    </button>
  );
}

export function Pagination({
  page,
  limit,
  total,
  onPageChange,
  onLimitChange,
  pageSizes = PAGE_SIZES,
  capped = false,
}: PaginationProps) {
  const pages = limit > 0 ? Math.ceil(total / limit) : 0;
  if (pages <= 1) return null;
  const current = Math.min(Math.max(1, page), pages);
  const from = (current - 1) * limit + 1;
  const to = Math.min(current * limit, total);
  const go = (p: number) => {
    if (p !== current && p >= 1 && p <= pages) onPageChange(p);
  };
  const sizes = pageSizes.includes(limit) ? pageSizes : [...pageSizes, limit].sort((a, b) => a - b);

  return (
    <div className="flex flex-col gap-3 px-1 pt-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-center gap-3">
        <p className="text-sm text-slate-600">{paginationSummary(from, to, total, capped)}</p>
        <select
          aria-label="Résultats par page"
          value={limit}
          onChange={(e) => onLimitChange(Number(e.target.value))}
          className="rounded-lg border border-slate-300 bg-white py-1.5 pr-8 pl-2 text-sm text-slate-700 focus:border-blue-500 focus:outline-none focus:ring-2 focus:ring-blue-500/30"
        >
          {sizes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      <nav aria-label="Pagination">
        <ul className="flex flex-wrap items-center gap-1">
          <li>
            <NavButton label="Première page" onClick={() => go(1)} disabled={current === 1}>
              <ChevronsLeft className="h-4 w-4" aria-hidden="true" />
            </NavButton>
          </li>
          <li>
            <NavButton label="Page précédente" onClick={() => go(current - 1)} disabled={current === 1}>
              <ChevronLeft className="h-4 w-4" aria-hidden="true" />
            </NavButton>
          </li>
          {pageItems(current, pages).map((item, i) =>
            item === 'ellipsis' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: at most two ellipses, told apart by position.
              <li key={`ellipsis-${i}`} aria-hidden="true" className="px-1 text-sm text-slate-400">
                …
              </li>
            ) : (
              <li key={item}>
                <button
                  type="button"
                  aria-label={`Page ${item}`}
                  aria-current={item === current ? 'page' : undefined}
                  onClick={() => go(item)}
                  className={item === current ? currentButton : navButton}
                >
                  {item}
                </button>
              </li>
            ),
          )}
          <li>
            <NavButton label="Page suivante" onClick={() => go(current + 1)} disabled={current === pages}>
              <ChevronRight className="h-4 w-4" aria-hidden="true" />
            </NavButton>
          </li>
          <li>
            <NavButton label="Dernière page" onClick={() => go(pages)} disabled={capped || current === pages}>
              <ChevronsRight className="h-4 w-4" aria-hidden="true" />
            </NavButton>
          </li>
        </ul>
      </nav>
    </div>
  );
}
