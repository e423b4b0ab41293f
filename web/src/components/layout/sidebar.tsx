import { PERMISSIONS } from '@gmao/domain/auth/permissions';
import { displayName, displayRole, initials } from '@gmao/domain/auth/user';
import { NAV_TITLES } from '@gmao/domain/common/nav-titles';
import { APP_VERSION } from '@gmao/domain/format/format';
import { ChevronsLeft, ChevronsRight, X, Zap } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { NavLink } from 'react-router';
import { paths } from '../../lib/paths';
import { usePermissions, useSession } from '../../lib/session';
import { ADMINISTRATION, NAVIGATION, type NavItem } from './nav-items';
import { useNewRequests } from './use-new-requests';
import { usePendingRegistrations } from './use-pending-registrations';

interface SidebarProps {
  collapsed: boolean;
  onToggleCollapsed: () => void;
  mobileOpen: boolean;
  onCloseMobile: () => void;
}

function NavSection({
  title,
  items,
  collapsed,
  onNavigate,
}: {
  title: string;
  items: NavItem[];
  collapsed: boolean;
  onNavigate: () => void;
}) {
  if (items.length === 0) return null;
  return (
    <div className="mb-6">
      <p
        className={`mb-2 px-3 text-xs font-semibold uppercase tracking-wider text-blue-300 ${collapsed ? 'lg:sr-only' : ''}`}
      >
        {title}
      </p>
      <ul className="space-y-1">
        {items.map(({ to, label, icon: Icon, badge, badgeLabel }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={to === '/'}
              onClick={onNavigate}
              title={collapsed ? label : undefined}
              className={({ isActive }) =>
                `flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors ${
                  isActive ? 'bg-blue-700 text-white' : 'text-blue-100 hover:bg-blue-900 hover:text-white'
                } ${collapsed ? 'lg:justify-center' : ''}`
              }
            >
              <span className="relative shrink-0">
                <Icon className="h-5 w-5" aria-hidden="true" />
                {badge ? (
                  <span
                    className={`absolute -top-1.5 -right-1.5 h-2.5 w-2.5 rounded-full bg-amber-400 ${collapsed ? 'lg:block' : 'hidden'}`}
                    aria-hidden="true"
                  />
                ) : null}
              </span>
              <span className={collapsed ? 'lg:sr-only' : ''}>{label}</span>
              {badge ? (
                <span
                  className={`ml-auto rounded-full bg-amber-400 px-2 py-0.5 text-xs font-semibold text-blue-950 ${collapsed ? 'lg:sr-only' : ''}`}
                >
                  {badge}
                  <span className="sr-only"> {badgeLabel ?? "demande(s) d'accès en attente"}</span>
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Below Tailwind's `lg` the sidebar is a slide-in menu, hidden until opened. False without matchMedia (tests). */
const OFF_CANVAS = '(max-width: 1023px)';
const offCanvasQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(OFF_CANVAS) : null);
function useOffCanvas(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mq = offCanvasQuery();
      mq?.addEventListener('change', onChange);
      return () => mq?.removeEventListener('change', onChange);
    },
    () => offCanvasQuery()?.matches ?? false,
    () => false,
  );
}

export function Sidebar({ collapsed, onToggleCollapsed, mobileOpen, onCloseMobile }: SidebarProps) {
  // Issue 30: on a phone the menu is hidden until opened; its ~25 links and its two badge counts are rendered and
  // fetched once it has been opened, not while the page a phone waits for loads (the links' render and the counts'
  // requests were part of every page's start).
  const offCanvas = useOffCanvas();
  const [opened, setOpened] = useState(false);
  if (mobileOpen && !opened) setOpened(true);
  const showNav = !offCanvas || opened;
  // The phone slide-in takes the focus when it opens, so keyboard and screen-reader users land in the menu.
  const closeButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (mobileOpen) closeButton.current?.focus();
  }, [mobileOpen]);
  const { user } = useSession();
  const { can, isAdmin } = usePermissions();
  const newRequests = useNewRequests(showNav && can(PERMISSIONS.REQUESTS_MANAGE));
  const navigation = NAVIGATION.filter(
    (item) => (!item.permission || can(item.permission)) && (!user?.limitedToSections || item.sectionScoped),
  ).map((item) =>
    item.to === paths.requests ? { ...item, badge: newRequests, badgeLabel: NAV_TITLES.requestsBadge } : item,
  );
  const pending = usePendingRegistrations(showNav && isAdmin);
  const administration = isAdmin
    ? ADMINISTRATION.map((item) => (item.to === paths.users ? { ...item, badge: pending } : item))
    : [];

  return (
    <>
      {mobileOpen && (
        <div className="fixed inset-0 z-30 bg-slate-900/50 lg:hidden" onClick={onCloseMobile} aria-hidden="true" />
      )}
      <aside
        aria-label="Barre latérale"
        className={`fixed inset-y-0 left-0 z-40 flex flex-col bg-blue-950 text-white transition-all duration-200 lg:static lg:translate-x-0 ${
          mobileOpen ? 'translate-x-0' : 'invisible -translate-x-full lg:visible'
        } ${collapsed ? 'w-64 lg:w-20' : 'w-64'}`}
      >
        <div className="flex h-16 items-center justify-between px-4">
          <div className="flex items-center gap-2 text-lg font-bold">
            <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-amber-400 text-blue-950">
              <Zap className="h-5 w-5" aria-hidden="true" />
            </span>
            <span className={collapsed ? 'lg:hidden' : ''}>GMAO</span>
          </div>
          <button
            ref={closeButton}
            type="button"
            onClick={onCloseMobile}
            className="rounded p-1 text-blue-200 hover:text-white lg:hidden"
            aria-label="Fermer le menu"
          >
            <X className="h-5 w-5" aria-hidden="true" />
          </button>
        </div>
        <nav aria-label="Navigation principale" className="flex-1 overflow-y-auto px-3 py-4">
          {showNav && (
            <>
              <NavSection title="Navigation" items={navigation} collapsed={collapsed} onNavigate={onCloseMobile} />
              <NavSection
                title="Administration"
                items={administration}
                collapsed={collapsed}
                onNavigate={onCloseMobile}
              />
            </>
          )}
        </nav>
        <div className="border-t border-blue-900 p-3">
          <div
            className={`flex items-center gap-3 rounded-lg bg-blue-900/60 p-2 ${collapsed ? 'lg:justify-center' : ''}`}
          >
            <span
              className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-blue-600 text-sm font-semibold"
              aria-hidden="true"
            >
              {initials(displayName(user))}
            </span>
            <div className={`min-w-0 ${collapsed ? 'lg:hidden' : ''}`}>
              <p className="truncate text-sm font-medium">{displayName(user)}</p>
              <p className="truncate text-xs text-blue-300">{displayRole(user)}</p>
            </div>
          </div>
          <div
            className={`mt-2 flex items-center justify-between px-1 text-xs text-blue-300 ${collapsed ? 'lg:justify-center' : ''}`}
          >
            <span className={collapsed ? 'lg:hidden' : ''}>Version {APP_VERSION}</span>
            <button
              type="button"
              onClick={onToggleCollapsed}
              className="hidden rounded p-1 hover:bg-blue-900 hover:text-white lg:block"
              aria-label={collapsed ? 'Déplier la barre latérale' : 'Replier la barre latérale'}
              aria-expanded={!collapsed}
            >
              {collapsed ? (
                <ChevronsRight className="h-4 w-4" aria-hidden="true" />
              ) : (
                <ChevronsLeft className="h-4 w-4" aria-hidden="true" />
              )}
            </button>
          </div>
        </div>
      </aside>
    </>
  );
}
