// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { queryRoots } from './query-keys';

const SRC = join(import.meta.dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Lines matching `pattern` in the app's sources (tests aside), as 'file:line: text'. */
function linesMatching(pattern: RegExp, skip: (file: string) => boolean = () => false) {
  return sources(SRC).flatMap((file) => {
    const name = relative(SRC, file).split('\\').join('/');
    if (skip(name)) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${name}:${i + 1}: ${line.trim()}`] : []));
  });
}

describe('query keys are never retyped by hand', () => {
  it('a root name appears in a key only in lib/query-keys.ts', () => {
    const roots = Object.values(queryRoots).map(([root]) => root);
    // An array literal starting with a root name; indexing (`x['equipment']`) is not a key.
    const literal = new RegExp(`(?<![\\w\\])])\\[\\s*['"](${roots.join('|')})['"]`);
    expect(literal.test("queryKey: ['users', 'list']")).toBe(true);
    expect(literal.test("Props[0]['equipment']")).toBe(false);
    expect(linesMatching(literal, (file) => file === 'lib/query-keys.ts')).toEqual([]);
  });

  it('every queryKey comes from a key factory or a root, never from an array of strings', () => {
    expect(linesMatching(/queryKey:\s*\[\s*['"]/)).toEqual([]);
  });
});
