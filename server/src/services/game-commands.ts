import { canAbort, opposite } from '@progressive-chess/shared';
import { newGameId } from '../ids.js';
import { fail } from './errors.js';
import type { GameDoc } from './game-doc.js';
import { rematchOf, rematchOffered } from './rematch-game.js';
import type { CommandContext, GameService } from './game-service.js';
import {
  ABORTED,
  AGREEMENT,
  finishTransition,
  moveTransition,
  passTransition,
  resignation,
  type Transition,
  type TransitionContext,
} from './game-transitions.js';

type Versioned = { version: number };
const versioned = (r: Versioned): Versioned => ({ version: r.version });

export const ctxOf = (c: CommandContext): TransitionContext => ({
  doc: c.doc,
  state: c.state,
  color: c.color,
  now: c.now,
  graceMs: c.graceMs,
  idleMs: c.idleMs,
  logLength: c.stored.moveCount,
});
const finishBy = (c: CommandContext, outcome: Parameters<typeof finishTransition>[2]): Transition =>
  finishTransition(c.doc, c.state, outcome, c.now);
const change = (c: CommandContext, doc: GameDoc, body: Transition['body']): Transition => ({
  doc,
  state: c.state,
  moves: [],
  body,
});

/** The player commands of a game room, each one `GameService.command` with its decision. */
export class GameCommands {
  constructor(private readonly games: GameService) {}

  /** (A promise chain, not an async function: this is on every move's path.) */
  move(playerId: string, p: { gameId: string; version: number; move: string }): Promise<Versioned> {
    return this.games.command(p.gameId, playerId, { version: p.version }, (c) => moveTransition(ctxOf(c), p.move)).then(versioned);
  }

  async endTurn(playerId: string, p: { gameId: string; version: number }): Promise<Versioned> {
    const r = await this.games.command(p.gameId, playerId, { version: p.version }, (c) => passTransition(ctxOf(c)));
    return { version: r.version };
  }

  async resign(playerId: string, gameId: string): Promise<Versioned> {
    const r = await this.games.command(gameId, playerId, {}, (c) => finishBy(c, resignation(c.color)));
    return { version: r.version };
  }

  /** Only before both sides have completed a turn. */
  async abort(playerId: string, gameId: string): Promise<Versioned> {
    const r = await this.games.command(gameId, playerId, {}, (c) => {
      if (!canAbort(c.state, c.doc.initialTurn)) fail('too-late-to-abort', 'both sides have completed a turn');
      return finishBy(c, ABORTED);
    });
    return { version: r.version };
  }

  /** Offering while the opponent's offer stands accepts it. */
  async drawOffer(playerId: string, gameId: string): Promise<Versioned> {
    const r = await this.games.command(gameId, playerId, {}, (c) => {
      if (c.doc.drawOffer === opposite(c.color)) return finishBy(c, AGREEMENT);
      if (c.doc.drawOffer === c.color) return null;
      return change(c, { ...c.doc, drawOffer: c.color }, { type: 'draw-offer', by: c.color });
    });
    return { version: r.version };
  }

  async drawAccept(playerId: string, gameId: string): Promise<Versioned> {
    const r = await this.games.command(gameId, playerId, {}, (c) => {
      if (c.doc.drawOffer !== opposite(c.color)) fail('no-draw-offer', 'the opponent has not offered a draw');
      return finishBy(c, AGREEMENT);
    });
    return { version: r.version };
  }

  async drawDecline(playerId: string, gameId: string): Promise<Versioned> {
    const r = await this.games.command(gameId, playerId, {}, (c) => {
      if (c.doc.drawOffer !== opposite(c.color)) fail('no-draw-offer', 'the opponent has not offered a draw');
      return change(c, { ...c.doc, drawOffer: null }, { type: 'draw-declined', by: c.color });
    });
    return { version: r.version };
  }

  /** Offering while the opponent's offer stands accepts it (and starts the rematch). */
  async rematchOffer(playerId: string, gameId: string): Promise<Versioned> {
    const { version } = await this.rematch(playerId, gameId, false);
    return { version };
  }

  async rematchAccept(playerId: string, gameId: string): Promise<Versioned & { gameId: string }> {
    const r = await this.rematch(playerId, gameId, true);
    if (r.doc.rematchGameId === null) fail('no-rematch-offer', 'the opponent has not offered a rematch');
    return { version: r.version, gameId: r.doc.rematchGameId };
  }

  /** Turns down the opponent's standing rematch offer. */
  async rematchDecline(playerId: string, gameId: string): Promise<Versioned> {
    const r = await this.games.command(gameId, playerId, { phase: 'finished' }, (c) => {
      if (c.doc.rematchOffer !== opposite(c.color)) fail('no-rematch-offer', 'the opponent has not offered a rematch');
      return change(c, { ...c.doc, rematchOffer: null }, { type: 'rematch-declined', by: c.color });
    });
    return { version: r.version };
  }

  private async rematch(playerId: string, gameId: string, accepting: boolean) {
    const made: { id: string | null } = { id: null };
    const r = await this.games.command(gameId, playerId, { phase: 'finished' }, (c) => {
      made.id = null;
      const offered = rematchOffered(c.doc, c.color);
      if (accepting && !offered) fail('no-rematch-offer', 'the opponent has not offered a rematch');
      if (c.doc.rematchGameId !== null || c.doc.rematchOffer === c.color) return null;
      if (!offered) return change(c, { ...c.doc, rematchOffer: c.color }, { type: 'rematch-offer', by: c.color });
      const id = newGameId();
      made.id = id;
      return change(c, { ...c.doc, rematchOffer: null, rematchGameId: id }, { type: 'rematch', gameId: id });
    });
    if (made.id !== null) {
      const { options, countedAs } = rematchOf(r.doc);
      // A rematch replaces a finished game: counted, but never refused by the per-player cap.
      await this.games.reserve(made.id, countedAs, Number.MAX_SAFE_INTEGER);
      await this.games.create(options, made.id);
    }
    return r;
  }
}
