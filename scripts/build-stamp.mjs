// The build stamp: a hash of each build's inputs, kept next to the build (server/dist/.build-stamp), so that
// `npm start` rebuilds after a `git pull` or an `npm install` that changed them, and only then.
// `node scripts/build-stamp.mjs` writes the stamp of the current inputs (the end of `npm run build`).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const SHARED = ['domain/src', 'domain/package.json', 'package-lock.json'];

export const TARGETS = {
  web: {
    label: 'the web app',
    workspace: '@gmao/web',
    output: 'web/dist/index.html',
    inputs: [
      'web/src',
      'web/public',
      'web/index.html',
      'web/vite.config.ts',
      'web/tsconfig.json',
      'web/package.json',
      'web/scripts',
      ...SHARED,
    ],
  },
  server: {
    label: 'the server',
    workspace: '@gmao/server',
    output: 'server/dist/main.js',
    inputs: ['server/src', 'server/build.mjs', 'server/package.json', ...SHARED],
  },
};

export const STAMP_FILE = 'server/dist/.build-stamp';

/** sha256 of a file, or of a folder's files (relative paths and contents, in a stable order); 'missing' if absent. */
export function hashInput(root, input) {
  const path = join(root, input);
  if (!existsSync(path)) return 'missing';
  const hash = createHash('sha256');
  const add = (rel) => {
    const full = join(path, rel);
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) add(join(rel, name));
      return;
    }
    hash.update(`${rel}\0`);
    hash.update(readFileSync(full));
    hash.update('\0');
  };
  add('');
  return hash.digest('hex');
}

/** { web: { 'web/src': hash, … }, server: { … } }: what the stamp records. */
export function currentInputs(root) {
  const cache = new Map();
  const hashOf = (input) => {
    if (!cache.has(input)) cache.set(input, hashInput(root, input));
    return cache.get(input);
  };
  return Object.fromEntries(
    Object.entries(TARGETS).map(([name, t]) => [name, Object.fromEntries(t.inputs.map((i) => [i, hashOf(i)]))]),
  );
}

export function readStamp(root) {
  try {
    return JSON.parse(readFileSync(join(root, STAMP_FILE), 'utf8'));
  } catch {
    return null;
  }
}

export function writeStamp(root, inputs) {
  mkdirSync(dirname(join(root, STAMP_FILE)), { recursive: true });
  writeFileSync(join(root, STAMP_FILE), `${JSON.stringify(inputs, null, 2)}\n`);
}

/** The builds to redo, each with why: its output is missing, there is no stamp, or some inputs changed. */
export function staleTargets(root, inputs = currentInputs(root), stamp = readStamp(root)) {
  const stale = [];
  for (const [name, target] of Object.entries(TARGETS)) {
    if (!existsSync(join(root, target.output))) {
      stale.push({ name, reason: 'not built yet' });
      continue;
    }
    const recorded = stamp?.[name];
    if (!recorded) {
      stale.push({ name, reason: 'no build stamp' });
      continue;
    }
    const changed = target.inputs.filter((i) => recorded[i] !== inputs[name][i]);
    if (changed.length > 0) stale.push({ name, reason: `${changed.join(', ')} changed` });
  }
  return stale;
}

/** One line saying what will be built and why. */
export function describe(stale) {
  return `Building ${stale.map((s) => `${TARGETS[s.name].label} (${s.reason})`).join(' and ')}...`;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), '..');
  writeStamp(root, currentInputs(root));
}
