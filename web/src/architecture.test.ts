// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Import direction of the web app (ARCHITECTURE.md, "Web layers"): app → features → components → lib.
 * - lib/ imports nothing from components/, features/ or app/;
 * - components/ imports nothing from features/ or app/;
 * - features/X never imports features/Y (the app layer composes features through props);
 * - nothing imports from app/ except app/ itself and main.tsx.
 * TypeScript 7 has no compiler API and dependency-cruiser needs Node ≥ 22, so the sources are read with a regular
 * expression over import specifiers: static and type imports, re-exports, side-effect and dynamic imports, vi.mock.
 */
const SRC = import.meta.dirname;
const WEB = resolve(SRC, '..');

const SPECIFIER =
  /\b(?:import|export)\s+(?:type\s+)?[\w*{}\s,$]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)|\bimport\s+['"]([^'"]+)['"]|\bvi\.(?:mock|doMock|importActual)\s*(?:<[^>]*>)?\(\s*['"]([^'"]+)['"]/g;

type Layer = 'app' | 'features' | 'components' | 'lib' | 'main' | 'other';

interface Edge {
  /** Importing file, relative to web/src, '/' separated. */
  from: string;
  /** Imported module, relative to web/src ('../…' when outside), without resolving the extension. */
  to: string;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    // This file's own sample imports are not imports of the app.
    return /\.tsx?$/.test(entry.name) && path !== import.meta.filename ? [path] : [];
  });
}

const toPosix = (path: string) => path.split('\\').join('/');

