import { canAbort, opposite, type GameEventBody } from '@progressive-chess/shared';
import { newGameId } from '../ids.js';
import { fail } from './errors.js';
import { parseDoc, type GameDoc } from './game-doc.js';
import { claimTransition, giveTimeTransition } from './game-presence.js';
import { rematchOf, rematchOffered } from './rematch-game.js';
import type { CommandContext, CommandResult, GameService } from './game-service.js';
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

/** A command's answer (the ack's data): the version after it, and the event it committed if it changed the game. */
export type Committed = { version: number; event?: GameEventBody };
const committed = (r: CommandResult): Committed => (r.event === undefined ? { version: r.version } : { version: r.version, event: r.event });

export const ctxOf = (c: CommandContext): TransitionContext => ({
  doc: c.doc,
  state: c.state,
  color: c.color,
  now: c.now,
  graceMs: c.graceMs,
  idle: c.idle,
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

/**
 * The player commands of a game room, each one `GameService.command` with its decision. `origin`
 * is the connection that sent the command: the event goes to it in the answer, not the broadcast.
 */
export class GameCommands {
  constructor(
    private readonly games: GameService,
    /** The player id of every connection in the game's room, on every node (`Publisher.gameMembers`). */
    private readonly members: (gameId: string) => Promise<readonly string[]> = () => Promise.resolve([]),
    /** Whether two players are kept apart (a block, social-service.ts): no rematch between them, refused as `rematch-unavailable`. */
    private readonly apart: (a: string, b: string) => Promise<boolean> = () => Promise.resolve(false),
  ) {}

  /** (A promise chain, not an async function: this is on every move's path.) */
  move(playerId: string, p: { gameId: string; version: number; move: string }, origin?: string): Promise<Committed> {
    return this.games.command(p.gameId, playerId, { version: p.version, origin }, (c) => moveTransition(ctxOf(c), p.move)).then(committed);
  }

  async endTurn(playerId: string, p: { gameId: string; version: number }, origin?: string): Promise<Committed> {
    return committed(await this.games.command(p.gameId, playerId, { version: p.version, origin }, (c) => passTransition(ctxOf(c))));
  }

  async resign(playerId: string, gameId: string, origin?: string): Promise<Committed> {
    const r = await this.games.command(gameId, playerId, { origin }, (c) => finishBy(c, resignation(c.color)));
    return committed(r);
  }

  /** Only before both sides have completed a turn. */
  async abort(playerId: string, gameId: string, origin?: string): Promise<Committed> {
    const r = await this.games.command(gameId, playerId, { origin }, (c) => {
      if (!canAbort(c.state, c.doc.initialTurn)) fail('too-late-to-abort', 'both sides have completed a turn');
      return finishBy(c, ABORTED.byPlayer);
    });
    return committed(r);
  }

  /** Offering while the opponent's offer stands accepts it. */
  async drawOffer(playerId: string, gameId: string, origin?: string): Promise<Committed> {
    const r = await this.games.command(gameId, playerId, { origin }, (c) => {
      if (c.doc.drawOffer === opposite(c.color)) return finishBy(c, AGREEMENT);
      if (c.doc.drawOffer === c.color) return null;
      return change(c, { ...c.doc, drawOffer: c.color }, { type: 'draw-offer', by: c.color });
    });
    return committed(r);
  }

  async drawAccept(playerId: string, gameId: string, origin?: string): Promise<Committed> {
    const r = await this.games.command(gameId, playerId, { origin }, (c) => {
      if (c.doc.drawOffer !== opposite(c.color)) fail('no-draw-offer', 'the opponent has not offered a draw');
      return finishBy(c, AGREEMENT);
    });
    return committed(r);
  }

  async drawDecline(playerId: string, gameId: string, origin?: string): Promise<Committed> {
    const r = await this.games.command(gameId, playerId, { origin }, (c) => {
      if (c.doc.drawOffer !== opposite(c.color)) fail('no-draw-offer', 'the opponent has not offered a draw');
      return change(c, { ...c.doc, drawOffer: null }, { type: 'draw-declined', by: c.color });
    });
    return committed(r);
  }

  /**
   * Ends the game won (`victory`) or drawn, `opponent-left`: the opponent has had no connection to
   * the game for `claimAfterMs` (the store's `away`, written by the room counts of every node), and
   * has none now (counted across nodes before the compare-and-set).
   */
  async claim(playerId: string, gameId: string, victory: boolean, origin?: string): Promise<Committed> {
    const here = new Set(await this.members(gameId));
    const r = await this.games.command(gameId, playerId, { origin }, (c) => {
      if (here.has(c.doc.players[opposite(c.color)].id)) fail('opponent-present', 'your opponent is connected to the game');
      return claimTransition(c.doc, c.state, c.color, c.now, c.claimAfterMs, victory);
    });
    return committed(r);
  }

  /** Adds `GIVE_TIME_MS` to the opponent's clock (shared `giveTime`). */
  async giveTime(playerId: string, gameId: string, origin?: string): Promise<Committed> {
    const r = await this.games.command(gameId, playerId, { origin }, (c) => giveTimeTransition(c.doc, c.state, c.color, c.now));
    return committed(r);
  }

  /** Offering while the opponent's offer stands accepts it (and starts the rematch). */
  async rematchOffer(playerId: string, gameId: string, origin?: string): Promise<Committed> {
    return committed(await this.rematch(playerId, gameId, false, origin));
  }

  async rematchAccept(playerId: string, gameId: string, origin?: string): Promise<Committed & { gameId: string }> {
    const r = await this.rematch(playerId, gameId, true, origin);
    if (r.doc.rematchGameId === null) fail('no-rematch-offer', 'the opponent has not offered a rematch');
    return { ...committed(r), gameId: r.doc.rematchGameId };
  }

  /** Turns down the opponent's standing rematch offer. */
  async rematchDecline(playerId: string, gameId: string, origin?: string): Promise<Committed> {
    const r = await this.games.command(gameId, playerId, { phase: 'finished', origin }, (c) => {
      if (c.doc.rematchOffer !== opposite(c.color)) fail('no-rematch-offer', 'the opponent has not offered a rematch');
      return change(c, { ...c.doc, rematchOffer: null }, { type: 'rematch-declined', by: c.color });
    });
    return committed(r);
  }

  private async rematch(playerId: string, gameId: string, accepting: boolean, origin?: string): Promise<CommandResult> {
    const { white, black } = parseDoc((await this.games.load(gameId)).doc).players;
    if ((playerId === white.id || playerId === black.id) && (await this.apart(white.id, black.id))) {
      fail('rematch-unavailable', 'no rematch is possible for this game');
    }
    const made: { id: string | null } = { id: null };
    const r = await this.games.command(gameId, playerId, { phase: 'finished', origin }, (c) => {
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
