import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import {
  currentInputs,
  describe as describeBuild,
  hashInput,
  staleTargets,
  writeStamp,
} from '../../scripts/build-stamp.mjs';

let root: string;

function put(path: string, content: string) {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), content);
}

/** A checkout in miniature: some inputs of each build, and both builds' outputs. */
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'gmao-stamp-'));
  put('web/src/main.tsx', 'export const app = 1;');
  put('web/index.html', '<div id="root"></div>');
  put('server/src/main.ts', 'console.log("server");');
  put('server/src/db/migrations/0001_admin.sql', 'CREATE TABLE users ();');
  put('server/build.mjs', '// bundles');
  put('domain/src/index.ts', 'export const x = 1;');
  put('package-lock.json', '{"lockfileVersion":3}');
  put('web/dist/index.html', 'built');
  put('server/dist/main.js', 'built');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const stamped = () => writeStamp(root, currentInputs(root));
const stale = () => staleTargets(root).map((s) => `${s.name}: ${s.reason}`);

it('builds without a stamp (built by an older version), then nothing while the inputs stay the same', () => {
  expect(stale()).toEqual(['web: no build stamp', 'server: no build stamp']);
  stamped();
  expect(stale()).toEqual([]);
  expect(currentInputs(root)).toEqual(currentInputs(root));
});

it('a changed source rebuilds the build that uses it; domain sources and the lock file rebuild both', () => {
  stamped();
  put('server/src/main.ts', 'console.log("server v2");');
  expect(stale()).toEqual(['server: server/src changed']);
  stamped();

  put('web/src/pages/new-page.tsx', 'export {};');
  expect(stale()).toEqual(['web: web/src changed']);
  stamped();

  put('package-lock.json', '{"lockfileVersion":3,"packages":{}}');
  put('domain/src/index.ts', 'export const x = 2;');
  expect(stale()).toEqual([
    'web: domain/src, package-lock.json changed',
    'server: domain/src, package-lock.json changed',
  ]);
});

it('a new migration, a renamed file or a deleted one changes the hash; touching nothing does not', () => {
  const before = hashInput(root, 'server/src');
  expect(hashInput(root, 'server/src')).toBe(before);
  put('server/src/db/migrations/0002_clients.sql', 'CREATE TABLE clients ();');
  const withMigration = hashInput(root, 'server/src');
  expect(withMigration).not.toBe(before);
  renameSync(join(root, 'server/src/db/migrations/0002_clients.sql'), join(root, 'server/src/db/migrations/0003.sql'));
  expect(hashInput(root, 'server/src')).not.toBe(withMigration);
  rmSync(join(root, 'server/src/db/migrations/0003.sql'));
  expect(hashInput(root, 'server/src')).toBe(before);
});

it('a missing build output is rebuilt whatever the stamp says, and the line says why', () => {
  stamped();
  rmSync(join(root, 'web/dist'), { recursive: true });
  const targets = staleTargets(root);
  expect(targets).toEqual([{ name: 'web', reason: 'not built yet' }]);
  expect(describeBuild(targets)).toBe('Building the web app (not built yet)...');
});
