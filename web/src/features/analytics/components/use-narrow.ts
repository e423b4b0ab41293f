import { useSyncExternalStore } from 'react';

const QUERY = '(max-width: 639px)';

/** True on small screens (below Tailwind's `sm`), so charts can shorten their axis labels. */
export function useNarrow(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mq = window.matchMedia(QUERY);
      mq.addEventListener('change', onChange);
      return () => mq.removeEventListener('change', onChange);
    },
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
