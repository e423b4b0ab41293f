/**
 * The service worker of the installable app (issue 32, web/vite.config.ts's VitePWA block, registerType 'prompt'):
 * registered in the built app only. A new version deployed waits; `onUpdate` gets the function that activates it and
 * reloads the page once it controls it — never a silently stale app, never a reload the user did not ask for.
 */
export async function registerServiceWorker(onUpdate: (apply: () => void) => void): Promise<void> {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  // workbox-window in a chunk of its own: registered once the page is up, it is not part of what the page waits for.
  const loaded = await import('workbox-window').catch((err) => {
    console.error('Service worker registration failed', err);
    return null;
  });
  if (!loaded) return;
  const { Workbox } = loaded;
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
