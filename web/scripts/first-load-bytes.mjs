// What a phone downloads before a page renders (issue 30 item 10), from a build's chunk graph — deterministic, unlike
// Lighthouse on a shared machine. Build with a manifest into a directory of its own, then read it:
//   (cd web && npx vite build --manifest --outDir /tmp/first-load --emptyOutDir)
//   node web/scripts/first-load-bytes.mjs /tmp/first-load
// Per page: the JavaScript chunks of the entry, of the signed-in frame (protected-layout, query-scope; not for
// /login) and of the page's module, each with its static imports (what `import()` and Vite's preload fetch before
// the module runs); brotli 11 as web/scripts/precompress.mjs writes it. Chunks imported only dynamically from there
// (the outbox, a form opened later) are not counted: the page renders without them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

const dist = process.argv[2];
if (!dist) throw new Error('usage: node first-load-bytes.mjs <outDir built with --manifest>');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

// A module in a named group of vite.config.ts (login-page, dashboard-page, signed-in) is listed under the group's chunk.
const FRAME = ['signed-in'];
/** The pages of bench/README's table and their modules (web/src/app/page-preload.ts). */
const PAGES = [
  ['/login', 'login-page', false],
  ['/', 'dashboard-page', true],
  ['/interventions', 'src/app/routes/interventions.tsx', true],
  ['/equipment', 'src/app/routes/equipment.tsx', true],
  ['/users', 'src/app/routes/users.tsx', true],
  ['/stock', 'src/features/stock/routes/stock.tsx', true],
  ['/planning', 'src/features/plans/routes/planning.tsx', true],
  ['/clients', 'src/features/clients/routes/clients.tsx', true],
  ['/analytics', 'src/features/analytics/routes/analytics.tsx', true],
  ['/notifications', 'src/features/notifications/routes/notifications.tsx', true],
];

const brotli = new Map();
function brotliBytes(file) {
  if (!brotli.has(file)) {
    const content = readFileSync(join(dist, file));
    const br = brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
    brotli.set(file, br.length);
  }
  return brotli.get(file);
}

const keyOf = (module) => Object.keys(manifest).find((k) => k === module || k.startsWith(`_${module}-`));
function closure(module, into) {
  const chunk = manifest[keyOf(module)];
  if (!chunk) throw new Error(`not in the manifest: ${module}`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep, into);
  return into;
}

const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
const kb = (n) => (n / 1024).toFixed(1);
const rows = [];
for (const [page, module, signedIn] of PAGES) {
  const files = closure(entry, new Set());
  if (signedIn) for (const m of FRAME) closure(m, files);
  closure(module, files);
  const js = [...files].filter((f) => f.endsWith('.js'));
  const bytes = js.reduce((sum, f) => sum + brotliBytes(f), 0);
  rows.push({ page, chunks: js.length, kbBrotli: kb(bytes) });
}
const frame = FRAME.reduce((set, m) => closure(m, set), new Set());
const entryFiles = closure(entry, new Set());
const frameOnly = [...frame].filter((f) => !entryFiles.has(f) && f.endsWith('.js'));
console.table(rows);
console.log(
  `entry ${kb([...entryFiles].reduce((s, f) => s + brotliBytes(f), 0))} KB brotli:`,
  [...entryFiles].join(' '),
);
console.log(`frame beyond the entry ${kb(frameOnly.reduce((s, f) => s + brotliBytes(f), 0))} KB:`, frameOnly.join(' '));
