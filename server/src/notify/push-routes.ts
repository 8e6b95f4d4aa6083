import { pushEndpointSchema, pushSubscriptionSchema } from '@progressive-chess/shared';
import express from 'express';
import { parseWith } from '../http/parse.js';
import { fail } from '../services/errors.js';
import type { AccountDirectory } from '../services/identity.js';
import type { PushPrefsRepo } from './push-prefs-repo.js';
import { signedIn } from './signed-in.js';
import type { VapidKeys } from './vapid.js';

export interface PushRoutesDeps {
  readonly prefs: PushPrefsRepo;
  readonly keys: () => Promise<VapidKeys>;
  readonly directory: AccountDirectory;
  readonly now: () => number;
}

/** `/api/push/*`: the server's public key, and the signed-in account's subscriptions. */
export function pushRoutes(deps: PushRoutesDeps): express.Router {
  const r = express.Router();
  const me = signedIn(deps.directory);
  const json = express.json({ limit: '4kb' });
  r.get('/push/key', async (_req, res) => {
    res.json({ publicKey: (await deps.keys()).publicKey });
  });
  r.post('/push/subscribe', json, async (req, res) => {
    const { playerId } = await me(req);
    const s = parseWith(pushSubscriptionSchema, req.body);
    // the server will POST to this URL: a push service's, never a plain-http one (nor anything else) in production
    if (!s.endpoint.startsWith('https://')) fail('bad-request', 'a push endpoint is an https URL');
    await deps.prefs.subscribe(playerId, { endpoint: s.endpoint, keys: s.keys }, deps.now());
    res.status(201).json({});
  });
  r.post('/push/unsubscribe', json, async (req, res) => {
    const { playerId } = await me(req);
    await deps.prefs.unsubscribe(parseWith(pushEndpointSchema, req.body).endpoint, playerId);
    res.json({});
  });
  return r;
}