/** Relative specifiers, and the app's own package name should anyone add an alias for it; packages give null. */
function resolveSpecifier(file: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return toPosix(relative(SRC, resolve(dirname(file), specifier)));
  if (specifier.startsWith('@gmao/web/'))
    return toPosix(relative(SRC, join(WEB, specifier.slice('@gmao/web/'.length))));
  if (specifier.startsWith('@/') || specifier.startsWith('src/')) {
    return toPosix(relative(SRC, join(WEB, 'src', specifier.replace(/^(@|src)\//, ''))));
  }
  return null;
}

function importSpecifiers(source: string): string[] {
  return [...source.matchAll(SPECIFIER)].map((m) => m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').filter(Boolean);
}

function webEdges(): Edge[] {
  return sourceFiles(SRC).flatMap((file) =>
    importSpecifiers(readFileSync(file, 'utf8')).flatMap((specifier) => {
      const to = resolveSpecifier(file, specifier);
      return to === null ? [] : [{ from: toPosix(relative(SRC, file)), to }];
    }),
  );
}

function layerOf(path: string): Layer {
  if (path === 'main.tsx') return 'main';
  const [top] = path.split('/');
  return top === 'app' || top === 'features' || top === 'components' || top === 'lib' ? top : 'other';
}

const featureOf = (path: string) => (path.startsWith('features/') ? path.split('/')[1] : undefined);

const MAY_IMPORT: Record<Layer, readonly Layer[]> = {
  lib: ['lib', 'other'],
  components: ['components', 'lib', 'other'],
  features: ['features', 'components', 'lib', 'other'],
  app: ['app', 'features', 'components', 'lib', 'other'],
  main: ['main', 'app', 'features', 'components', 'lib', 'other'],
  other: ['other', 'lib'],
};

/** The rule an import breaks, or null. */
function brokenRule({ from, to }: Edge): string | null {
  if (to.startsWith('../')) return 'relative imports stay inside web/src (domain code comes through @gmao/domain)';
  const source = layerOf(from);
  const target = layerOf(to);
  if (target === 'app' && source !== 'app' && source !== 'main') return 'only app/ and main.tsx import from app/';
  if (!MAY_IMPORT[source].includes(target)) return `${source}/ never imports from ${target}/`;
  if (source === 'features' && target === 'features' && featureOf(from) !== featureOf(to)) {
    return 'a feature never imports another feature (compose them in app/)';
  }
  return null;
}

/** Every broken import among `edges` that `select` picks, as 'from → to: rule' lines (the failure lists them all). */
const offenders = (edges: Edge[], select: (edge: Edge) => boolean) =>
  edges.flatMap((edge) => {
    const broken = select(edge) ? brokenRule(edge) : null;
    return broken ? [`${edge.from} → ${edge.to}: ${broken}`] : [];
  });

describe('web import direction (app → features → components → lib)', () => {
  const edges = webEdges();

  it('reads the sources: static, type, side-effect, dynamic and mocked imports are all seen', () => {
    // The mock line is spelt through a ${} so that this file does not read as one that mocks a module
    // (vitest.config.ts would then run it isolated): the text scanned is the same.
    expect(
      importSpecifiers(`import a from './a';
import type { B } from "../b";
export { c } from './c';
import './d.css';
const E = lazy(() => import('./e'));
${'vi.mock'}('./f', () => ({}));
import {
  g,
  type H,
} from './g';`),
    ).toEqual(['./a', '../b', './c', './d.css', './e', './f', './g']);
    // The router loads every feature lazily: the scan must see those dynamic imports.
    const routerImports = edges.filter((e) => e.from === 'app/router.tsx').map((e) => layerOf(e.to));
    expect(routerImports).toContain('features');
    expect(edges.length).toBeGreaterThan(500);
  });

  it('names the rule each kind of wrong import breaks', () => {
    expect(brokenRule({ from: 'lib/api-client.ts', to: 'components/ui/button' })).toBe(
      'lib/ never imports from components/',
    );
    expect(brokenRule({ from: 'components/layout/sidebar.tsx', to: 'features/users/api/get-users' })).toBe(
      'components/ never imports from features/',
    );
    expect(brokenRule({ from: 'features/auth/api/logout.ts', to: 'app/router' })).toBe(
      'only app/ and main.tsx import from app/',
    );
    expect(brokenRule({ from: 'features/dashboard/routes/x.tsx', to: 'features/interventions/api/get-x' })).toBe(
      'a feature never imports another feature (compose them in app/)',
    );
    expect(brokenRule({ from: 'features/interventions/a.tsx', to: 'features/interventions/api/b' })).toBeNull();
    expect(brokenRule({ from: 'app/routes/equipment.tsx', to: 'features/interventions/api/b' })).toBeNull();
    expect(brokenRule({ from: 'main.tsx', to: 'app/app' })).toBeNull();
  });

  it('lib/ imports nothing from components/, features/ or app/', () => {
    expect(offenders(edges, (e) => layerOf(e.from) === 'lib')).toEqual([]);
  });

  it('components/ imports nothing from features/ or app/', () => {
    expect(offenders(edges, (e) => layerOf(e.from) === 'components')).toEqual([]);
  });

  it('a feature never imports another feature', () => {
    expect(offenders(edges, (e) => layerOf(e.from) === 'features' && layerOf(e.to) === 'features')).toEqual([]);
  });

  it('nothing outside app/ and main.tsx imports from app/', () => {
    expect(offenders(edges, (e) => layerOf(e.to) === 'app')).toEqual([]);
  });

  it('no import reaches outside web/src, and files at the root of src/ follow the same rules', () => {
    expect(offenders(edges, (e) => e.to.startsWith('../') || ['main', 'other'].includes(layerOf(e.from)))).toEqual([]);
  });

  it('no web file converts planned times: planning-clock (instant ↔ Casablanca wall clock) is the server’s', () => {
    // Issue 30: a browser whose time-zone data differs from the server's moved planned times by an hour on each save.
    // The web shows and sends back the server's wall clock (plannedWallClock, `date` without a zone) as it is.
    const converting = sourceFiles(SRC)
      .filter((file) =>
        importSpecifiers(readFileSync(file, 'utf8')).some(
          (s) => s.endsWith('/planning-clock') || s.endsWith('/due-day'),
        ),
      )
      .map((file) => toPosix(relative(SRC, file)));
    expect(converting).toEqual([]);
  });
});
