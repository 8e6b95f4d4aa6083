import type { Color } from '@progressive-chess/shared';
import type { Logger } from 'pino';
import type { GameService } from '../services/game-service.js';
import type { PlayerRef } from '../services/game-doc.js';
import type { Store } from '../store/store.js';
import type { NewPairing, TournamentRepo } from './tournament-repo.js';
import type { TournamentPlayerRecord, TournamentRecord } from './tournament-record.js';

/** What the tournament asks of the accounts: a player's rating in a variant now (null: a guest), a bot account. */
export interface TournamentPlayers {
  ratingOf(playerId: string, variant: TournamentRecord['variant']): Promise<number | null>;
  isBot(playerId: string): Promise<boolean>;
}

export interface GameStarterDeps {
  readonly repo: TournamentRepo;
  readonly games: GameService;
  readonly store: Store;
  readonly players: TournamentPlayers;
  readonly logger: Logger;
  /** `tournament:paired` to every connection of the player. */
  readonly paired: (playerId: string, p: { tournamentId: string; gameId: string; color: Color }) => void;
}

/** An arena's live games may be berserked (not a correspondence Swiss or round robin's). */
export const berserkable = (t: TournamentRecord): boolean => t.kind === 'arena' && t.timeControl.kind === 'fischer';

/**
 * Creates the game of a recorded pairing, idempotently by its id: a game that exists already (made
 * by a node that died before marking it) is only marked. Then tells both players.
 */
export async function startPairing(deps: GameStarterDeps, t: TournamentRecord, p: NewPairing, byId: ReadonlyMap<string, TournamentPlayerRecord>): Promise<void> {
  if ((await deps.store.gameVersion(p.gameId)) === null) {
    const refOf = async (id: string): Promise<PlayerRef> => {
      const known = byId.get(id);
      const name = known?.name ?? 'Anonymous';
      if (known?.guest === true) return { id, name, guest: true };
      const rating = await deps.players.ratingOf(id, t.variant);
      return rating === null ? { id, name, guest: true } : { id, name, rating };
    };
    const [white, black] = await Promise.all([refOf(p.whiteId), refOf(p.blackId)]);
    // counted among the players' games in progress, never refused by the per-player cap (a round robin's are all at once)
    await deps.games.reserve(p.gameId, [p.whiteId, p.blackId], Number.MAX_SAFE_INTEGER);
    try {
      await deps.games.create(
        { variant: t.variant, timeControl: t.timeControl, white, black, rated: t.rated, tournamentId: t.id, ...(berserkable(t) ? { berserkable: true } : {}) },
        p.gameId,
      );
    } catch (e) {
      // another node created it meanwhile: done
      if ((await deps.store.gameVersion(p.gameId)) === null) throw e;
    }
  }
  await deps.repo.markCreated(p.gameId);
  deps.paired(p.whiteId, { tournamentId: t.id, gameId: p.gameId, color: 'white' });
  deps.paired(p.blackId, { tournamentId: t.id, gameId: p.gameId, color: 'black' });
}

/** Creates the games of pairings recorded but not created (a node died in between), then the new ones. */
export async function startPairings(deps: GameStarterDeps, t: TournamentRecord, pairs: readonly NewPairing[], players: readonly TournamentPlayerRecord[]): Promise<void> {
  const byId = new Map(players.map((p) => [p.playerId, p]));
  const pending = await deps.repo.pending(t.id);
  const all = new Map<string, NewPairing>();
  for (const g of pending) all.set(g.gameId, { gameId: g.gameId, whiteId: g.whiteId, blackId: g.blackId });
  for (const p of pairs) all.set(p.gameId, p);
  await Promise.all([...all.values()].map((p) => startPairing(deps, t, p, byId)));
}
