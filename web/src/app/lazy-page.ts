import { type ComponentType, lazy } from 'react';

/** A page load gives up after 120 s (spec §2); the error boundary then offers a reload. */
export const PAGE_LOAD_TIMEOUT_MS = 120_000;
export const PAGE_LOADING_TEXT = 'Chargement de la page...';

export function lazyPage<T extends ComponentType<object>>(load: () => Promise<{ default: T }>) {
  return lazy(
    () =>
      new Promise<{ default: T }>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('PAGE_LOAD_TIMEOUT')), PAGE_LOAD_TIMEOUT_MS);
        load().then(
          (mod) => {
            clearTimeout(timer);
            resolve(mod);
          },
          (err) => {
            clearTimeout(timer);
            reject(err);
          },
        );
      }),
  );
}
