import { Menu, Search, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { NotificationBell } from './notification-bell';
import { UserMenu } from './user-menu';

export const GLOBAL_SEARCH_PLACEHOLDER = 'Rechercher équipements, clients, interventions...';

export function TopBar({ onOpenMobileMenu, onLogout }: { onOpenMobileMenu: () => void; onLogout: () => void }) {
  const [query, setQuery] = useState('');
  // Phones: the search box opens over the bar from an icon, instead of a field too narrow for its placeholder.
  const [searchOpen, setSearchOpen] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (searchOpen) input.current?.focus();
  }, [searchOpen]);
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4">
      <button
        type="button"
        onClick={onOpenMobileMenu}
        className={`rounded-lg p-2 text-slate-600 hover:bg-slate-100 lg:hidden ${searchOpen ? 'hidden' : ''}`}
        aria-label="Ouvrir le menu"
      >
        <Menu className="h-5 w-5" aria-hidden="true" />
      </button>
      <search className={`max-w-xl flex-1 ${searchOpen ? 'flex items-center gap-2' : 'hidden sm:block'}`}>
        <form
          className="relative flex-1"
          onSubmit={(e) => {
            e.preventDefault();
            // Spec §2: the global search has no effect beyond being logged.
            console.info('Recherche globale :', query);
          }}
        >
          <Search
            className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400"
            aria-hidden="true"
          />
          <input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && setSearchOpen(false)}
            placeholder={GLOBAL_SEARCH_PLACEHOLDER}
            aria-label="Recherche globale"
            ref={input}
            className="w-full rounded-lg border border-slate-200 bg-slate-50 py-2 pl-9 pr-3 text-sm focus:border-blue-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-blue-200"
          />
        </form>
        {searchOpen && (
          <button
            type="button"
            onClick={() => setSearchOpen(false)}
            className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 sm:hidden"
            aria-label="Fermer la recherche"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </button>
        )}
      </search>
      <div className={`ml-auto items-center gap-2 ${searchOpen ? 'hidden sm:flex' : 'flex'}`}>
        <button
          type="button"
          onClick={() => setSearchOpen(true)}
          className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 sm:hidden"
          aria-label="Rechercher"
        >
          <Search className="h-5 w-5" aria-hidden="true" />
        </button>
        <NotificationBell />
        <UserMenu onLogout={onLogout} />
      </div>
    </header>
  );
}
