import { PWA_MESSAGES } from '@gmao/domain/interventions/offline-messages';
import { useEffect, useState } from 'react';
import { isIosBrowser, registerServiceWorker, requestPersistentStorage } from '../../lib/offline/pwa';
import { pageUp } from '../../lib/page-up';
import { useSession } from '../../lib/session';

interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
}

const isPhone = () => typeof window !== 'undefined' && window.matchMedia?.('(max-width: 767px)').matches === true;
const isInstalled = () => window.matchMedia?.('(display-mode: standalone)').matches === true;

/**
 * Issue 32: "Nouvelle version disponible — Recharger" when a new version is deployed, the "Installer l'application"
 * hint on phones (the browser's prompt where it exists, a text on iOS), persistent storage asked for technicians.
 * Overlaid at the bottom of the screen (fixed): nothing in the page moves when it appears.
 */
export function PwaPrompts() {
  const { user } = useSession();
  const [applyUpdate, setApplyUpdate] = useState<(() => void) | null>(null);
  const [installEvent, setInstallEvent] = useState<InstallPromptEvent | null>(null);
  const [iosHint, setIosHint] = useState(false);
  const [dismissed, setDismissed] = useState(false);

  // Once the page is up: the worker's install downloads the whole app (~1.5 MB), after what the user opened.
  useEffect(() => {
    let live = true;
    void pageUp().then(() => {
      if (live) void registerServiceWorker((apply) => setApplyUpdate(() => apply));
    });
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const onPrompt = (e: Event) => {
      e.preventDefault();
      setInstallEvent(e as InstallPromptEvent);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    if (isPhone() && !isInstalled() && isIosBrowser()) setIosHint(true);
    return () => window.removeEventListener('beforeinstallprompt', onPrompt);
  }, []);

  const technician = user?.role === 'Technicien';
  useEffect(() => {
    if (technician) void requestPersistentStorage();
  }, [technician]);

  const showInstall = !dismissed && isPhone() && (installEvent !== null || iosHint);
  if (!applyUpdate && !showInstall) return null;
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-3">
      {applyUpdate && (
        <div
          role="status"
          className="pointer-events-auto flex items-center gap-3 rounded-lg bg-slate-900 px-4 py-2 text-sm text-white shadow-lg"
        >
          <span>{PWA_MESSAGES.updateAvailable}</span>
          <button
            type="button"
            className="min-h-11 min-w-11 rounded-md bg-white px-3 font-medium text-slate-900"
            onClick={applyUpdate}
          >
            {PWA_MESSAGES.reload}
          </button>
        </div>
      )}
      {showInstall && (
        <div className="pointer-events-auto flex items-center gap-3 rounded-lg bg-white px-4 py-2 text-sm text-slate-900 shadow-lg ring-1 ring-slate-200">
          {installEvent ? (
            <button
              type="button"
              className="min-h-11 rounded-md bg-blue-700 px-3 font-medium text-white"
              onClick={() => {
                void installEvent.prompt();
                setInstallEvent(null);
              }}
            >
              {PWA_MESSAGES.install}
            </button>
          ) : (
            <span>{PWA_MESSAGES.installIos}</span>
          )}
          <button
            type="button"
            className="min-h-11 min-w-11 rounded-md px-3 text-slate-600"
            onClick={() => setDismissed(true)}
          >
            {PWA_MESSAGES.dismiss}
          </button>
        </div>
      )}
    </div>
  );
}
