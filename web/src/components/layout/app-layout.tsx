import { LAYOUT_LABELS } from '@gmao/domain/common/messages';
import { COPYRIGHT_YEAR } from '@gmao/domain/format/format';
import { type ReactNode, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { OfflineBanner } from './offline-banner';
import { OutboxBanner } from './outbox-banner';
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
      {/* Skip link: the first focusable element, shown when focused; moves the focus to the page's content. */}
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is an in-page link; the click moves the focus without adding '#contenu' to the route. */}
      <a
        href="#contenu"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('contenu')?.focus();
        }}
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[100] focus:rounded-lg focus:bg-white focus:px-4 focus:py-3 focus:text-sm focus:font-medium focus:text-blue-700 focus:shadow-lg focus:ring-2 focus:ring-blue-500"
      >
        {LAYOUT_LABELS.skipToContent}
      </a>
      <Sidebar
        collapsed={collapsed}
        onToggleCollapsed={toggle}
        mobileOpen={mobileOpen}
        onCloseMobile={() => setMobileOpen(false)}
      />
      <div className="flex min-w-0 flex-1 flex-col overflow-hidden">
        <TopBar onOpenMobileMenu={() => setMobileOpen(true)} onLogout={onLogout} bell={bell} />
        <OfflineBanner />
        <OutboxBanner />
        <main id="contenu" tabIndex={-1} className="relative flex-1 overflow-y-auto p-4 focus:outline-none sm:p-6">
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
