// `npm start`: builds what is missing (web/dist, server/dist), then runs the server in this process's place.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (args) => {
  const r = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (!existsSync(join(root, 'web/dist/index.html'))) {
  console.log('Building the web app (first start)...');
  run(['run', 'build', '-w', '@gmao/web']);
}
if (!existsSync(join(root, 'server/dist/main.js'))) {
  console.log('Building the server (first start)...');
  run(['run', 'build', '-w', '@gmao/server']);
}
await import(join(root, 'server/dist/main.js'));
