import type { Seek } from '@progressive-chess/shared';
import { fail } from './errors.js';
import type { AccountDirectory } from './identity.js';

/** The account challenged by name: its player id and username. */
export type ChallengeTarget = NonNullable<Seek['opponent']>;

/**
 * The player a challenge by `name` goes to: a registered account other than the challenger's own.
 * Refused with `no-accounts` (the server keeps no accounts), `unknown-player` or `self-challenge`.
 */
export async function challengeTarget(accounts: AccountDirectory | undefined, challenger: string, name: string): Promise<ChallengeTarget> {
  if (accounts === undefined) fail('no-accounts', 'challenges by name need player accounts, and this server keeps none');
  const account = await accounts.accountNamed(name);
  if (account === null) fail('unknown-player', `no player is registered as ${name}`);
  if (account.playerId === challenger) fail('self-challenge', 'you cannot challenge yourself');
  return { id: account.playerId, name: account.username };
}
