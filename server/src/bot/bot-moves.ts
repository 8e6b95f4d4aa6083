import { ServiceError } from '../services/errors.js';
import { botDue, type GameDoc } from '../services/game-doc.js';
import { GAME_DECISIONS, NOTHING_GATHERED, type GameCommands } from '../services/game-commands.js';
import type { GameService } from '../services/game-service.js';
import type { Transition } from '../services/game-transitions.js';

type Played = { version: number; doc: GameDoc };

/**
 * The bot's commit keeps holding its turn until `holdUntil` (no other driver takes it meanwhile);
 * the commit that ends its series drops the hold, so its next turn is due as soon as it comes.
 */
function holding(t: Transition | null, holdUntil: number): Transition | null {
  if (t === null) return null;
  const { botHold: _old, ...doc } = t.doc;
  return { ...t, doc: botDue(doc) === null ? doc : { ...doc, botHold: holdUntil } };
}

/**
 * The computer's own commands: the same `GameService.command` as a person's (seat, version and
 * clock checks, compare-and-set, versioned broadcast), under its seat identity `bot:<level>`.
 */
export class BotMoves {
  constructor(
    private readonly games: GameService,
    private readonly commands: GameCommands,
  ) {}

  move(doc: GameDoc, version: number, uci: string, holdUntil: number): Promise<Played> {
    const p = { gameId: doc.id, version, move: uci };
    return this.games.command(doc.id, this.seat(doc), { version }, (c) => holding(GAME_DECISIONS['game:move'].decide(c, p, NOTHING_GATHERED), holdUntil));
  }

  /** Cost variants: ends the turn when the series stopped short. */
  pass(doc: GameDoc, version: number, holdUntil: number): Promise<Played> {
    const p = { gameId: doc.id, version };
    return this.games.command(doc.id, this.seat(doc), { version }, (c) => holding(GAME_DECISIONS['game:endTurn'].decide(c, p, NOTHING_GATHERED), holdUntil));
  }

  /** The computer declines draw offers. */
  async declineDraw(doc: GameDoc): Promise<number> {
    return (await this.commands.run('game:drawDecline', this.seat(doc), { gameId: doc.id })).version;
  }

  /**
   * The computer grants takebacks (only casual games have them); one that can no longer be made
   * (the game changed meanwhile) is declined, so that the offer does not stand unanswered.
   */
  async answerTakeback(doc: GameDoc): Promise<number> {
    const seat = this.seat(doc);
    try {
      return (await this.commands.run('game:takebackAccept', seat, { gameId: doc.id })).version;
    } catch (e) {
      if (!(e instanceof ServiceError)) throw e;
      return (await this.commands.run('game:takebackDecline', seat, { gameId: doc.id })).version;
    }
  }

  private seat(doc: GameDoc): string {
    if (doc.bot === undefined) throw new Error(`game ${doc.id} has no computer player`);
    return doc.players[doc.bot.color].id;
  }
}
