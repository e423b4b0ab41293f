import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** CHROMIUM_PATH, else Debian's /usr/bin/chromium, else the Chromium shipped in the @sparticuz/chromium npm package. */
export async function chromiumPath(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const sparticuz = (await import('@sparticuz/chromium')).default;
  return sparticuz.executablePath();
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: await chromiumPath(),
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}
