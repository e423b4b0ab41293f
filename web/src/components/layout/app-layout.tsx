import { COPYRIGHT_YEAR } from '@gmao/domain/format/format';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { OfflineBanner } from './offline-banner';
import { PageLoader } from './page-loader';
import { PREFERENCES, usePreference, writePreference } from './preferences';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

export function AppLayout({
  onLogout,
  children,
  bell,
}: {
  onLogout: () => void;
  children?: ReactNode;
  /** The top bar's notification bell (composed by the app layer). */
  bell?: ReactNode;
}) {
  const collapsed = usePreference(PREFERENCES.sidebarCollapsed) === '1';
  const reduceMotion = usePreference(PREFERENCES.reduceMotion) === '1';
  const [mobileOpen, setMobileOpen] = useState(false);
  useEffect(() => {
    if (!mobileOpen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setMobileOpen(false);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [mobileOpen]);
  const toggle = () => writePreference(PREFERENCES.sidebarCollapsed, collapsed ? '0' : '1');
  useEffect(() => {
    if (reduceMotion) document.documentElement.dataset.reduceMotion = 'true';
    else delete document.documentElement.dataset.reduceMotion;
  }, [reduceMotion]);

  return (
    <div className="flex h-full">
      <Sidebar
        collapsed={collapsed}
        onToggleCollapsed={toggle}
        mobileOpen={mobileOpen}
        onCloseMobile={() => setMobileOpen(false)}
      />
      <div className="flex min-w-0 flex-1 flex-col overflow-hidden">
        <TopBar onOpenMobileMenu={() => setMobileOpen(true)} onLogout={onLogout} bell={bell} />
        <OfflineBanner />
        <main id="contenu" className="relative flex-1 overflow-y-auto p-4 sm:p-6">
          <Suspense fallback={<PageLoader />}>{children ?? <Outlet />}</Suspense>
        </main>
        <footer className="border-t border-slate-200 bg-white px-4 py-2 text-center text-xs text-slate-500 sm:px-6 sm:py-3">
          © {COPYRIGHT_YEAR} GMAO
          <span className="hidden sm:inline"> — Gestion de maintenance assistée par ordinateur</span>. Tous droits
          réservés.
        </footer>
      </div>
    </div>
  );
}
