import { WifiOff } from 'lucide-react';
import { useSyncExternalStore } from 'react';

export const OFFLINE_MESSAGE =
  'Vous êtes hors ligne : les données affichées peuvent être anciennes et les modifications ne peuvent pas être enregistrées.';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** A banner under the top bar while the browser is offline (issue 14 failure states); gone when back online. */
export function OfflineBanner() {
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  if (online) return null;
  return (
    <div
      role="status"
      className="flex items-center gap-2 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900"
    >
      <WifiOff className="h-4 w-4 shrink-0" aria-hidden="true" />
      {OFFLINE_MESSAGE}
    </div>
  );
}
