// The web half of `npm run bench` (issue 16): what /login and / weigh as transferred and their LCP in headless
// Chromium (a throttled phone and a desktop), on the server started by http.ts.
import { ADMIN } from './http.ts';

export interface WebResult {
  loginJsKb: number;
  dashboardJsKb: number;
  loginLcpMobileMs: number;
  dashboardLcpMobileMs: number;
  dashboardLcpDesktopMs: number;
  /** The content-encodings Chromium received for them (it asks for br over http://127.0.0.1 too). */
  encodings: string[];
  /** The element each LCP was, e.g. `H1 "Tableau de Bord"` (what to make paint earlier). */
  lcpElements: { login: string; dashboardMobile: string; dashboardDesktop: string };
}

/**
 * JS+CSS transferred (Chromium's encodedDataLength: the compressed body plus the response headers, as it receives
 * them — brotli from the build's .br copies) and LCP of /login and / in headless Chromium.
 */
export async function benchWeb(url: string): Promise<WebResult> {
  const encodings = new Set<string>();
  const { launchBrowser } = await import('../../e2e/support/browser.ts');
  const browser = await launchBrowser();
  try {
    const measure = async (path: string, opts: { signedIn: boolean; mobile: boolean }) => {
      const context = await browser.newContext({
        baseURL: url,
        locale: 'fr-FR',
        ...(opts.mobile
          ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
          : { viewport: { width: 1366, height: 800 } }),
      });
      await context.addInitScript(
        `window.__lcp = 0; window.__lcpEl = ''; new PerformanceObserver((l) => { for (const e of l.getEntries()) { window.__lcp = e.startTime; window.__lcpEl = e.element ? e.element.tagName + (e.element.className && typeof e.element.className === 'string' ? '.' + e.element.className.split(' ').slice(0, 3).join('.') : '') + ' "' + (e.element.textContent || '').trim().slice(0, 40) + '"' : e.url; } }).observe({ type: 'largest-contentful-paint', buffered: true });`,
      );
      const page = await context.newPage();
      if (opts.signedIn) {
        await page.goto('/login');
        await page.getByLabel("Nom d'utilisateur ou email").fill(ADMIN.username);
        await page.getByLabel(/^Mot de passe/).fill(ADMIN.password);
        await page.getByRole('button', { name: 'Se connecter' }).click();
        await page.waitForURL((u) => !u.pathname.startsWith('/login'));
      }
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      if (opts.mobile) {
        // Lighthouse's mobile: 4× slower CPU, a 10 Mbit/s link with 40 ms of latency.
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await cdp.send('Network.emulateNetworkConditions', {
          offline: false,
          latency: 40,
          downloadThroughput: (10 * 1024 * 1024) / 8,
          uploadThroughput: (10 * 1024 * 1024) / 8,
        });
      }
      const urls = new Map<string, string>();
      let bytes = 0;
      cdp.on('Network.responseReceived', (e) => {
        urls.set(e.requestId, e.response.url);
        if (/\.(js|css)$/.test(e.response.url)) encodings.add(String(e.response.headers['content-encoding'] ?? 'none'));
      });
      cdp.on('Network.loadingFinished', (e) => {
        if (/\.(js|css)$/.test(urls.get(e.requestId) ?? '')) bytes += e.encodedDataLength;
      });
      await page.goto(path);
      await page.waitForLoadState('load');
      // LCP is final once the page has painted its data: wait for the main heading and two quiet seconds of paints.
      await page.locator('h1').first().waitFor();
      await page.waitForTimeout(2000);
      const lcp = Number(await page.evaluate('window.__lcp'));
      const element = String(await page.evaluate('window.__lcpEl'));
      await context.close();
      return { kb: Math.round(bytes / 102.4) / 10, lcp: Math.round(lcp), element };
    };
    const loginMobile = await measure('/login', { signedIn: false, mobile: true });
    const dashMobile = await measure('/', { signedIn: true, mobile: true });
    const dashDesktop = await measure('/', { signedIn: true, mobile: false });
    return {
      loginJsKb: loginMobile.kb,
      dashboardJsKb: dashDesktop.kb,
      loginLcpMobileMs: loginMobile.lcp,
      dashboardLcpMobileMs: dashMobile.lcp,
      dashboardLcpDesktopMs: dashDesktop.lcp,
      encodings: [...encodings],
      lcpElements: {
        login: loginMobile.element,
        dashboardMobile: dashMobile.element,
        dashboardDesktop: dashDesktop.element,
      },
    };
  } finally {
    await browser.close();
  }
}
