import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The layering of ARCHITECTURE.md "Layers and the rules the tests enforce", checked on the sources (a regex over
 * import specifiers: dependency-cruiser needs the TypeScript compiler API, which TypeScript 7 no longer ships).
 * Each rule lists its offenders as `file → import` or `file: reason`, so a failure says what to move where.
 *
 * Layers are named by file suffix: `*.routes.ts` (HTTP: schemas and a short handler), `*.service.ts` (a use case:
 * access checks, transactions, rules), `*.repository.ts` (SQL; returns rows). A module is a folder of
 * server/src/modules/; its sub-folders belong to it.
 */
const SERVER = resolve(import.meta.dirname, '../src');
const DOMAIN = resolve(import.meta.dirname, '../../domain/src');

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return walk(path);
    return name.endsWith('.ts') ? [path] : [];
  });
}

type Import = { spec: string; target: string | null };

/** Static imports and re-exports (type-only ones too: a type is a dependency), plus dynamic import('…'). */
function importsOf(file: string, text = readFileSync(file, 'utf8')): Import[] {
  const specs = [
    ...[...text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'";]*?\sfrom\s+['"]([^'"]+)['"]/g)].map((m) => m[1]),
    ...[...text.matchAll(/(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g)].map((m) => m[1]),
    ...[...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]),
  ];
  return specs.map((spec) => ({ spec, target: spec.startsWith('.') ? resolve(dirname(file), spec) : null }));
}

const rel = (file: string) => relative(resolve(SERVER, '..'), file).split(sep).join('/');
const kind = (file: string) => file.match(/\.(routes|service|repository)\.ts$/)?.[1] ?? 'other';
/** `modules/<name>` of a server file, or null outside modules. */
const moduleOf = (file: string) =>
  relative(SERVER, file)
    .split(sep)
    .slice(0, 2)
    .join('/')
    .match(/^modules\/[^/]+$/)?.[0];
const under = (file: string, dir: string) => !relative(resolve(SERVER, dir), file).startsWith('..');

