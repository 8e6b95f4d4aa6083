import { playedTurns } from '@progressive-chess/shared';
import type { Logger } from 'pino';
import type { ComputePool } from '../compute/pool.js';
import { newId } from '../ids.js';
import type { GameArchived } from '../services/game-lifecycle.js';
import { recordOf } from '../services/game-record.js';
import type { StoredGame } from '../store/store.js';
import type { ExplorerRepo } from './explorer-repo.js';
import { explorerRows } from './explorer-rows.js';
import { mineGame, type MiningBudget } from './puzzle-miner.js';
import type { PuzzleRepo } from './puzzle-repo.js';

export interface IndexerDeps {
  readonly load: (gameId: string) => Promise<StoredGame>;
  readonly explorer: ExplorerRepo;
  readonly puzzles: PuzzleRepo;
  readonly compute: ComputePool;
  readonly budget: MiningBudget;
  readonly now: () => number;
  readonly logger: Logger;
  /** Archived games waiting at most; more are not counted nor mined (logged). */
  readonly maxPending: number;
}

/** What indexing one game cost (logged, and read by tests and the benchmark). */
export interface Indexed {
  readonly gameId: string;
  readonly counted: boolean;
  readonly puzzles: number;
  readonly series: number;
  readonly nodes: number;
  readonly ms: number;
}

/**
 * The archived games' learning side, one game at a time on this node: the explorer's counts
 * (database rows, once per game across nodes), then the puzzles mined from its series (compute
 * pool, within the mining budget; once per game across nodes). A lifecycle subscriber: the node
 * that archived a game indexes it; a node that dies before leaves that game out (nothing is retried).
 */
export class LearningIndexer {
  private readonly pending: string[] = [];
  private running: Promise<void> | null = null;
  private readonly stop = new AbortController();
  private readonly listeners: ((i: Indexed) => void)[] = [];

  constructor(private readonly deps: IndexerDeps) {}

  /** The lifecycle listener. */
  readonly archived = (e: GameArchived): void => {
    if (this.stop.signal.aborted) return;
    if (this.pending.length >= this.deps.maxPending) {
      this.deps.logger.warn({ gameId: e.doc.id }, 'learning: too many archived games waiting, this one is not indexed');
      return;
    }
    this.pending.push(e.doc.id);
    this.running ??= this.drain();
  };

  /** Tells each indexed game (tests, the benchmark); returns its unsubscribe. */
  onIndexed(listener: (i: Indexed) => void): () => void {
    this.listeners.push(listener);
    return () => {
      const i = this.listeners.indexOf(listener);
      if (i >= 0) this.listeners.splice(i, 1);
    };
  }

  async close(): Promise<void> {
    this.stop.abort();
    this.pending.length = 0;
    await this.running;
  }

  private async drain(): Promise<void> {
    for (let id = this.pending.shift(); id !== undefined; id = this.pending.shift()) {
      try {
        const done = await this.index(id);
        for (const l of this.listeners) l(done);
      } catch (err) {
        if (!this.stop.signal.aborted) this.deps.logger.warn({ err, gameId: id }, 'learning: indexing an archived game failed');
      }
    }
    this.running = null;
  }

  private async index(gameId: string): Promise<Indexed> {
    const started = performance.now();
    const { doc, record } = recordOf(await this.deps.load(gameId));
    const turns = playedTurns(record);
    if (!turns.ok) throw new Error(`stored game ${gameId} does not replay: ${turns.error.message}`);
    const counted = await this.deps.explorer.count(gameId, explorerRows(doc, turns.value), this.deps.now());
    if (doc.outcome?.result === null || doc.outcome?.result === undefined) {
      return { gameId, counted, puzzles: 0, series: 0, nodes: 0, ms: performance.now() - started };
    }
    const mined = await mineGame(doc, turns.value, this.deps.compute, this.deps.budget, this.stop.signal);
    if (this.stop.signal.aborted) throw new Error('closed');
    const puzzles = await this.deps.puzzles.addMined(gameId, mined.candidates, newId, this.deps.now());
    const ms = performance.now() - started;
    this.deps.logger.info({ gameId, puzzles, series: mined.series, nodes: mined.nodes, cut: mined.cut, ms: Math.round(ms) }, 'archived game indexed');
    return { gameId, counted, puzzles, series: mined.series, nodes: mined.nodes, ms };
  }
}
