import { SecondChanceMap } from '../second-chance-map.js';

/**
 * Per-process cache of game move logs for the Redis store. A move log is append-only and
 * identified by a random log id written when the game is created, so a cached prefix stays
 * true: a load then only fetches the entries past it. A takeback cuts the log and gives it a new
 * log id: every node's cached copy of the old one no longer matches and is loaded whole again. Bounded by the number of entries kept
 * (games not used lately go first). Callers always get their own copy of an array.
 */
interface Entry {
  readonly logId: string;
  readonly moves: string[];
}

export class MoveLogCache {
  /** Least recently used games go first, roughly (second-chance-map.ts: an append moves nothing). */
  private readonly entries = new SecondChanceMap<string, Entry>();
  private total = 0;

  constructor(private readonly maxEntries: number) {}

  /** What to ask Redis for: the cached log id ('' = nothing), its length and the cached prefix. */
  known(gameId: string): { logId: string; length: number; prefix: readonly string[] } {
    const e = this.entries.peek(gameId);
    return e ? { logId: e.logId, length: e.moves.length, prefix: e.moves } : { logId: '', length: 0, prefix: [] };
  }

  /**
   * Combines a load reply (entries from `start` on) with the prefix known when it was asked,
   * returns the whole log and keeps the longest version in the cache.
   */
  merge(gameId: string, logId: string, start: number, prefix: readonly string[], tail: readonly string[]): string[] {
    const moves = start === 0 ? [...tail] : [...prefix.slice(0, start), ...tail];
    if (logId === '') return moves;
    const e = this.entries.peek(gameId);
    if (!e || e.logId !== logId) this.set(gameId, { logId, moves: [...moves] });
    else if (e.moves.length < moves.length) this.append(gameId, e, moves.slice(e.moves.length));
    else this.touch(gameId);
    return moves;
  }

  /** After a successful commit: the appended entries, if the cache held exactly the log before them. */
  appended(gameId: string, entries: readonly string[], newLength: number): void {
    const e = this.entries.peek(gameId);
    // a shorter cached prefix stays true; a longer one already holds the entries
    if (e && e.moves.length + entries.length === newLength) this.append(gameId, e, entries);
  }

  /** This node cut the log (a takeback): its copy is gone; the next load reads the new log whole. */
  forget(gameId: string): void {
    this.drop(gameId);
  }

  created(gameId: string, logId: string, entries: readonly string[]): void {
    this.set(gameId, { logId, moves: [...entries] });
  }

  private append(gameId: string, e: Entry, entries: readonly string[]): void {
    e.moves.push(...entries);
    this.total += entries.length;
    this.touch(gameId);
    this.evict();
  }

  private set(gameId: string, e: Entry): void {
    this.drop(gameId);
    this.entries.set(gameId, e);
    this.total += e.moves.length;
    this.evict();
  }

  private touch(gameId: string): void {
    this.entries.get(gameId);
  }

  private drop(gameId: string): void {
    const e = this.entries.peek(gameId);
    if (!e) return;
    this.total -= e.moves.length;
    this.entries.delete(gameId);
  }

  private evict(): void {
    if (this.total <= this.maxEntries) return; // (no iterator made on every append)
    this.entries.evict(
      () => this.total > this.maxEntries,
      (_id, e) => (this.total -= e.moves.length),
    );
  }
}
