import { setMaxListeners } from 'node:events';
import { opposite, remainingMs } from '@progressive-chess/shared';
import type { Logger } from 'pino';
import { ComputeError, type ComputePool } from '../compute/pool.js';
import { ServiceError } from '../services/errors.js';
import { botDue, parseDoc, type BotSeat, type GameDoc } from '../services/game-doc.js';
import type { Store } from '../store/store.js';
import type { BotMoves } from './bot-moves.js';
import type { BotSettings } from './bot-settings.js';

export interface BotDriverDeps {
  readonly store: Store;
  readonly moves: BotMoves;
  readonly compute: ComputePool;
  readonly now: () => number;
  readonly logger: Logger;
  readonly settings: BotSettings;
  /** Uniform integer in [0, max): seeds and pauses. */
  readonly randomInt: (max: number) => number;
}

interface Game {
  readonly version: number;
  readonly doc: GameDoc;
  readonly bot: BotSeat;
}

interface Drive {
  /** The deadline entry's value while this node holds the turn (the store's claim lease). */
  claimedUntil: number;
}

/** How a series ended: played to its end, interrupted by a change that was not a move (think again), or stopped. */
type Played = 'done' | 'again' | 'stop';

/** Rounds of thinking per claim (a draw offer or another non-move change interrupts a series). */
const MAX_ROUNDS = 4;

/**
 * Plays the computer's turns. A bot turn is a deadline due at once (see `botDue`): the node whose
 * deadline worker claims it gets it here, holds it (renewing the claim's lease while it thinks, and
 * with every move it commits), asks the compute pool for a series and plays it one move at a time
 * through the game service. Any change it did not make stops it (the search is cancelled when the
 * game moves on while it thinks); if this node dies, the hold lapses and another node's worker
 * claims the turn again.
 */
export class BotDriver {
  private readonly drives = new Map<string, Drive>();
  private readonly running = new Set<Promise<void>>();
  private readonly closing = new AbortController();

  constructor(private readonly deps: BotDriverDeps) {
    // Every thinking or pausing game listens for the node's shutdown.
    setMaxListeners(0, this.closing.signal);
  }

  /** A claimed bot turn (from the deadline worker): drive it unless this node already does. */
  take(gameId: string, claimedUntil: number): void {
    if (this.closing.signal.aborted) return;
    const known = this.drives.get(gameId);
    if (known) {
      known.claimedUntil = claimedUntil;
      return;
    }
    const drive: Drive = { claimedUntil };
    this.drives.set(gameId, drive);
    const run = this.drive(gameId, drive)
      .catch((e: unknown) => this.deps.logger.error({ err: e, gameId }, 'bot drive'))
      .finally(() => {
        this.drives.delete(gameId);
        this.running.delete(run);
      });
    this.running.add(run);
  }

  /** Games this node is playing for the computer now. */
  get active(): number {
    return this.drives.size;
  }

  async close(): Promise<void> {
    this.closing.abort();
    await Promise.allSettled([...this.running]);
  }

  private async drive(gameId: string, drive: Drive): Promise<void> {
    await this.renew(gameId, drive);
    for (let round = 0; round < MAX_ROUNDS; round++) {
      let game = await this.load(gameId);
      if (game === null || this.closing.signal.aborted) return;
      if (game.doc.drawOffer === opposite(game.bot.color)) {
        await this.deps.moves.declineDraw(game.doc);
        game = await this.load(gameId);
        if (game === null) return;
      }
      if (game.doc.takebackOffer === opposite(game.bot.color)) {
        await this.deps.moves.answerTakeback(game.doc);
        game = await this.load(gameId);
        if (game === null) return;
      }
      const series = await this.think(gameId, game, drive);
      if (series === null) return;
      if ((await this.play(game, series)) !== 'again') return;
    }
  }

  /** The bot's series from the game's current state; null when the game changed meanwhile (search cancelled). */
  private async think(gameId: string, game: Game, drive: Drive): Promise<readonly string[] | null> {
    const changed = new AbortController();
    const signal = AbortSignal.any([changed.signal, this.closing.signal]);
    const stopWatching = this.watch(gameId, game.version, drive, changed);
    try {
      const out = await this.deps.compute.run(
        'bot-series',
        { state: game.doc.state, level: game.bot.level, budgetMs: this.budget(game), ...this.limit(game), seed: this.deps.randomInt(2 ** 31) },
        { signal },
      );
      return signal.aborted ? null : out.moves;
    } catch (e) {
      if (!(e instanceof ComputeError)) throw e;
      // Busy or a failed search: the hold lapses and the turn is claimed again (a retry after the lease).
      if (e.code !== 'aborted' && e.code !== 'closed') this.deps.logger.warn({ err: e, gameId }, 'bot search');
      return null;
    } finally {
      stopWatching();
    }
  }

