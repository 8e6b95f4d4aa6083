import type { StoredGame } from '../store/store.js';
import { parseDoc, parseGame, parseMoves, type ParsedGame } from './game-doc.js';
import { FreshRead } from './fresh-read.js';

/**
 * Join, resync and spectate without a full reload: per node, the last game loaded for each room,
 * parsed (doc and move records), kept by version. A read first asks the store for the game's
 * current version (`version`: one small read; the asks of one event-loop turn share one read, issued
 * after they came: `FreshRead`), and serves the cached game only when it is exactly that version;
 * otherwise the game is loaded again (coalesced the same way; the move records parsed for the
 * cached version are reused, as the log only grows). So a stale game is never served as current:
 * every answer is at least as new as the store was when the request came (and a client resyncs on
 * a version gap anyway).
 * Bounded by the move records kept (`maxMoves`, all games together): least recently used games go first.
 */
export class CurrentGames {
  private readonly cache = new Map<string, ParsedGame>();
  /** Move records held by the cache. */
  private moves = 0;
  private readonly versions: FreshRead<number | null>;
  private readonly loads: FreshRead<ParsedGame>;

  constructor(
    load: (gameId: string) => Promise<StoredGame>,
    version: (gameId: string) => Promise<number | null>,
    private readonly maxMoves = 100_000,
  ) {
    this.versions = new FreshRead(version);
    this.loads = new FreshRead(async (id) => this.remember(id, await load(id)));
  }

  /** The game at its current version. */
  async get(gameId: string): Promise<ParsedGame> {
    const cached = this.cache.get(gameId);
    if (cached) {
      // null: no longer in the live store (archived and expired): loaded from the archive
      if ((await this.versions.get(gameId)) === cached.version) return this.touch(gameId, cached);
    }
    return this.loads.get(gameId);
  }

  /** The version of the game now (no move log read); unknown-game as `load` throws it when there is none. */
  async version(gameId: string): Promise<number> {
    return (await this.versions.get(gameId)) ?? (await this.loads.get(gameId)).version;
  }

  /** The game as this node last saw it (any version), e.g. for its players, which never change. */
  async known(gameId: string): Promise<ParsedGame> {
    return this.cache.get(gameId) ?? this.loads.get(gameId);
  }

  private remember(gameId: string, stored: StoredGame): ParsedGame {
    const before = this.cache.get(gameId);
    if (before && before.version > stored.version) return parseGame(stored);
    // the move log only grows: the records parsed for an earlier version are a prefix of this one's
    const game =
      before && before.moves.length <= stored.moves.length
        ? { version: stored.version, doc: parseDoc(stored.doc), moves: [...before.moves, ...parseMoves(stored.moves.slice(before.moves.length))] }
        : parseGame(stored);
    return this.touch(gameId, game);
  }

  private touch(gameId: string, game: ParsedGame): ParsedGame {
    this.drop(gameId);
    this.cache.set(gameId, game);
    this.moves += game.moves.length;
    for (const id of this.cache.keys()) {
      if (this.moves <= this.maxMoves || id === gameId) break;
      this.drop(id);
    }
    return game;
  }

  private drop(gameId: string): void {
    this.moves -= this.cache.get(gameId)?.moves.length ?? 0;
    this.cache.delete(gameId);
  }
}
