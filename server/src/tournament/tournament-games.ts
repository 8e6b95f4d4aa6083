import type { Logger } from 'pino';
import type { PlayerRef } from '../services/game-doc.js';
import type { CreateGameOptions, GameService } from '../services/game-service.js';
import type { Store } from '../store/store.js';
import type { NewPairing, TournamentRepo } from './tournament-repo.js';
import type { TournamentPlayerRecord, TournamentRecord } from './tournament-record.js';

/** What the tournament asks of the accounts: a player's rating in a variant now (null: a guest), a bot account. */
export interface TournamentPlayers {
  ratingOf(playerId: string, variant: TournamentRecord['variant']): Promise<number | null>;
  /** The ratings in a variant now of those of `playerIds` who have an account (guests are left out), at once. */
  ratingsOf(playerIds: readonly string[], variant: TournamentRecord['variant']): Promise<ReadonlyMap<string, number>>;
  isBot(playerId: string): Promise<boolean>;
}

export interface GameStarterDeps {
  readonly repo: TournamentRepo;
  readonly games: GameService;
  readonly store: Store;
  readonly players: TournamentPlayers;
  readonly logger: Logger;
}

/** An arena's live games may be berserked (not a correspondence Swiss or round robin's). */
export const berserkable = (t: TournamentRecord): boolean => t.kind === 'arena' && t.timeControl.kind === 'fischer';

/**
 * The games of pairings as the game service creates them: the players' refs (a guest, or rated in
 * the variant now: the ratings of all of them asked at once) and the tournament's settings.
 */
async function gamesOf(
  deps: GameStarterDeps,
  t: TournamentRecord,
  pairings: readonly NewPairing[],
  byId: ReadonlyMap<string, TournamentPlayerRecord>,
): Promise<{ id: string; opts: CreateGameOptions }[]> {
  // a player who joined as a guest plays as one: the database is not asked
  const asked = pairings.flatMap((p) => [p.whiteId, p.blackId]).filter((id) => byId.get(id)?.guest !== true);
  const ratings = asked.length ? await deps.players.ratingsOf(asked, t.variant) : new Map<string, number>();
  const refOf = (id: string): PlayerRef => {
    const name = byId.get(id)?.name ?? 'Anonymous';
    const rating = ratings.get(id);
    return rating === undefined ? { id, name, guest: true } : { id, name, rating };
  };
  return pairings.map((p) => gameOf(t, p.gameId, refOf(p.whiteId), refOf(p.blackId)));
}

/** A pairing's game: its players and the tournament's settings. */
function gameOf(t: TournamentRecord, id: string, white: PlayerRef, black: PlayerRef): { id: string; opts: CreateGameOptions } {
  const opts: CreateGameOptions = {
    variant: t.variant,
    timeControl: t.timeControl,
    white,
    black,
    rated: t.rated,
    tournamentId: t.id,
    ...(berserkable(t) ? { berserkable: true } : {}),
  };
  return { id, opts };
}

/**
 * Creates the games of pairings recorded but not created (a node died in between), then the new
 * ones, all in one call of the game service (one store round trip; a game that exists already,
 * made by a node that died before marking it, is left as it is but its start is told again: that
 * node may have died before telling it, and `game:start` and "Your games" follow from it: the
 * players hear of their game from its `game:start`, which carries `tournamentId`), and marks them
 * created in one statement. A node that dies before the mark leaves them pending: the
 * next wave finds their games and only marks them.
 */
export async function startPairings(deps: GameStarterDeps, t: TournamentRecord, pairs: readonly NewPairing[], players: readonly TournamentPlayerRecord[]): Promise<void> {
  const byId = new Map(players.map((p) => [p.playerId, p]));
  const pending = await deps.repo.pending(t.id);
  const all = new Map<string, NewPairing>();
  // this wave's pairings are recorded (pending too) but no game can have their ids yet
  for (const p of pairs) all.set(p.gameId, p);
  for (const g of pending) if (!all.has(g.gameId)) all.set(g.gameId, { gameId: g.gameId, whiteId: g.whiteId, blackId: g.blackId });
  const pairings = [...all.values()];
  const created = await deps.games.createMany(await gamesOf(deps, t, pairings, byId));
  // a game that existed was written by a node that died, maybe before it told its start: told now
  await Promise.all(pairings.filter((_, i) => created[i] === false).map((p) => deps.games.announceStart(p.gameId)));
  await deps.repo.markCreated([...all.keys()]);
}
