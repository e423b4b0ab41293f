/**
 * "The page is up": what the user opened has its code and its first data, and the main thread has an idle moment.
 * The app's background work waits for it — the service worker's install (it precaches the whole app, ~1.5 MB) and the
 * technician's day fetched ahead (~250 reads) — so that a phone's slow link and CPU serve the page first (issues 30
 * and 32: started at once, they doubled the blocking time of `/` on Lighthouse's phone and pushed its LCP back).
 *
 * A signed-in page says when its first reads are done (app/query-scope.tsx, `pageReadsDone`); a page that reads
 * nothing through the query cache (login, the public pages) is up once loaded, PAGE_UP_FALLBACK_MS later.
 */
export const PAGE_UP_FALLBACK_MS = 6000;
/** The longest an idle moment is waited for once the page is up (a main thread never idle still gets its turn). */
const IDLE_TIMEOUT_MS = 2000;

let readsDone: () => void = () => undefined;
const firstReads = new Promise<void>((resolve) => {
  readsDone = resolve;
});

/** A signed-in page's first reads are done (or `when` settles): the page is up. Only the first call counts. */
export function pageReadsDone(when: Promise<unknown> = Promise.resolve()) {
  void when.then(readsDone, readsDone);
}

const loaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve();
    else window.addEventListener('load', () => resolve(), { once: true });
  });

export const idle = (timeout = IDLE_TIMEOUT_MS) =>
  new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout });
    else setTimeout(resolve, 0);
  });

let up: Promise<void> | null = null;
/** Resolves once the page is up (see above); the same promise for every caller. */
export function pageUp(): Promise<void> {
  up ??= loaded()
    .then(() => Promise.race([firstReads, new Promise<void>((resolve) => setTimeout(resolve, PAGE_UP_FALLBACK_MS))]))
    .then(() => idle());
  return up;
}
