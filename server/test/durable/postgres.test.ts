import { afterAll, beforeAll, describe } from 'vitest';
import { openDatabase } from '../../src/db/open-database.js';
import { type PostgresHandle, skipWithoutPostgres, startPostgres } from '../../../test/support/postgres-server.js';
import { durableContract } from './contract.js';
import { socialContract } from './social-contract.js';
import { notifyContract } from './notify-contract.js';

describe.skipIf(skipWithoutPostgres())('PostgreSQL server', () => {
  let pg: PostgresHandle;
  beforeAll(async () => {
    pg = await startPostgres();
  }, 120_000);
  afterAll(async () => {
    await pg?.stop();
  });
  durableContract('PostgreSQL', async () => openDatabase({ url: await pg.createDatabase() }));
  socialContract('PostgreSQL', async () => openDatabase({ url: await pg.createDatabase() }));
  notifyContract('PostgreSQL', async () => openDatabase({ url: await pg.createDatabase() }));
});
