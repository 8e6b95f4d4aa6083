import { preferencesSchema, type PreferencesAnswer } from '@progressive-chess/shared';
import express from 'express';
import type { Database } from '../db/database.js';
import { parseWith } from '../http/parse.js';
import { signedIn } from '../notify/signed-in.js';
import type { AccountDirectory } from '../services/identity.js';
import { PreferencesRepo } from './preferences-repo.js';

export interface PreferencesRoutesDeps {
  readonly database: Database;
  readonly directory: AccountDirectory;
  readonly now: () => number;
}

/**
 * `GET/PUT /api/account/preferences` (issue 36): the signed-in member's language, theme, board and
 * piece sets, animation, move confirmation and volume, so they follow the member to another browser.
 * `account-required` without a session; `bad-request` for a set the schema refuses.
 */
export function preferencesRoutes(deps: PreferencesRoutesDeps): express.Router {
  const repo = new PreferencesRepo(deps.database);
  const me = signedIn(deps.directory);
  const r = express.Router();
  r.get('/account/preferences', async (req, res) => {
    const { playerId } = await me(req);
    res.setHeader('Cache-Control', 'no-store');
    res.json({ preferences: await repo.get(playerId) } satisfies PreferencesAnswer);
  });
  r.put('/account/preferences', express.json({ limit: '4kb' }), async (req, res) => {
    const { playerId } = await me(req);
    const preferences = parseWith(preferencesSchema, req.body);
    await repo.set(playerId, preferences, deps.now());
    res.json({ preferences } satisfies PreferencesAnswer);
  });
  return r;
}
