import { openDatabase } from '../../src/db/open-database.js';
import { durableContract } from './contract.js';
import { notifyContract } from './notify-contract.js';

durableContract('PGlite (in memory)', () => openDatabase({}));
notifyContract('PGlite (in memory)', () => openDatabase({}));
