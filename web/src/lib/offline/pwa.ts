import { Workbox } from 'workbox-window';

/**
 * The service worker of the installable app (issue 32, web/vite.config.ts's VitePWA block, registerType 'prompt'):
 * registered in the built app only. A new version deployed waits; `onUpdate` gets the function that activates it and
 * reloads the page once it controls it — never a silently stale app, never a reload the user did not ask for.
 */
export function registerServiceWorker(onUpdate: (apply: () => void) => void): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () =>
    onUpdate(() => {
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    }),
  );
  void wb.register().catch((err) => console.error('Service worker registration failed', err));
}

/** Asks the browser to keep this site's storage (the outbox, the cached day): Safari clears it after 7 days otherwise. */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    return (await navigator.storage?.persist?.()) ?? false;
  } catch {
    return false;
  }
}

/** iPhone/iPad Safari, not installed yet: no beforeinstallprompt there, the hint is a text. */
export function isIosBrowser(nav: Navigator = navigator): boolean {
  const standalone = (nav as Navigator & { standalone?: boolean }).standalone === true;
  return /iPhone|iPad|iPod/.test(nav.userAgent) && !standalone;
}
