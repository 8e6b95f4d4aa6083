import {
  decodeState,
  endTurn,
  legalMoves,
  makeUci,
  parseUci,
  play,
  stateHash,
  type GameEvent,
  type GameState,
  type Move,
  type Outcome,
} from '@progressive-chess/shared';
import { call, request, type Client } from './game-client.js';

/**
 * The server settings under which a scripted human may play: it answers at once, and against a
 * bot that does not pause a long game (9 to 64 or more of its moves, as the bot's search is seeded
 * at random) outruns a person's event budget (60 per 5 s) within a second.
 */
export const FAST_HUMAN_LIMITS = { rateLimit: { points: 1000, durationSec: 5 } } as const;

export interface HumanGame {
  readonly outcome: Outcome | null;
  /** Versions of the game's events in arrival order (gap-free when the server is right). */
  readonly versions: readonly number[];
  /** Moves the human played. */
  readonly played: number;
  /** Moves of the other side (the computer) seen. */
  readonly seen: number;
  /** Resyncs after a gap in the versions (0 when every event arrived in order). */
  readonly resyncs: number;
}

export interface HumanOptions {
  /** Uniform in [0, 1): picks among the legal moves. */
  readonly random: () => number;
  /** Gives up (resolves with the game still running) after this long. */
  readonly timeoutMs?: number;
  /** Picks the next move (null: pass the rest of a cost turn) instead of a random legal move. */
  readonly pick?: (state: GameState) => Move | null;
}

/**
 * A scripted player: joins the game, keeps its own copy of the rules state from the `game:event`s
 * (checking each event's version follows the last and its state hash), and when it is to move,
 * plays a random legal move at once (or passes when a cost turn has no move left). Resolves when
 * the game is over. A gap in the versions is resynced (and counted); so is a `stale-version` refusal
 * (not counted), as the web client does. Rejects on a hash mismatch or any other refused move.
 */
export async function playAsHuman(c: Client, gameId: string, opts: HumanOptions): Promise<HumanGame> {
  const joined = await call(c.socket, 'game:join', { gameId });
  const seat = joined.seat;
  let state: GameState = decodedState(joined.snapshot.state);
  let version = joined.snapshot.version;
  let outcome: Outcome | null = joined.snapshot.outcome;
  const versions: number[] = [];
  let played = 0;
  let seen = 0;
  let resyncs = 0;
  let inFlight = false;
  let syncing = false;

  const randomMove = (s: GameState): Move | null => {
    const moves = legalMoves(s);
    return moves.length === 0 ? null : moves[Math.floor(opts.random() * moves.length)]!;
  };

  return new Promise<HumanGame>((resolve, reject) => {
    const done = (): void => {
      clearTimeout(timer);
      c.socket.off('game:event', onEvent);
      resolve({ outcome, versions, played, seen, resyncs });
    };
    const timer = setTimeout(done, opts.timeoutMs ?? 120_000);
    const fail = (e: Error): void => {
      clearTimeout(timer);
      c.socket.off('game:event', onEvent);
      reject(e);
    };
    const apply = (e: GameEvent): void => {
      const body = e.event;
      if (body.type === 'move') {
        const mover = state.color;
        const r = play(state, parseUci(body.uci)!);
        if (!r.ok) throw new Error(`event ${e.version}: ${body.uci}: ${r.error.message}`);
        state = r.value.state;
        if (mover === seat) played++;
        else seen++;
        if (stateHash(state) !== body.hash) throw new Error(`event ${e.version}: hash mismatch`);
        outcome = body.outcome ?? null;
      } else if (body.type === 'turn-passed') {
        const r = endTurn(state);
        if (!r.ok) throw new Error(`event ${e.version}: pass: ${r.error.message}`);
        state = r.value.state;
        outcome = body.outcome ?? null;
      } else if (body.type === 'game-over') {
        outcome = body.outcome;
      }
    };
    const act = (): void => {
      if (outcome !== null || inFlight || syncing || state.color !== seat) return;
      const move = (opts.pick ?? randomMove)(state);
      inFlight = true;
      const sent = move === null
        ? request(c.socket, 'game:endTurn', { gameId, version })
        : request(c.socket, 'game:move', { gameId, version, move: makeUci(move) });
      sent.then(
        (ack) => {
          inFlight = false;
          // the server moved on (its event is on the way): resync as the web client does, rather
          // than sending the same stale version again at once (a loop that ran into the rate limits)
          if (!ack.ok && ack.code === 'stale-version') resync(false);
          else if (!ack.ok && ack.code !== 'game-over') fail(new Error(`move refused: ${ack.code} ${ack.message}`));
          else act();
        },
        (e: unknown) => fail(e instanceof Error ? e : new Error(String(e))),
      );
    };
    const onEvent = (e: GameEvent): void => {
      if (e.gameId !== gameId || syncing || e.version <= version) return;
      versions.push(e.version);
      if (e.version !== version + 1) return resync(true);
      version = e.version;
      try {
        apply(e);
      } catch (err) {
        return fail(err instanceof Error ? err : new Error(String(err)));
      }
      if (outcome !== null) return done();
      act();
    };
    /** `gap`: after a gap in the versions (counted in `resyncs`), else after a stale-version refusal. */
    const resync = (gap: boolean): void => {
      syncing = true;
      if (gap) resyncs++;
      call(c.socket, 'game:resync', { gameId }).then(
        (r) => {
          syncing = false;
          state = decodedState(r.snapshot.state);
          version = r.snapshot.version;
          outcome = r.snapshot.outcome;
          if (outcome !== null) return done();
          act();
        },
        (e: unknown) => fail(e instanceof Error ? e : new Error(String(e))),
      );
    };
    c.socket.on('game:event', onEvent);
    if (outcome !== null) return done();
    // Events broadcast after the join but received before its ack (the computer's first move) came before the listener.
    const early = c.events.filter((e) => e.gameId === gameId && e.version > version);
    if (early.length > 0) early.forEach(onEvent);
    else act();
  });
}

function decodedState(encoded: string): GameState {
  const r = decodeState(encoded);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
