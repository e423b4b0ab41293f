import { Menu, Search } from 'lucide-react';
import { useState } from 'react';
import { NotificationBell } from './notification-bell';
import { UserMenu } from './user-menu';

export const GLOBAL_SEARCH_PLACEHOLDER = 'Rechercher équipements, clients, interventions...';

export function TopBar({ onOpenMobileMenu, onLogout }: { onOpenMobileMenu: () => void; onLogout: () => void }) {
  const [query, setQuery] = useState('');
  return (
    <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4">
      <button
        type="button"
        onClick={onOpenMobileMenu}
        className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 lg:hidden"
        aria-label="Ouvrir le menu"
      >
        <Menu className="h-5 w-5" aria-hidden="true" />
      </button>
      <search className="max-w-xl flex-1">
        <form
          className="relative"
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
            placeholder={GLOBAL_SEARCH_PLACEHOLDER}
            aria-label="Recherche globale"
            className="w-full rounded-lg border border-slate-200 bg-slate-50 py-2 pl-9 pr-3 text-sm focus:border-blue-500 focus:bg-white focus:outline-none focus:ring-2 focus:ring-blue-200"
          />
        </form>
      </search>
      <div className="ml-auto flex items-center gap-2">
        <NotificationBell />
        <UserMenu onLogout={onLogout} />
      </div>
    </header>
  );
}
