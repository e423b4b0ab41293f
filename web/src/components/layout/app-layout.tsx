import { COPYRIGHT_YEAR } from '@gmao/domain/format/format';
import { type ReactNode, Suspense, useState } from 'react';
import { Outlet } from 'react-router';
import { PageLoader } from './page-loader';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

const COLLAPSED_KEY = 'sidebar_collapsed';

export function AppLayout({ onLogout, children }: { onLogout: () => void; children?: ReactNode }) {
  const [collapsed, setCollapsed] = useState(() => localStorage.getItem(COLLAPSED_KEY) === '1');
  const [mobileOpen, setMobileOpen] = useState(false);
  const toggle = () =>
    setCollapsed((c) => {
      localStorage.setItem(COLLAPSED_KEY, c ? '0' : '1');
      return !c;
    });

  return (
    <div className="flex h-full">
      <Sidebar
        collapsed={collapsed}
        onToggleCollapsed={toggle}
        mobileOpen={mobileOpen}
        onCloseMobile={() => setMobileOpen(false)}
      />
      <div className="flex min-w-0 flex-1 flex-col overflow-hidden">
        <TopBar onOpenMobileMenu={() => setMobileOpen(true)} onLogout={onLogout} />
        <main id="contenu" className="flex-1 overflow-y-auto p-4 sm:p-6">
          <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>
        </main>
        <footer className="border-t border-slate-200 bg-white px-6 py-3 text-center text-xs text-slate-500">
          © {COPYRIGHT_YEAR} GMAO — Gestion de maintenance assistée par ordinateur. Tous droits réservés.
        </footer>
      </div>
    </div>
  );
}
