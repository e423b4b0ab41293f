// `npm test` (after `npm run build`): two Vitest runs side by side.
//
// Vitest runs the files of projects limited to one worker (the e2e files share one server and one database, so they
// go one at a time) in a group of their own, after every other file: the browser tests used to start only when the
// rest had finished, and the run lasted as long as both (issue 12). Here the browser tests run in a second process
// from the start, next to everything else (domain, server, server-pg, web, ops) spread over three workers. The first
// run's output streams as it comes; the second's is printed in one block when the first has finished (`group`), so
// the two never interleave. The exit code is non-zero when either run fails.
//
// `npm test -- <vitest arguments>` (a file, `--project web`…) runs a single `vitest run` with those arguments.
import { spawnSync } from 'node:child_process';
import concurrently from 'concurrently';

const args = process.argv.slice(2);
if (args.length > 0) {
  const r = spawnSync('npx', ['vitest', 'run', ...args], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}

const { result } = concurrently(
  [
    { name: 'tests', command: "npx vitest run --project '!e2e'" },
    { name: 'e2e', command: 'npx vitest run --project e2e' },
  ],
  { group: true, prefix: 'none', successCondition: 'all' },
);
try {
  await result;
} catch {
  process.exit(1);
}
