// `npm start`: (re)builds what is missing or out of date (web/dist, server/dist; see build-stamp.mjs), then runs
// the server in this process's place. The server applies pending migrations itself before listening.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { currentInputs, describe, staleTargets, TARGETS, writeStamp } from './build-stamp.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (args) => {
  const r = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

// Hashed before building: a source edited during the build makes the next start build again.
const inputs = currentInputs(root);
const stale = staleTargets(root, inputs);
if (stale.length > 0) {
  console.log(describe(stale));
  for (const { name } of stale) run(['run', 'build', '-w', TARGETS[name].workspace]);
  writeStamp(root, inputs);
}
await import(join(root, 'server/dist/main.js'));
