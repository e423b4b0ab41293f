// Dev aid: `node --import tsx e2e/support/layout-shift-probe.ts <baseURL> [path...]` logs in as admin (SHOT_USER /
// SHOT_PASSWORD to change) and prints each page's CLS with 4× CPU slow-down, phone and desktop, with the shifts' sources.
import { launchBrowser } from './browser.ts';
import { observeLayoutShifts, throttledLoad, trackRequests } from './layout-shift.ts';

const [baseURL, ...pagePaths] = process.argv.slice(2);
const browser = await launchBrowser();
const sizes = {
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1366, height: 800 } },
};
for (const [name, size] of Object.entries(sizes)) {
  const context = await browser.newContext({ baseURL, locale: 'fr-FR', ...size });
  await observeLayoutShifts(context);
  const page = await context.newPage();
  trackRequests(page);
  await page.goto('/login');
  await page.getByLabel("Nom d'utilisateur ou email").fill(process.env.SHOT_USER ?? 'admin');
  await page.getByLabel(/^Mot de passe/).fill(process.env.SHOT_PASSWORD ?? 'AdminGmao2024!');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  for (const p of pagePaths.length ? pagePaths : ['/']) {
    const report = await throttledLoad(page, p);
    console.log(`${name.padEnd(8)} ${p.padEnd(28)} CLS ${report.cls.toFixed(4)}`);
    for (const s of report.shifts.filter((x) => x.value > 0.001))
      console.log(`           +${s.value.toFixed(4)} @${s.at}ms ${s.sources.join(' | ')}`);
  }
  await context.close();
}
await browser.close();
