import type { Logger } from 'pino';
import { DatabaseUnavailableError } from '../db/database.js';
import { fail } from '../services/errors.js';
import type { GameDoc } from '../services/game-doc.js';
import type { GameLifecycle } from '../services/game-lifecycle.js';
import type { PlaybanRepo } from './playban-repo.js';
import { banMs, offenceOf, PLAYBAN_RULES } from './playban-rules.js';

/** A wait in words: "5 minutes", "2 hours 15 minutes". */
export function waitText(ms: number): string {
  const total = Math.max(1, Math.ceil(ms / 60_000));
  const [h, m] = [Math.floor(total / 60), total % 60];
  const unit = (n: number, u: string): string => `${n} ${u}${n === 1 ? '' : 's'}`;
  return [h > 0 ? unit(h, 'hour') : '', m > 0 ? unit(m, 'minute') : ''].filter((x) => x !== '').join(' ');
}

/** What the lobby asks before a seek, a challenge or an acceptance. */
export interface SeekGuard {
  /** Throws `playban` (with `until`) when the player may not seek now. */
  check(playerId: string): Promise<void>;
}

/**
 * The fair-play guard (as lichess's playban): finished games' offences (playban-rules.ts) bar
 * their player from seeking for a growing time. Fed from one place: the game lifecycle's `archived`
 * event (`subscribeFairPlay`), emitted once by the node that marks the game archived; an offence is
 * recorded once per game and player whatever repeats it.
 */
export class Playbans implements SeekGuard {
  constructor(
    private readonly repo: PlaybanRepo,
    private readonly now: () => number,
    private readonly logger?: Logger,
  ) {}

  /** A finished game was archived (first time): records its offence, if any, and bars its player when due. */
  async gameFinished(doc: GameDoc): Promise<void> {
    const offence = offenceOf(doc);
    if (offence === null) return;
    const now = this.now();
    const count = await this.repo.record(offence.playerId, doc.id, offence.cause, now, now - PLAYBAN_RULES.WINDOW_MS);
    const ms = count === null ? 0 : banMs(count);
    if (ms > 0) await this.repo.ban(offence.playerId, now + ms);
    this.logger?.info({ playerId: offence.playerId, gameId: doc.id, cause: offence.cause, count, banMs: ms }, 'fair-play offence');
  }

  /** A database away lets the player seek (guests play on without it; a bar is re-checked at the next seek). */
  async check(playerId: string): Promise<void> {
    const until = await this.repo.bannedUntil(playerId, this.now()).catch((e: unknown) => {
      if (e instanceof DatabaseUnavailableError) return null;
      throw e;
    });
    if (until === null) return;
    fail('playban', `you aborted or left too many games recently: you may seek again in ${waitText(until - this.now())} (at ${new Date(until).toISOString()})`, until);
  }
}

/** Each archived game's offence, if any, recorded (game-lifecycle.ts `archived`); returns the unsubscribe. */
export function subscribeFairPlay(lifecycle: GameLifecycle, playbans: Playbans, logger: Logger): () => void {
  return lifecycle.on('archived', (e) => playbans.gameFinished(e.doc).catch((err: unknown) => logger.warn({ err }, 'fair-play record')));
}
