import {
  canAbort,
  opposite,
  type CommandAck,
  type GameCommandAck,
  type GameCommandName,
  type GameCommandPayload,
  type MoveRecord,
} from '@progressive-chess/shared';
import { newGameId } from '../ids.js';
import { fail } from './errors.js';
import { parseDoc, parseMoves, type GameDoc } from './game-doc.js';
import { takebackAcceptTransition, takebackDeclineTransition, takebackOfferTransition } from './game-takeback.js';
import { claimTransition, giveTimeTransition } from './game-presence.js';
import { rematchOf, rematchOffered } from './rematch-game.js';
import { berserkTransition } from '../tournament/berserk.js';
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

/** What a decision reads besides the game: what its entry gathered before (I/O), and a fresh game id. */
export interface Gathered {
  /** The player ids connected to the game's room on every node (counted only for entries with `members`). */
  readonly present: ReadonlySet<string>;
  /** A new game's id (a rematch's). */
  readonly newGameId: () => string;
  /**
   * The game's move log, with the game's takeback count when it was read (read only for entries with
   * `log`): the log a decision sees is the same while its length and that count are (a log only grows,
   * except by a takeback).
   */
  readonly log: { readonly takebacks: number; readonly moves: readonly MoveRecord[] } | null;
  /** The two players are kept apart by a block (asked only for entries with `apart`). */
  readonly apart: boolean;
}

/** The I/O after a commit (`Decision.settle`). */
export interface SettleIo {
  readonly games: GameService;
}

/** A command's pure decision from the game as loaded: the change to commit, null for none; refusals throw (`fail`). */
export type Decide<C extends GameCommandName> = (c: CommandContext, p: GameCommandPayload<C>, g: Gathered) => Transition | null;

interface DecisionBase<C extends GameCommandName> {
  readonly decide: Decide<C>;
  /** The game status the command needs: `finished` for the rematch commands (default: in progress). */
  readonly phase?: 'finished';
  /** Counts the room's members across nodes before deciding (a claim needs the opponent gone). */
  readonly members?: true;
  /**
   * Reads the whole move log before deciding (a takeback replays it; a command loads no log): the
   * decision throws `LOG_CHANGED` when the game's log is no longer the one read, and is gathered
   * and decided again.
   */
  readonly log?: true;
  /** Asks whether the two players are kept apart (a block) before deciding: no rematch between them. */
  readonly apart?: true;
}

/** After a won commit: the I/O it asked for and the ack's data. Required when the ack carries more than `CommandAck`. */
type Settle<C extends GameCommandName> = (io: SettleIo, r: CommandResult) => Promise<GameCommandAck<C>>;

/** The server's side of one entry of the shared command table (`GAME_COMMANDS`). */
export type Decision<C extends GameCommandName> = DecisionBase<C> &
  (CommandAck extends GameCommandAck<C> ? { readonly settle?: Settle<C> } : { readonly settle: Settle<C> });

const committed = (r: CommandResult): CommandAck => (r.event === undefined ? { version: r.version } : { version: r.version, event: r.event });

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
const change = (c: CommandContext, doc: GameDoc, body: Transition['body']): Transition => ({ doc, state: c.state, moves: [], body });

function needDrawOffer(c: CommandContext): void {
  if (c.doc.drawOffer !== opposite(c.color)) fail('no-draw-offer', 'the opponent has not offered a draw');
}

function needRematchOffer(c: CommandContext): void {
  if (c.doc.rematchOffer !== opposite(c.color)) fail('no-rematch-offer', 'the opponent has not offered a rematch');
}

/** Offering while the opponent's offer stands (or against the computer, which always accepts) starts the rematch. */
function rematch(c: CommandContext, g: Gathered, accepting: boolean): Transition | null {
  // the same answer to the offer and the acceptance, which does not tell of the block
  if (g.apart) fail('rematch-unavailable', 'no rematch is possible for this game');
  if (c.doc.tournamentId !== undefined) fail('tournament-game', 'no rematch in a tournament: its next pairing comes from the tournament');
  const offered = rematchOffered(c.doc, c.color);
  if (accepting && !offered) fail('no-rematch-offer', 'the opponent has not offered a rematch');
  if (c.doc.rematchGameId !== null || c.doc.rematchOffer === c.color) return null;
  if (!offered) return change(c, { ...c.doc, rematchOffer: c.color }, { type: 'rematch-offer', by: c.color });
  const id = g.newGameId();
  return change(c, { ...c.doc, rematchOffer: null, rematchGameId: id }, { type: 'rematch', gameId: id });
}

