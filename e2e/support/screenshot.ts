// Dev aid: `node --import tsx e2e/support/screenshot.ts <baseURL> <outDir> [path...]` logs in as admin and saves PNGs.
import { launchBrowser } from './browser.ts';

const [baseURL, outDir, ...pagePaths] = process.argv.slice(2);
const browser = await launchBrowser();
const context = await browser.newContext({ baseURL, locale: 'fr-FR', viewport: { width: 1366, height: 900 } });
const page = await context.newPage();
await page.goto('/login');
await page.screenshot({ path: `${outDir}/login.png` });
await page.getByLabel("Nom d'utilisateur ou email").fill(process.env.SHOT_USER ?? 'admin');
await page.getByLabel(/^Mot de passe/).fill(process.env.SHOT_PASSWORD ?? 'AdminGmao2024!');
await page.getByRole('button', { name: 'Se connecter' }).click();
await page.waitForURL((u) => !u.pathname.startsWith('/login'));
for (const p of pagePaths.length ? pagePaths : ['/']) {
  await page.goto(p);
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `${outDir}/${p.replace(/[^a-z0-9]+/gi, '_') || 'root'}.png`, fullPage: true });
}
await browser.close();
