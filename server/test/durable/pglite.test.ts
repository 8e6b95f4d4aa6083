import { openDatabase } from '../../src/db/open-database.js';
import { durableContract } from './contract.js';

durableContract('PGlite (in memory)', () => openDatabase({}));