  /** While thinking: aborts when the game changes, and renews the hold before it lapses. */
  private watch(gameId: string, version: number, drive: Drive, changed: AbortController): () => void {
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      this.check(gameId, version, drive, changed)
        .catch((e: unknown) => this.deps.logger.warn({ err: e, gameId }, 'bot watch'))
        .finally(() => {
          busy = false;
        });
    }, this.deps.settings.watchMs);
    return () => clearInterval(timer);
  }

  private async check(gameId: string, version: number, drive: Drive, changed: AbortController): Promise<void> {
    // The version alone (one small read), not the game: any change stops the search.
    if ((await this.deps.store.gameVersion(gameId)) !== version) return changed.abort();
    if (drive.claimedUntil - this.deps.now() < this.deps.settings.leaseMs / 2) await this.renew(gameId, drive);
  }

  /** Moves the claim's lease on (it stays put if a commit or another node moved it since). */
  private async renew(gameId: string, drive: Drive): Promise<void> {
    const until = this.deps.now() + this.deps.settings.leaseMs;
    await this.deps.store.settleClaim(gameId, drive.claimedUntil, until);
    drive.claimedUntil = until;
  }

  /** Plays the series one move at a time, pausing between moves; stops at the first change it did not make. */
  private async play(game: Game, series: readonly string[]): Promise<Played> {
    let version = game.version;
    const pause = this.pause(game, series.length);
    for (const [i, uci] of series.entries()) {
      if (i > 0 && pause > 0) await this.sleep(pause);
      if (this.closing.signal.aborted) return 'stop';
      const r = await this.attempt(() => this.deps.moves.move(game.doc, version, uci, this.holdUntil()));
      if (r === null) return this.interrupted(game);
      version = r.version;
      if (botDue(r.doc) === null) return 'done';
    }
    // A cost series may stop short of its points: pass the rest.
    const passed = await this.attempt(() => this.deps.moves.pass(game.doc, version, this.holdUntil()));
    if (passed === null) return this.interrupted(game);
    return botDue(passed.doc) === null ? 'done' : 'again';
  }

  /** A refused bot command (stale version, game over, ...) is null; faults propagate. */
  private async attempt<T>(command: () => Promise<T>): Promise<T | null> {
    try {
      return await command();
    } catch (e) {
      if (e instanceof ServiceError) return null;
      throw e;
    }
  }

  /** After a refused move: think again only if the position is the same and still the bot's turn (e.g. a draw offer came in). */
  private async interrupted(before: Game): Promise<Played> {
    const now = await this.load(before.doc.id);
    return now !== null && now.doc.state === before.doc.state ? 'again' : 'stop';
  }

  private holdUntil(): number {
    return this.deps.now() + this.deps.settings.leaseMs;
  }

  /** The bot's time left, once its clock runs (null before its first move, and untimed). */
  private timeLeft(game: Game): number | null {
    if (!game.doc.started[game.bot.color] || game.doc.clock.control.kind === 'none') return null;
    return remainingMs(game.doc.clock, game.bot.color, this.deps.now());
  }

  /** The level's budget, cut to a share of the bot's time left once its clock runs. */
  private budget(game: Game): number {
    const level = this.deps.settings.budgetMs[game.bot.level];
    const left = this.timeLeft(game);
    return left === null ? level : Math.max(10, Math.min(level, left * this.deps.settings.clockShare));
  }

  /** The time its search never passes, once its clock runs (none before: nothing to lose on time). */
  private limit(game: Game): { limitMs?: number } {
    const left = this.timeLeft(game);
    return left === null ? {} : { limitMs: left * this.deps.settings.limitShare };
  }

  /** A human-like pause between moves, shortened so a series never spends much of the clock. */
  private pause(game: Game, moves: number): number {
    const [min, max] = this.deps.settings.pauseMs;
    const drawn = min + (max > min ? this.deps.randomInt(max - min + 1) : 0);
    const left = this.timeLeft(game);
    return left === null ? drawn : Math.min(drawn, (left * this.deps.settings.clockShare) / Math.max(1, moves));
  }

  private sleep(ms: number): Promise<void> {
    const { signal } = this.closing;
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(t);
        signal.removeEventListener('abort', done);
        resolve();
      };
      const t = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
    });
  }

  /** The game when it needs the computer (its turn, or a draw or takeback offer to answer: `botDue`), else null. */
  private async load(gameId: string): Promise<Game | null> {
    const head = await this.deps.store.loadGameHead(gameId);
    if (head === null) return null;
    const doc = parseDoc(head.doc);
    if (doc.bot === undefined || botDue(doc) === null) return null;
    return { version: head.version, doc, bot: doc.bot };
  }
}
