import { useSyncExternalStore } from 'react';

/** Display preferences kept on this device (localStorage); /settings edits them, the layout and pages read them. */
export const PREFERENCES = {
  sidebarCollapsed: 'sidebar_collapsed',
  reduceMotion: 'pref_reduce_motion',
  analyticsTimeframe: 'pref_analytics_timeframe',
  rememberedUsername: 'remembered_username',
} as const;
export type PreferenceKey = (typeof PREFERENCES)[keyof typeof PREFERENCES];

const CHANGE_EVENT = 'gmao:preferences';

function safeGet(key: PreferenceKey): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function readPreference(key: PreferenceKey): string | null {
  return safeGet(key);
}

/** Stores (or, with null, removes) a preference and tells every `usePreference` of this tab. */
export function writePreference(key: PreferenceKey, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage unavailable (private mode, quota): the preference lasts for this page only.
  }
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener('storage', onChange);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

export function usePreference(key: PreferenceKey): string | null {
  return useSyncExternalStore(
    subscribe,
    () => safeGet(key),
    () => null,
  );
}
