// Bundles the server (and the @gmao/domain sources it imports) into dist/main.js; npm packages stay external.
// Issue 36: with `splitting`, a module the source imports dynamically (the S3 store) is a chunk of its own
// (dist/chunks/), and so are the npm packages it imports — in one file, esbuild hoisted `@aws-sdk/client-s3` to the
// top of main.js, ~250 ms of every start-up on the local disk store.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: ['src/main.ts'],
  outdir: 'dist',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
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
