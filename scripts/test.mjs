// `npm test` (after `npm run build`): three Vitest runs side by side.
//
// Vitest runs the files of a project limited to one worker (the e2e files share one server and one database, so they
// go one at a time) in a group of its own, after every other file: the browser tests used to start only when the rest
// had finished, and the run lasted as long as both (issue 12). Here the e2e files are split in two shards, each a
// Vitest process with its own server and database (e2e/global-setup.ts), and both start at once, next to the run of
// everything else (domain, server, server-pg, web, ops) spread over three workers. The first run's output streams as
// it comes; the others are printed in one block each when the one before has finished (`group`), so they never
// interleave. The exit code is non-zero when any run fails.
//
// `npm test -- <vitest arguments>` (a file, `--project web`…) runs a single `vitest run` with those arguments.
import { execFileSync, spawnSync } from 'node:child_process';
import concurrently from 'concurrently';

const args = process.argv.slice(2);
if (args.length > 0) {
  const r = spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}

// The npm-shipped Chromium unpacks itself on first use: once, here, rather than by two shards at the same instant.
const chromium = execFileSync(
  process.execPath,
  [
    '--import',
    'tsx',
    '-e',
    "import('./e2e/support/browser.ts').then(async (b) => console.log(await b.chromiumPath()))",
  ],
  { encoding: 'utf8' },
).trim();

const SHARDS = 2;
const { result } = concurrently(
  [
    { name: 'tests', command: "npx vitest run --project '!e2e'" },
    ...Array.from({ length: SHARDS }, (_, i) => ({
      name: `e2e ${i + 1}/${SHARDS}`,
      command: `npx vitest run --project e2e --shard=${i + 1}/${SHARDS}`,
      env: { CHROMIUM_PATH: chromium },
    })),
  ],
  { group: true, prefix: 'none', successCondition: 'all' },
);
try {
  await result;
} catch {
  process.exit(1);
}