/** SQL in a file: a drizzle sql`` template, a query execution, or drizzle's query builder on a table. */
const SQL_MARKERS: [RegExp, string][] = [
  [/\bsql`/, 'sql`…`'],
  [/\.execute\s*[<(]/, '.execute('],
  [/\.query\s*[<(]/, '.query('],
  [/from '(?:\.\.\/)+db\/schema(?:\/[\w-]+)?\.ts'/, 'imports db/schema.ts (query builder)'],
  [/from 'drizzle-orm(?:\/[^']*)?'/, 'imports drizzle-orm'],
];
const sqlIn = (text: string) => SQL_MARKERS.filter(([re]) => re.test(text)).map(([, label]) => label);

export type Violation = string;

/** Every rule, over a set of files (the real sources, or a planted set in the self-test below). */
export function checkServer(files: Map<string, string>): Record<string, Violation[]> {
  const out: Record<string, Violation[]> = {
    routesReachDataOnlyThroughServices: [],
    repositoriesKnowNoServicesOrRoutes: [],
    sqlLivesInRepositoriesAndDb: [],
    modulesMeetThroughServices: [],
    pluginsUseNoModuleRepository: [],
    oneWriterOfStatut: [],
  };
  for (const [file, text] of files) {
    const k = kind(file);
    const mod = moduleOf(file);
    for (const { spec, target } of importsOf(file, text)) {
      if (!target) continue;
      const to = `${rel(file)} → ${spec}`;
      if (k === 'routes' && (kind(target) === 'repository' || under(target, 'db'))) {
        out.routesReachDataOnlyThroughServices.push(to);
      }
      if (k === 'repository' && (kind(target) === 'service' || kind(target) === 'routes')) {
        out.repositoriesKnowNoServicesOrRoutes.push(to);
      }
      const targetMod = moduleOf(target);
      if (mod && targetMod && targetMod !== mod && kind(target) !== 'service') {
        out.modulesMeetThroughServices.push(to);
      }
      if (under(file, 'plugins') && targetMod && kind(target) !== 'service') {
        out.pluginsUseNoModuleRepository.push(to);
      }
    }
    if (k === 'routes') {
      for (const path of dataReachedWithoutService(file, files)) out.routesReachDataOnlyThroughServices.push(path);
    }
    const inDataLayer = k === 'repository' || under(file, 'db') || under(file, 'ops');
    const found = sqlIn(text);
    if (!inDataLayer && found.length > 0) out.sqlLivesInRepositoriesAndDb.push(`${rel(file)}: ${found.join(', ')}`);
  }
  out.oneWriterOfStatut = statutWriters(files);
  return out;
}

const isData = (file: string) => kind(file) === 'repository' || under(file, 'db');

/**
 * A route that reaches a repository or db/ through helpers without passing a service (route → helper.ts →
 * x.repository.ts) bypasses the layer as surely as a direct import. Direct imports are reported above.
 */
function dataReachedWithoutService(route: string, files: Map<string, string>): Violation[] {
  const found: Violation[] = [];
  const seen = new Set([route]);
  const queue: { file: string; path: string[] }[] = [{ file: route, path: [rel(route)] }];
  while (queue.length > 0) {
    const { file, path } = queue.shift() as { file: string; path: string[] };
    for (const { target } of importsOf(file, files.get(file))) {
      // Services end the walk (they may use data); other routes files are checked on their own.
      if (!target || seen.has(target) || kind(target) === 'service' || kind(target) === 'routes') continue;
      seen.add(target);
      if (isData(target)) {
        if (file !== route) found.push([...path, rel(target)].join(' → '));
      } else if (files.has(target)) queue.push({ file: target, path: [...path, rel(target)] });
    }
  }
  return found;
}

const WRITER_FILE = 'src/modules/interventions/workflow/status.repository.ts';
const CALLER_FILE = 'src/modules/interventions/workflow/status.service.ts';

/**
 * interventions.statut is set by exactly one statement (writeStatut in workflow/status.repository.ts), called only
 * by applyStatusChange (workflow/status.service.ts), which the three status routes reach. INSERTs (a new
 * intervention starts at a status) and the migrations are not changes of status.
 */
function statutWriters(files: Map<string, string>): Violation[] {
  const found: Violation[] = [];
  for (const [file, text] of files) {
    const name = rel(file);
    for (const m of text.matchAll(
      /UPDATE\s+"?interventions"?\s+(?:AS\s+)?(?:\w+\s+)?SET\b([\s\S]*?)(?:\bWHERE\b|`)/gi,
    )) {
      if (/(?:^|[\s,.])"?statut"?\s*=/.test(m[1]) && name !== WRITER_FILE)
        found.push(`${name}: UPDATE interventions SET statut`);
    }
    if (/\.update\(\s*interventions\s*\)[\s\S]{0,400}?\bstatut\s*:/.test(text))
      found.push(`${name}: .update(interventions) with statut`);
    if (name !== WRITER_FILE && name !== CALLER_FILE && /\bwriteStatut\b/.test(text))
      found.push(`${name}: uses writeStatut`);
    if (name === CALLER_FILE) {
      const body = text.match(/export async function applyStatusChange\([\s\S]*?\n}\n/)?.[0] ?? '';
      const calls = text.match(/\bwriteStatut\(/g)?.length ?? 0;
      if (calls !== 1 || !body.includes('writeStatut('))
        found.push(`${name}: writeStatut called outside applyStatusChange`);
    }
  }
  return found;
}

/**
 * domain/: pure — imports only domain files, zod (classic, or zod/mini for what the login page loads) and rrule
 * (RFC 5545 recurrence expansion of preventive plans, pure computation on dates), never `node:` modules or another
 * workspace.
 */
const DOMAIN_PACKAGES = new Set(['zod', 'zod/mini', 'rrule']);
export function checkDomain(files: Map<string, string>): Violation[] {
  const found: Violation[] = [];
  for (const [file, text] of files) {
    for (const { spec, target } of importsOf(file, text)) {
      const name = `${relative(resolve(DOMAIN, '..'), file)} → ${spec}`;
      if (target ? relative(DOMAIN, target).startsWith('..') : !DOMAIN_PACKAGES.has(spec)) found.push(name);
    }
  }
  return found;
}

const read = (paths: string[]) => new Map(paths.map((p) => [p, readFileSync(p, 'utf8')]));
const server = checkServer(read(walk(SERVER)));

describe('server layers: routes → services → repositories', () => {
  it.each(Object.keys(server))('%s', (rule) => {
    expect(server[rule], `${rule}:\n  ${server[rule].join('\n  ')}`).toEqual([]);
  });

  it('domain imports nothing but domain files, zod and rrule', () => {
    expect(checkDomain(read(walk(DOMAIN)))).toEqual([]);
  });
});

