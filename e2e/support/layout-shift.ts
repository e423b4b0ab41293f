import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/**
 * Cumulative Layout Shift as Lighthouse and web-vitals count it: layout-shift entries without recent input, grouped
 * in session windows (gap < 1 s, window ≤ 5 s), the largest window wins. The observer is installed before any page
 * script runs (buffered), so the shifts of the first paint and of the data arriving later are all counted.
 */
const OBSERVER = `(() => {
  const state = { windows: [], current: 0, first: 0, last: 0, max: 0, shifts: [] };
  window.__layoutShift = state;
  const describe = (node) => {
    if (!node || !node.tagName) return '?';
    const label = node.getAttribute('aria-label') || node.getAttribute('data-testid') || '';
    const text = (node.textContent || '').trim().replace(/\\s+/g, ' ').slice(0, 40);
    return node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') + (label ? '[' + label + ']' : '') + (text ? ' "' + text + '"' : '');
  };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      if (state.current && e.startTime - state.last < 1000 && e.startTime - state.first < 5000) state.current += e.value;
      else { state.current = e.value; state.first = e.startTime; }
      state.last = e.startTime;
      state.max = Math.max(state.max, state.current);
      state.shifts.push({ value: e.value, at: Math.round(e.startTime), sources: (e.sources || []).map((s) => describe(s.node) + ' ' + Math.round(s.previousRect.y) + '→' + Math.round(s.currentRect.y) + ' h' + Math.round(s.previousRect.height) + '→' + Math.round(s.currentRect.height)) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

export interface LayoutShiftReport {
  cls: number;
  shifts: { value: number; at: number; sources: string[] }[];
}

/** Installs the observer on every page of the context (before the app's scripts). */
export async function observeLayoutShifts(context: BrowserContext) {
  await context.addInitScript(OBSERVER);
}

const sessions = new WeakMap<Page, Promise<CDPSession>>();

/**
 * Slows the page's CPU down (4× is Lighthouse's mobile setting; 1 is full speed again). Issue 36: Chromium's throttle
 * keeps a core busy even while the page does nothing (measured: a throttled page idle for 10 s, 9 CPU-seconds of
 * renderer; unthrottled, 0.5): throttle only while measuring a load (`throttledLoad`), never while a test waits.
 */
export async function throttleCpu(page: Page, rate = 4) {
  let cdp = sessions.get(page);
  if (!cdp) {
    cdp = page.context().newCDPSession(page);
    sessions.set(page, cdp);
  }
  await (await cdp).send('Emulation.setCPUThrottlingRate', { rate });
}

/**
 * Opens `path` afresh with the CPU slowed down 4×, waits until the page has settled and reads its CLS, then gives the
 * page its full speed back (what follows — checks, screenshots, the next test step — measures nothing of its speed).
 */
export async function throttledLoad(page: Page, path: string): Promise<LayoutShiftReport> {
  await throttleCpu(page, 4);
  try {
    await page.goto(path);
    return await settledLayoutShift(page);
  } finally {
    // best effort: a page that failed to load may be gone, and its error is the one to see
    await throttleCpu(page, 1).catch(() => undefined);
  }
}

const inFlight = new WeakMap<Page, { open: Set<unknown>; lastChange: number }>();

/**
 * Counts the page's requests in flight, leaving out the notifications' event stream (it stays open by design, so
 * Playwright's 'networkidle' never comes).
 */
export function trackRequests(page: Page) {
  const state = { open: new Set<unknown>(), lastChange: Date.now() };
  inFlight.set(page, state);
  page.on('request', (r) => {
    if (r.headers().accept === 'text/event-stream') return;
    state.open.add(r);
    state.lastChange = Date.now();
  });
  const done = (r: unknown) => {
    if (state.open.delete(r)) state.lastChange = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

export async function networkQuiet(page: Page, quietMs = 500, timeoutMs = 30_000) {
  const state = inFlight.get(page);
  if (!state) throw new Error('trackRequests(page) was not called');
  const deadline = Date.now() + timeoutMs;
  while (state.open.size > 0 || Date.now() - state.lastChange < quietMs) {
    if (Date.now() > deadline) throw new Error(`requests still in flight after ${timeoutMs} ms`);
    await page.waitForTimeout(100); // polls the condition
  }
}

/**
 * Waits until the page has settled — no request for 500 ms, no skeleton or busy region left, two frames painted — then
 * reads the page's CLS.
 */
export async function settledLayoutShift(page: Page): Promise<LayoutShiftReport> {
  await page.waitForLoadState('load');
  await networkQuiet(page);
  // A function, not a string: Playwright evaluates a string predicate with eval, which the app's CSP refuses.
  await page.waitForFunction(
    () =>
      !(globalThis as unknown as { document: { querySelector: (s: string) => unknown } }).document.querySelector(
        '[aria-busy="true"], .animate-pulse',
      ),
    undefined,
    { timeout: 20_000 },
  );
  return page.evaluate(`new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => {
    const state = window.__layoutShift;
    done({ cls: Math.round(state.max * 10000) / 10000, shifts: state.shifts });
  })))`) as Promise<LayoutShiftReport>;
}