/** Creates the rematch this command committed (none when it committed no `rematch` event). */
async function startRematch(io: SettleIo, r: CommandResult): Promise<CommandAck> {
  if (r.event?.type === 'rematch') {
    const { options, countedAs } = rematchOf(r.doc);
    // A rematch replaces a finished game: counted, but never refused by the per-player cap.
    await io.games.reserve(r.event.gameId, countedAs, Number.MAX_SAFE_INTEGER);
    await io.games.create(options, r.event.gameId);
  }
  return committed(r);
}

/** Thrown by a decision whose gathered log is older than the game it decides on (`DecisionBase.log`). */
export const LOG_CHANGED = new Error('the game changed since its log was read');
/** Times a command with `log` is gathered and decided before `conflict`. */
const LOG_ATTEMPTS = 3;

/** Grants the opponent's takeback offer, replaying the gathered log (game-takeback.ts). */
function takeback(c: CommandContext, g: Gathered): Transition {
  if (g.log === null || g.log.moves.length !== c.stored.moveCount || g.log.takebacks !== (c.doc.takebacks ?? 0)) throw LOG_CHANGED;
  return takebackAcceptTransition({ doc: c.doc, state: c.state, color: c.color, now: c.now, graceMs: c.graceMs, log: g.log.moves });
}

/** Ends the game won (`victory`) or drawn, `opponent-left`, when the opponent has been away long enough and has no connection now. */
function claim(c: CommandContext, g: Gathered, victory: boolean): Transition {
  if (g.present.has(c.doc.players[opposite(c.color)].id)) fail('opponent-present', 'your opponent is connected to the game');
  return claimTransition(c.doc, c.state, c.color, c.now, c.claimAfterMs, victory);
}

/**
 * The server's decision for every game command of the shared table (`GAME_COMMANDS`): a new command
 * added there is a compile error here until it has one. Each decision is pure (the game as loaded,
 * the payload, what was gathered before): `GameService.command` runs it with the seat, clock, status
 * and version checks and commits what it decides by compare-and-set; the few that need I/O say so
 * (`members` before, `settle` after).
 */
const TABLE = {
  'game:move': { decide: (c, p) => moveTransition(ctxOf(c), p.move) },
  'game:endTurn': { decide: (c) => passTransition(ctxOf(c)) },
  'game:resign': { decide: (c) => finishBy(c, resignation(c.color)) },
  'game:drawOffer': {
    decide: (c) => {
      if (c.doc.drawOffer === opposite(c.color)) return finishBy(c, AGREEMENT);
      if (c.doc.drawOffer === c.color) return null;
      return change(c, { ...c.doc, drawOffer: c.color }, { type: 'draw-offer', by: c.color });
    },
  },
  'game:drawAccept': {
    decide: (c) => {
      needDrawOffer(c);
      return finishBy(c, AGREEMENT);
    },
  },
  'game:drawDecline': {
    decide: (c) => {
      needDrawOffer(c);
      return change(c, { ...c.doc, drawOffer: null }, { type: 'draw-declined', by: c.color });
    },
  },
  'game:takebackOffer': { decide: (c) => takebackOfferTransition(c.doc, c.state, c.color) },
  'game:takebackAccept': { log: true, decide: (c, _p, g) => takeback(c, g) },
  'game:takebackDecline': { decide: (c) => takebackDeclineTransition(c.doc, c.state, c.color) },
  'game:abort': {
    decide: (c) => {
      if (!canAbort(c.state, c.doc.initialTurn)) fail('too-late-to-abort', 'both sides have completed a turn');
      return finishBy(c, ABORTED.byPlayer);
    },
  },
  'game:rematchOffer': { phase: 'finished', apart: true, decide: (c, _p, g) => rematch(c, g, false), settle: startRematch },
  'game:rematchAccept': {
    phase: 'finished',
    apart: true,
    decide: (c, _p, g) => rematch(c, g, true),
    settle: async (io, r) => {
      const ack = await startRematch(io, r);
      return { ...ack, gameId: r.doc.rematchGameId ?? fail('no-rematch-offer', 'the opponent has not offered a rematch') };
    },
  },
  'game:rematchDecline': {
    phase: 'finished',
    decide: (c) => {
      needRematchOffer(c);
      return change(c, { ...c.doc, rematchOffer: null }, { type: 'rematch-declined', by: c.color });
    },
  },
  'game:claimVictory': { members: true, decide: (c, _p, g) => claim(c, g, true) },
  'game:claimDraw': { members: true, decide: (c, _p, g) => claim(c, g, false) },
  'game:giveTime': { decide: (c) => giveTimeTransition(c.doc, c.state, c.color, c.now) },
  // a tournament arena's game, before one's first move: one's own clock halved (tournament/berserk.ts)
  'game:berserk': { decide: (c) => berserkTransition(c.doc, c.state, c.color, c.now) },
} satisfies { readonly [C in GameCommandName]: Decision<C> };