describe('the rules catch what they are meant to (planted files)', () => {
  const planted = (path: string, text: string) => new Map([[join(SERVER, path), text]]);

  it.each([
    ['routesReachDataOnlyThroughServices', 'modules/x/x.routes.ts', "import { q } from './x.repository.ts';"],
    [
      'routesReachDataOnlyThroughServices',
      'modules/x/a/x.routes.ts',
      "import type { Db } from '../../../db/database.ts';",
    ],
    ['repositoriesKnowNoServicesOrRoutes', 'modules/x/x.repository.ts', "import { s } from './x.service.ts';"],
    ['sqlLivesInRepositoriesAndDb', 'modules/x/x.service.ts', 'await tx.execute(sql`SELECT 1`);'],
    ['sqlLivesInRepositoriesAndDb', 'modules/x/x.service.ts', "import { users } from '../../db/schema.ts';"],
    ['sqlLivesInRepositoriesAndDb', 'modules/x/x.service.ts', "import { parts } from '../../db/schema/stock.ts';"],
    ['sqlLivesInRepositoriesAndDb', 'modules/x/helper.ts', "await pool.query('SELECT 1');"],
    ['modulesMeetThroughServices', 'modules/x/x.service.ts', "import { r } from '../y/y.repository.ts';"],
    ['modulesMeetThroughServices', 'modules/x/x.repository.ts', "import { f } from '../y/y-sql.ts';"],
    ['pluginsUseNoModuleRepository', 'plugins/p.ts', "import { r } from '../modules/auth/session.repository.ts';"],
    [
      'oneWriterOfStatut',
      'modules/x/x.repository.ts',
      "db.execute(sql`UPDATE interventions SET statut = 'ANNULEE' WHERE id = 1`)",
    ],
    ['oneWriterOfStatut', 'modules/x/x.repository.ts', "sql`UPDATE interventions i SET note = 1, statut = 'ANNULEE'`"],
    ['oneWriterOfStatut', 'modules/x/x.service.ts', "import { writeStatut } from './status.repository.ts';"],
  ])('%s flags %s', (rule, path, text) => {
    expect(checkServer(planted(path, text))[rule]).toHaveLength(1);
  });

  it('routesReachDataOnlyThroughServices follows helpers (route → helper → repository)', () => {
    const files = new Map([
      [join(SERVER, 'modules/x/x.routes.ts'), "import { csv } from './csv-export.ts';"],
      [join(SERVER, 'modules/x/csv-export.ts'), "import { rows } from './x.repository.ts';"],
    ]);
    expect(checkServer(files).routesReachDataOnlyThroughServices).toEqual([
      'src/modules/x/x.routes.ts → src/modules/x/csv-export.ts → src/modules/x/x.repository.ts',
    ]);
  });

  it('allows what the layering allows', () => {
    const ok = checkServer(
      new Map([
        [
          join(SERVER, 'modules/x/x.routes.ts'),
          "import * as s from './x.service.ts';\nimport { y } from '../y/y.service.ts';",
        ],
        [
          join(SERVER, 'modules/x/x.service.ts'),
          "import type { Db } from '../../db/database.ts';\nimport { r } from './x.repository.ts';",
        ],
        [
          join(SERVER, 'modules/x/x.repository.ts'),
          "import { visible } from '../../db/predicates.ts';\nsql`UPDATE interventions SET note = 1`",
        ],
        [join(SERVER, 'plugins/p.ts'), "import { s } from '../modules/auth/auth.service.ts';"],
      ]),
    );
    expect(Object.values(ok).flat()).toEqual([]);
  });

  it('domain: flags node: modules, other packages and paths leaving domain/', () => {
    const file = join(DOMAIN, 'x/y.ts');
    expect(checkDomain(new Map([[file, "import { z } from 'zod';\nimport { a } from '../common/api.ts';"]]))).toEqual(
      [],
    );
    expect(checkDomain(new Map([[file, "import { readFileSync } from 'node:fs';"]]))).toHaveLength(1);
    expect(checkDomain(new Map([[file, "import { sql } from 'drizzle-orm';"]]))).toHaveLength(1);
    expect(checkDomain(new Map([[file, "import { x } from '../../../server/src/lib/csv.ts';"]]))).toHaveLength(1);
  });
});

describe('the server test files share their workers (vitest.config.ts, isolate: false)', () => {
  it('none mocks a module or stubs a global: it would carry over to the next file of its worker', () => {
    const tests = walk(resolve(import.meta.dirname));
    // Split so that this file's own text does not match.
    const leaks = new RegExp(['vi\\.mock\\(', 'vi\\.doMock\\(', 'vi\\.stubGlobal\\('].join('|'));
    const offenders = tests.filter((f) => leaks.test(readFileSync(f, 'utf8'))).map((f) => relative(SERVER, f));
    expect(offenders).toEqual([]);
  });
});
