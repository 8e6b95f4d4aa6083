// The repository stands on its own: no tracked file reads or cites a path outside it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findOutsidePaths, isBinary, repoPathSet } from '../support/outside-paths.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tracked = (): string[] =>
  execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter((f) => f !== '');

// Sample paths assembled from pieces, so that this file passes its own check.
const up = '../';
const dir = 'sha' + 'red/';
const machine = (top: string): string => `/${top}/`;

describe('findOutsidePaths', () => {
  const repo = repoPathSet(['shared/src/index.ts', 'shared/test/data/perft.json', 'client/vite.config.ts']);
  const inRepo = (p: string): boolean => repo.has(p);

  it('flags absolute paths of a machine', () => {
    for (const top of ['wo' + 'rk', 'ho' + 'me', 'Us' + 'ers', 'ro' + 'ot']) {
      const text = `const CSV = '${machine(top)}x/data.csv';`;
      expect(findOutsidePaths('a/b.ts', text, inRepo), top).toHaveLength(1);
    }
  });

  it('flags a path climbing out of the checkout and a reference folder the repository lacks', () => {
    const out = findOutsidePaths('shared/test/chess/helpers.ts', `new URL('${up.repeat(4)}${dir}data/perft.json')`, inRepo);
    expect(out.map((o) => o.why)).toEqual(['climbs out of the repository']);
    const doc = findOutsidePaths('shared/API.md', `see \`${up}${dir}RULES.md\` beside the checkout`, inRepo);
    expect(doc).toHaveLength(1);
    expect(doc[0]?.why).toMatch(/does not hold/);
    expect(doc[0]?.line).toBe(1);
  });

  it('accepts paths to the workspace package inside the repository and URLs', () => {
    expect(findOutsidePaths('client/vite.config.ts', `new URL('${up}${dir}src/index.ts')`, inRepo)).toEqual([]);
    expect(findOutsidePaths('server/test/a.test.ts', `from '${up.repeat(2)}${dir}src/index.js'`, inRepo)).toEqual([]);
    expect(findOutsidePaths('server/test/a.test.ts', `from '${up.repeat(2)}${dir}src/gone.js'`, inRepo)).toHaveLength(1);
    expect(findOutsidePaths('README.md', `https://example.org${machine('ho' + 'me')} and /usr/bin/chromium`, inRepo)).toEqual([]);
  });

  it('reports the line of each finding', () => {
    const text = `one\ntwo ${machine('wo' + 'rk')}x\nthree`;
    expect(findOutsidePaths('f.md', text, inRepo)).toMatchObject([{ line: 2 }]);
  });
});

describe('the tracked files of this repository', () => {
  it('name no path outside the repository', () => {
    const files = tracked();
    expect(files.length).toBeGreaterThan(100);
    const repo = repoPathSet(files);
    const found = files
      .filter((f) => f !== 'package-lock.json')
      .flatMap((f) => {
        const bytes = readFileSync(`${root}/${f}`);
        return isBinary(bytes) ? [] : findOutsidePaths(f, bytes.toString('utf8'), (p) => repo.has(p));
      });
    expect(found.map((o) => `${o.file}:${o.line}: ${o.text} (${o.why})`)).toEqual([]);
  });

  it('include the reference data the tests read', () => {
    const files = new Set(tracked());
    for (const f of ['shared/test/data/perft.json', 'shared/test/data/progressive-mates-60.csv', 'shared/test/data/README.md']) {
      expect(files.has(f), f).toBe(true);
    }
  });
});
