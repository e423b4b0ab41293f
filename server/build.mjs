// Bundles the server (and the @gmao/domain sources it imports) into dist/main.js; npm packages stay external.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  plugins: [
    {
      name: 'externalize-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@gmao/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
console.log('server built: dist/main.js');
