import type { MemoryState } from './memory-state.js';
import type { GameWrite, NewGame, StoredSeek } from './store.js';

/**
 * A change to the memory store's state, as a JSON tuple: what the journaled store writes, one a
 * line, and replays at the clock time it was made. Only calls that changed something are recorded
 * (a commit that lost its compare-and-set, an empty claim, a read that found nothing expired are not).
 */
export type StoreChange =
  | ['create', id: string, write: GameWrite]
  | ['createGames', games: readonly NewGame[]]
  | ['commit', id: string, expectedVersion: number, write: GameWrite]
  | ['claim', now: number, limit: number, leaseMs: number]
  | ['settle', id: string, claimedUntil: number, deadline: number | null]
  | ['purgeSeeks', now: number]
  | ['addSeek', seek: StoredSeek, now: number, maxPerOwner: number, maxPerTarget: number | null]
  | ['takeSeek', id: string, now: number]
  | ['takeExpired', now: number, limit: number]
  | ['chat', gameId: string, channel: string, entry: string, cap: number, ttlMs: number]
  | ['reserve', gameId: string, players: readonly string[], max: number]
  | ['release', gameId: string, players: readonly string[]]
  | ['putPlayer', id: string, doc: string, ttlMs: number]
  | ['touchPlayer', id: string, ttlMs: number]
  | ['analysis', gameId: string, doc: string, ttlMs: number];

/** Journal lines leave out a commit's relay (a message already published, and bytes JSON cannot hold). */
export const withoutRelay = (key: string, value: unknown): unknown => (key === 'relay' ? undefined : value);

/** Makes the change again (replay; the state's clock reads the time it was first made). */
export function applyChange(state: MemoryState, c: StoreChange): void {
  switch (c[0]) {
    case 'create':
      return state.createGame(c[1], c[2]);
    case 'createGames':
      return void state.createGames(c[1]);
    case 'commit':
      return void state.commitGame(c[1], c[2], c[3]);
    case 'claim':
      return void state.claimDueGames(c[1], c[2], c[3]);
    case 'settle':
      return state.settleClaim(c[1], c[2], c[3]);
    case 'purgeSeeks':
      return void state.purgeSeeks(c[1]);
    case 'addSeek':
      return void state.addSeek(c[1], c[2], c[3], c[4] ?? undefined);
    case 'takeSeek':
      return void state.takeSeek(c[1], c[2]);
    case 'takeExpired':
      return void state.takeExpiredSeeks(c[1], c[2]);
    case 'chat':
      return state.appendChat(c[1], c[2], c[3], c[4], c[5]);
    case 'reserve':
      return void state.reserveGame(c[1], c[2], c[3]);
    case 'release':
      return state.releaseGame(c[1], c[2]);
    case 'putPlayer':
      return state.putPlayer(c[1], c[2], c[3]);
    case 'touchPlayer':
      return void state.getPlayer(c[1], c[2]);
    case 'analysis':
      return state.putAnalysis(c[1], c[2], c[3]);
  }
}
