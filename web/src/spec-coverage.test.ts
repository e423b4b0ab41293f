// @vitest-environment node
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * docs/spec-coverage.md maps every line of the product spec to the tests that prove it. This keeps the list honest:
 * each named test must exist (file and title words), each row has a known status, and the open gaps are counted.
 */

const ROOT = join(import.meta.dirname, '..', '..');
const DOC = readFileSync(join(ROOT, 'docs', 'spec-coverage.md'), 'utf8');
const STATUSES = ['tested', 'not shown', 'changed', 'gap'] as const;

interface Row {
  id: string;
  status: string;
  proof: string;
  refs: { file: string; words: string }[];
}

/** Table rows whose first cell is an item number (the tables are padded by the formatter; no cell holds a pipe). */
function rows(doc: string): Row[] {
  return doc
    .split('\n')
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    )
    .filter((cells) => cells.length === 4 && /^\d+\.\d+$/.test(cells[0] ?? ''))
    .map(([id = '', , status = '', proof = '']) => {
      const refs = [...proof.matchAll(/`([^`:]+)::([^`]+)`/g)].map(([, file = '', words = '']) => ({ file, words }));
      return { id, status, proof, refs };
    });
}

const all = rows(DOC);

describe('docs/spec-coverage.md', () => {
  it('lists the spec section by section with unique ids', () => {
    expect(all.length).toBeGreaterThan(250);
    const ids = all.map((r) => r.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('gives every row a known status, and a proof to every tested or changed row', () => {
    const unknown = all.filter((r) => !(STATUSES as readonly string[]).includes(r.status)).map((r) => r.id);
    expect(unknown).toEqual([]);
    const unproven = all.filter((r) => (r.status === 'tested' || r.status === 'changed') && r.refs.length === 0);
    expect(unproven.map((r) => r.id)).toEqual([]);
  });

  it('names tests that exist: the file, and the words of the test title in it', () => {
    const broken = all.flatMap((r) =>
      r.refs
        .filter(({ file, words }) => {
          const path = join(ROOT, file);
          return !existsSync(path) || !readFileSync(path, 'utf8').includes(words);
        })
        .map(({ file, words }) => `${r.id}: ${file} :: ${words}`),
    );
    expect(broken).toEqual([]);
  });

  it('counts the open gaps and lists each one at the end', () => {
    const gaps = all.filter((r) => r.status === 'gap').map((r) => r.id);
    const [, count] = DOC.match(/^Open gaps: (\d+)$/m) ?? [];
    expect(Number(count)).toBe(gaps.length);
    const section = DOC.slice(DOC.indexOf('## Open gaps'));
    expect(gaps.filter((id) => !section.includes(id))).toEqual([]);
  });
});