export const GAME_DECISIONS: { readonly [C in GameCommandName]: Decision<C> } = TABLE;
/** What a decision gets when its entry gathers nothing (no `members`). */
export const NOTHING_GATHERED: Gathered = { present: new Set(), newGameId, log: null, apart: false };

/**
 * Runs the game commands of the table, each one `GameService.command` with its decision. `origin` is
 * the connection that sent the command: the event goes to it in the answer, not the broadcast.
 */
export class GameCommands {
  private readonly io: SettleIo;

  constructor(
    private readonly games: GameService,
    /** The player id of every connection in the game's room, on every node (`Publisher.gameMembers`). */
    private readonly members: (gameId: string) => Promise<readonly string[]> = () => Promise.resolve([]),
    /** Whether two players are kept apart (a block, social-service.ts): no rematch between them, refused as `rematch-unavailable`. */
    private readonly apartOf: (a: string, b: string) => Promise<boolean> = () => Promise.resolve(false),
  ) {
    this.io = { games };
  }

  /** (A promise chain, not an async function: this is on every move's path.) */
  run<C extends GameCommandName>(name: C, playerId: string, payload: GameCommandPayload<C>, origin?: string): Promise<GameCommandAck<C>> {
    const d: Decision<C> = GAME_DECISIONS[name];
    const ref = payload as { readonly gameId: string; readonly version?: number };
    const opts = { ...(ref.version === undefined ? {} : { version: ref.version }), ...(d.phase ? { phase: d.phase } : {}), origin };
    const run = (g: Gathered): Promise<CommandResult> => this.games.command(ref.gameId, playerId, opts, (c) => d.decide(c, payload, g));
    const done = d.members || d.log || d.apart ? this.gatheredRun(ref.gameId, d, run) : run(NOTHING_GATHERED);
    // without `settle`, the ack is a plain `CommandAck` (`Decision` requires one otherwise)
    return done.then((r) => (d.settle ? d.settle(this.io, r) : (committed(r) as GameCommandAck<C>)));
  }

  /** Gathers what the entry reads before deciding, then runs it; again on a fresh read when its log is out of date. */
  private async gatheredRun(gameId: string, d: DecisionBase<GameCommandName>, run: (g: Gathered) => Promise<CommandResult>): Promise<CommandResult> {
    for (let attempt = 0; attempt < LOG_ATTEMPTS; attempt++) {
      const present = d.members ? new Set(await this.members(gameId)) : NOTHING_GATHERED.present;
      const full = d.log ? await this.games.load(gameId) : null;
      const log = full === null ? null : { takebacks: parseDoc(full.doc).takebacks ?? 0, moves: parseMoves(full.moves) };
      const apart = d.apart ? await this.playersApart(gameId) : false;
      const r = await run({ present, newGameId, log, apart }).catch((e: unknown) => {
        if (e === LOG_CHANGED) return null;
        throw e;
      });
      if (r !== null) return r;
    }
    fail('conflict', 'the game kept changing; try again');
  }

  private async playersApart(gameId: string): Promise<boolean> {
    const { white, black } = parseDoc((await this.games.load(gameId)).doc).players;
    return this.apartOf(white.id, black.id);
  }
}
