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
 * Creates the game of a recorded pairing, idempotently by its id (`fresh`: recorded by this wave,
 * so no game can have its id yet; else a game that exists already, made by a node that died before
 * marking it, is left as it is). Then tells both players. The caller marks it created.
 */
export async function startPairing(
  deps: GameStarterDeps,
  t: TournamentRecord,
  p: NewPairing,
  byId: ReadonlyMap<string, TournamentPlayerRecord>,
  fresh: boolean,
): Promise<void> {
  if (fresh || (await deps.store.gameVersion(p.gameId)) === null) {
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
  deps.paired(p.whiteId, { tournamentId: t.id, gameId: p.gameId, color: 'white' });
  deps.paired(p.blackId, { tournamentId: t.id, gameId: p.gameId, color: 'black' });
}

/**
 * Creates the games of pairings recorded but not created (a node died in between), then the new
 * ones, and marks them created in one statement. A node that dies before the mark leaves them
 * pending: the next wave finds their games and only marks them.
 */
export async function startPairings(deps: GameStarterDeps, t: TournamentRecord, pairs: readonly NewPairing[], players: readonly TournamentPlayerRecord[]): Promise<void> {
  const byId = new Map(players.map((p) => [p.playerId, p]));
  const pending = await deps.repo.pending(t.id);
  const all = new Map<string, { pairing: NewPairing; fresh: boolean }>();
  // this wave's pairings are recorded (pending too) but no game can have their ids yet
  for (const p of pairs) all.set(p.gameId, { pairing: p, fresh: true });
  for (const g of pending) if (!all.has(g.gameId)) all.set(g.gameId, { pairing: { gameId: g.gameId, whiteId: g.whiteId, blackId: g.blackId }, fresh: false });
  const started = await Promise.allSettled([...all.values()].map((x) => startPairing(deps, t, x.pairing, byId, x.fresh)));
  await deps.repo.markCreated([...all.keys()].filter((_, i) => started[i]?.status === 'fulfilled'));
  const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
}
