import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
  },
  test: {
    name: 'web',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./test/setup.ts'],
    css: false,
    // One jsdom and one React per worker instead of one per file (measured: the project's CPU time 331 s → 69 s on
    // this 2-core machine). test/setup.ts gives each file fresh application modules (so another file's vi.mock never
    // leaks) and clears what a file leaves in the DOM, storage, URL, globals and clock.
    isolate: false,
    // The app-shell tests wait for lazy page chunks that the runner transforms on first use; with three workers on
    // two cores that first load alone has taken more than Vitest's 5 s default.
    testTimeout: 30_000,
  },
});
