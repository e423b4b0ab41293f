import { useSyncExternalStore } from 'react';

const QUERY = '(max-width: 639px)';

function mediaQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;
}

/** True below Tailwind's `sm` breakpoint (phones). False where matchMedia does not exist (tests, server). */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mq = mediaQuery();
      mq?.addEventListener('change', onChange);
      return () => mq?.removeEventListener('change', onChange);
    },
    () => mediaQuery()?.matches ?? false,
    () => false,
  );
}
