import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's package (`apt-get install chromium`): used only when asked for (E2E_BROWSER=debian). */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export type BrowserChoice = { kind: 'path' | 'debian' | 'npm'; executable: string; why: string };

/**
 * Which Chromium the e2e files drive (issue 36: the result must not depend on what happens to be installed):
 * - `CHROMIUM_PATH`: that executable;
 * - `E2E_BROWSER=debian`: Debian's /usr/bin/chromium (an error when it is missing);
 * - otherwise (`E2E_BROWSER=npm`, the default): the Chromium shipped in the @sparticuz/chromium npm package, the
 *   same on every machine that ran `npm install`, with nothing to install by hand.
 * Planned times do not depend on the browser's time-zone data (planning-clock.ts is the server's), but the two
 * browsers still differ in version; `npm run test:e2e:debian` runs the e2e project against Debian's.
 */
export async function chooseBrowser(): Promise<BrowserChoice> {
  if (process.env.CHROMIUM_PATH) {
    return { kind: 'path', executable: process.env.CHROMIUM_PATH, why: 'CHROMIUM_PATH' };
  }
  const wanted = (process.env.E2E_BROWSER ?? 'npm').toLowerCase();
  if (wanted === 'debian') {
    if (!existsSync(DEBIAN_CHROMIUM)) {
      throw new Error(`E2E_BROWSER=debian: ${DEBIAN_CHROMIUM} is missing (apt-get install -y chromium)`);
    }
    return { kind: 'debian', executable: DEBIAN_CHROMIUM, why: 'E2E_BROWSER=debian' };
  }
  if (wanted !== 'npm') throw new Error(`E2E_BROWSER=${wanted}: expected "npm" (the default) or "debian"`);
  const sparticuz = (await import('@sparticuz/chromium')).default;
  return {
    kind: 'npm',
    executable: await sparticuz.executablePath(),
    why: process.env.E2E_BROWSER ? 'E2E_BROWSER=npm' : 'default',
  };
}

export async function chromiumPath(): Promise<string> {
  return (await chooseBrowser()).executable;
}

/** The flags every e2e browser starts with. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

/** The browsers this worker has open, so that a failed test can show what its pages showed (`describeOpenPages`). */
const open = new Set<Browser>();

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: await chromiumPath(), headless: true, args: CHROMIUM_ARGS });
  open.add(browser);
  browser.on('disconnected', () => open.delete(browser));
  return browser;
}

/**
 * What every open page shows when a test fails (issue 36: a failure seen once in a full run, never alone, said only
 * "timeout"): its address, its open dialogs, alerts and toasts, and a screenshot in e2e/screenshots/failures/.
 */
export async function describeOpenPages(label: string, shotsDir: string): Promise<string[]> {
  const lines: string[] = [];
  let n = 0;
  for (const browser of open) {
    for (const context of browser.contexts()) {
      for (const page of context.pages()) {
        if (page.isClosed()) continue;
        n++;
        const shown = await page
          // A string: the e2e code is type-checked without the DOM's types.
          .evaluate(`[...document.querySelectorAll('[role="dialog"], [role="alertdialog"], [role="alert"], [role="status"]')]
            .map((el) => el.getAttribute('role') + ': ' + (el.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, 300))
            .filter((line) => !line.endsWith(': '))`)
          .catch((err: Error) => [`(page not readable: ${err.message.split('\n')[0]})`]);
        const shot = `${shotsDir}/${label.replace(/[^a-z0-9]+/gi, '_').slice(0, 80)}-${n}.png`;
        await page.screenshot({ path: shot, timeout: 5_000 }).catch(() => undefined);
        lines.push(`page ${n}: ${page.url()} (screenshot ${shot})`, ...(shown as string[]).map((s) => `  ${s}`));
      }
    }
  }
  return lines;
}

/**
 * One line for the run's output: which executable, which version, and how its own time-zone data reads a planned
 * time (informative only: the app never lets the browser convert one).
 */
export async function describeBrowser(): Promise<string> {
  const choice = await chooseBrowser();
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    const casablanca = await page.evaluate(() =>
      new Intl.DateTimeFormat('fr-FR', { timeZone: 'Africa/Casablanca', hour: '2-digit', minute: '2-digit' }).format(
        new Date('2026-11-30T08:00:00Z'),
      ),
    );
    await context.close();
    return `e2e browser: ${choice.kind} (${choice.why}) ${choice.executable}, Chromium ${browser.version()}; its zone data puts 2026-11-30T08:00Z at ${casablanca} in Casablanca (the server: 09:00)`;
  } finally {
    await browser.close();
  }
}
