import { displayName, displayRole, initials } from '@gmao/domain/auth/user';
import { ChevronDown, LogOut, Settings, User } from 'lucide-react';
import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { useDismiss } from './use-dismiss';

export function UserMenu({ onLogout }: { onLogout: () => void }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);
  const itemBase = 'flex w-full items-center gap-2 px-4 py-2 text-left text-sm hover:bg-slate-50';
  const item = `${itemBase} text-slate-700`;

  return (
    <div className="relative" ref={ref}>
      <button
        type="button"
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-2 rounded-lg p-1.5 hover:bg-slate-100"
        aria-label="Menu utilisateur"
        aria-expanded={open}
        aria-haspopup="menu"
      >
        <span
          className="flex h-8 w-8 items-center justify-center rounded-full bg-blue-700 text-sm font-semibold text-white"
          aria-hidden="true"
        >
          {initials(displayName(user))}
        </span>
        <span className="hidden text-left sm:block">
          <span className="block text-sm font-medium text-slate-900">{displayName(user)}</span>
          <span className="block text-xs text-slate-500">{displayRole(user)}</span>
        </span>
        <ChevronDown className="h-4 w-4 text-slate-500" aria-hidden="true" />
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 z-50 mt-2 w-52 rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
        >
          {/* Phones show only the avatar in the bar: say who is connected here. */}
          <div role="none" className="border-b border-slate-100 px-4 py-2 sm:hidden">
            <p className="truncate text-sm font-medium text-slate-900">{displayName(user)}</p>
            <p className="truncate text-xs text-slate-500">{displayRole(user)}</p>
          </div>
          <Link role="menuitem" to={paths.profile} className={item} onClick={close}>
            <User className="h-4 w-4" aria-hidden="true" /> Mon profil
          </Link>
          <Link role="menuitem" to={paths.settings} className={item} onClick={close}>
            <Settings className="h-4 w-4" aria-hidden="true" /> Paramètres
          </Link>
          <button
            role="menuitem"
            type="button"
            className={`${itemBase} border-t border-slate-100 text-red-700`}
            onClick={() => {
              close();
              onLogout();
            }}
          >
            <LogOut className="h-4 w-4" aria-hidden="true" /> Déconnexion
          </button>
        </div>
      )}
    </div>
  );
}
