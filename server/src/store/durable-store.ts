import { Journal, readJournal } from './journal.js';
import { MemoryState, type MemorySnapshot } from './memory-state.js';
import { MemoryStore } from './memory-store.js';
import { applyChange, withoutRelay, type StoreChange } from './store-change.js';

export interface DurableStoreOptions {
  /** The clock of TTLs and of the journal's entries. Default Date.now. */
  readonly now?: () => number;
  /** fsync the journal this often while it has unsynced lines. Default 1000 ms. */
  readonly fsyncMs?: number;
  /** A snapshot is taken once the journal passes this size (and the last snapshot's). Default 16 MiB. */
  readonly snapshotBytes?: number;
}

export const DEFAULT_FSYNC_MS = 1000;
const DEFAULT_SNAPSHOT_BYTES = 16 * 1024 * 1024;

/**
 * The memory store kept on disk for a single node without Redis: every change is journaled
 * (journal.ts: a line per change, written before the change is acknowledged, fsynced every
 * second, snapshots as the journal grows) and replayed at start-up, so a restart, a crash or a
 * kill -9 keeps the games in progress, seeks, players and their deadline claims. The rules are
 * the memory store's own (memory-state.ts); the store contract suite runs on it.
 */
export class DurableStore extends MemoryStore {
  private constructor(
    clock: () => number,
    state: MemoryState,
    private readonly journal: Journal,
    /** Journal entries replayed at start-up (after the last snapshot). */
    readonly replayed: number,
  ) {
    super(clock, state);
  }

  /** Opens (creating it if needed) the store in folder `dir`: the last snapshot, then the journal after it. */
  static open(dir: string, opts: DurableStoreOptions = {}): DurableStore {
    const now = opts.now ?? Date.now;
    let replaying: number | null = null;
    // a replayed change sees the clock of its first making
    const clock = (): number => replaying ?? now();
    const read = readJournal<MemorySnapshot>(dir);
    const state = read.snapshot === null ? new MemoryState(clock) : MemoryState.restore(read.snapshot, clock);
    for (const [seq, at, ...change] of read.entries) {
      replaying = at;
      try {
        applyChange(state, change as StoreChange);
      } catch (e) {
        throw new Error(`${dir}: journal entry ${seq} cannot be replayed: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
      }
    }
    replaying = null;
    const journal = new Journal(dir, read.seq, () => state.snapshot(), {
      fsyncMs: opts.fsyncMs ?? DEFAULT_FSYNC_MS,
      snapshotBytes: opts.snapshotBytes ?? DEFAULT_SNAPSHOT_BYTES,
    });
    return new DurableStore(clock, state, journal, read.entries.length);
  }

  /** Games held (in progress, and finished ones not yet expired), for the start-up log. */
  get gameCount(): number {
    return this.state.gameCount;
  }

  override async close(): Promise<void> {
    await super.close();
    await this.journal.close();
  }

  protected override record(change: StoreChange): Promise<void> {
    return this.journal.append(this.clock(), change, withoutRelay);
  }

  /** A journal that could not be written: nothing more is accepted (the node's /healthz fails). */
  protected override async tick(): Promise<void> {
    await super.tick();
    if (this.journal.failure !== null) throw this.journal.failure;
  }
}
