import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { openDatabase } from '../../src/db/open-database.js';
import { durableContract } from './contract.js';
import { socialContract } from './social-contract.js';
import { notifyContract } from './notify-contract.js';

durableContract('PGlite (in memory)', () => openDatabase({}));
socialContract('PGlite (in memory)', () => openDatabase({}));
notifyContract('PGlite (in memory)', () => openDatabase({}));

it('PGlite creates its folder and the missing folders above it (DATA_DIR=/some/new/folder)', async () => {
  const root = mkdtempSync(join(tmpdir(), 'pglite-dir-'));
  const dir = join(root, 'some', 'new', 'folder', 'pglite');
  try {
    const db = await openDatabase({ pgliteDir: dir });
    await db.close();
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}, 120_000);
