import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Issue 32: the installable technician app. The service worker precaches the app shell (the built JS, CSS, HTML,
    // icons) and answers navigations with index.html offline; the API is never cached by it (the technician's data
    // goes through IndexedDB, web/src/lib/offline). 'prompt': a new version waits for the user's "Recharger".
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      manifest: {
        // Literal here: Node loads this config and cannot import domain's .ts; pwa-manifest.test.ts compares them
        // with domain's PWA_MESSAGES.
        name: 'GMAO — Interventions',
        short_name: 'GMAO',
        description: 'Gestion de maintenance : interventions des techniciens, même sans réseau',
        lang: 'fr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#1d4ed8',
        background_color: '#f8fafc',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        // Workbox's runtime inside sw.js: one file, nothing else for the CSP's script-src 'self' to allow.
        inlineWorkboxRuntime: true,
        cleanupOutdatedCaches: true,
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        runtimeCaching: [],
      },
    }),
  ],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // Issue 16: a page opened directly loads a few chunks, not dozens (each one a request, 40 ms apart on a phone).
        // Each group takes its module and every static dependency not taken by a group of higher priority: what
        // /login shows (with the router, React and the session: every page needs them), then the signed-in frame
        // with the query cache. Issue 30: then what four pages or more share (buttons, tables, dialogs, the
        // intervention schemas, zod's resolver) in one chunk, what fewer pages share in one chunk per set of pages,
        // and last the dashboard with what only it uses — it took the shared modules before, so that every page
        // downloaded and ran the dashboard (and rrule) too.
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 4 },
            // What the sign-in form shares with the signed-in pages (issue 30: in the login chunk, `/` and the lists
            // downloaded it): a small chunk of its own.
            {
              name: 'common',
              test: /(domain[\\/]src[\\/]format[\\/]format|components[\\/]layout[\\/](page-header|preferences)|components[\\/]ui[\\/]form-field)\.tsx?$|lucide-react[\\/].*[\\/](chart-column|circle-exclamation-point|clipboard-list|gauge|zap|eye|eye-off)\.mjs$/,
              priority: 3.5,
            },
            { name: 'login-page', test: /features[\\/]auth[\\/]routes[\\/]login\.tsx$/, priority: 3 },
            { name: 'signed-in', test: /app[\\/](query-scope|routes[\\/]protected-layout)\.tsx$/, priority: 2 },
            // Issue 30: libraries that only some pages, or only some moments, need: chunks of their own rather than
            // in `pages-shared`, which every signed-in page waits for. Dexie: the technician's outbox, imported on
            // first use (lib/offline/use-outbox.ts); react-hook-form: the forms; rrule: the plans' recurrences.
            { name: 'outbox', test: /node_modules[\\/]dexie[\\/]|lib[\\/]offline[\\/]outbox\.ts$/, priority: 1.8 },
            { name: 'forms', test: /node_modules[\\/](react-hook-form|@hookform[\\/]resolvers)[\\/]/, priority: 1.7 },
            { name: 'rrule', test: /node_modules[\\/](rrule|tslib)[\\/]/, priority: 1.7 },
            { name: 'pages-shared', minShareCount: 4, priority: 1.5 },
            { name: 'shared', minShareCount: 2, entriesAware: true, priority: 1.2 },
            { name: 'dashboard-page', test: /app[\\/]routes[\\/]dashboard\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    // The projects `web` and `web-shared` (../vitest.config.ts) extend this file and say which files each runs.
    root: import.meta.dirname,
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    css: false,
    // Isolated by default (a fresh worker per file); `web-shared` turns that off for the files that mock no module.
    // The app-shell tests wait for lazy page chunks that the runner transforms on first use; with three workers on
    // two cores that first load alone has taken more than Vitest's 5 s default.
    testTimeout: 30_000,
  },
});
