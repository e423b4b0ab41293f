import { PORTAL_MESSAGES as M } from '@gmao/domain/portal/portal-messages';
import { LogOut } from 'lucide-react';
import { Suspense } from 'react';
import { NavLink, Outlet } from 'react-router';
import { PageLoader } from '../../../components/layout/page-loader';
import { paths } from '../../../lib/paths';
import { usePortalMe } from '../api/get-portal-data';

const NAV = [
  { to: paths.portal, label: M.nav.dashboard, end: true },
  { to: paths.portalEquipment, label: M.nav.equipment, end: false },
  { to: paths.portalInterventions, label: M.nav.interventions, end: false },
  { to: paths.portalContract, label: M.nav.contract, end: false },
  { to: paths.portalRequests, label: M.nav.requests, end: false },
] as const;

const tab = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center whitespace-nowrap border-b-2 px-3 text-sm font-medium ${
    isActive ? 'border-blue-700 text-blue-800' : 'border-transparent text-slate-600 hover:text-slate-900'
  }`;

/**
 * The client portal's own frame (issue 33): the company's name, five tabs, the account's logout — no internal
 * sidebar, search or bell. Phone first: the tabs scroll sideways on a narrow screen.
 */
export function PortalLayout({ onLogout }: { onLogout: () => void }) {
  const me = usePortalMe().data?.data;
  return (
    <div className="min-h-dvh bg-slate-50">
      <a href="#contenu" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50">
        Aller au contenu
      </a>
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-3">
          <div className="min-w-0">
            <p className="text-xs uppercase tracking-wide text-slate-500">{me?.prestataire ?? M.title}</p>
            <p className="truncate text-lg font-semibold text-slate-900">{me?.entreprise.nom ?? '…'}</p>
          </div>
          <button
            type="button"
            onClick={onLogout}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm text-slate-700 hover:bg-slate-100"
          >
            <LogOut className="h-4 w-4" aria-hidden="true" /> {M.logout}
          </button>
        </div>
        <nav aria-label={M.title} className="mx-auto max-w-5xl overflow-x-auto px-2">
          <ul className="flex gap-1">
            {NAV.map((n) => (
              <li key={n.to}>
                <NavLink to={n.to} end={n.end} className={tab}>
                  {n.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="contenu" className="mx-auto max-w-5xl px-4 py-6">
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
