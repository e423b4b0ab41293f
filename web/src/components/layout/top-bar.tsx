import { Menu, Search, X } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { GlobalSearch } from './global-search';
import { UserMenu } from './user-menu';

export { GLOBAL_SEARCH_PLACEHOLDER } from './global-search';

export function TopBar({
  onOpenMobileMenu,
  onLogout,
  bell,
}: {
  onOpenMobileMenu: () => void;
  onLogout: () => void;
  /** The notification bell, composed by the app layer (features/notifications). */
  bell?: ReactNode;
}) {
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
        <GlobalSearch inputRef={input} onEscape={() => setSearchOpen(false)} />
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
        {bell}
        <UserMenu onLogout={onLogout} />
      </div>
    </header>
  );
}
