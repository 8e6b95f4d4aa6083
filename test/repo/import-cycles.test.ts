// No import cycles in the packages' sources, type-only imports included: a cycle hides which module owns a fact.
import { fileURLToPath } from 'node:url';
import { parseCircular, parseDependencyTree } from 'dpdm';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

async function cyclesOf(glob: string, tsconfig: string): Promise<string[][]> {
  const tree = await parseDependencyTree(glob, { cwd: root, context: root, tsconfig, transform: false, skipDynamicImports: false });
  return parseCircular(tree);
}

describe('import cycles', () => {
  it.each([
    ['shared/src/**/*.ts', 'shared/tsconfig.json'],
    ['server/src/**/*.ts', 'server/tsconfig.json'],
    ['client/src/**/*.ts', 'client/tsconfig.json'],
  ])('%s has none', async (glob, tsconfig) => {
    expect(await cyclesOf(glob, `${root}${tsconfig}`)).toEqual([]);
  }, 60_000);
});
