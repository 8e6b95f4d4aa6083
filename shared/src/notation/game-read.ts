import type { Move } from '../chess/index.js';
import { endTurn, play, type GameState, type VariantId } from '../rules/index.js';
import { afterSeries, seriesEnd, type SeriesEnd } from './series-end.js';
import { ok, type Result } from '../result.js';
import type { NotationError } from './errors.js';
import { failAt, startState, type GameRecord, type ParsedGame, type StartOptions } from './record.js';
import { parseSan } from './san.js';
import { tokenize, type Token } from './tokens.js';

type Failure = { readonly ok: false; readonly error: NotationError };

/** The replay in progress: state plus what the record needs. */
class Reader {
  readonly moves: Move[] = [];
  readonly passes: number[] = [];
  turnsPlayed = 0;
  /** The current turn's number has been read. */
  numbered = false;
  result: string | undefined;
  /** How the last turn ended, for a move written after it without the next number. */
  ended: SeriesEnd | null = null;

  constructor(public state: GameState) {}

  /** A turn number: may close a turn cut short (a cost pass), then must be the expected number. */
  turn(token: Token & { kind: 'turn' }): Failure | undefined {
    const { state } = this;
    if (state.outcome) return failAt(state, 'game-over', `the game is over, "${token.text}" follows`, token.text);
    if (state.moveIndex > 0 && token.turn === state.turn + 1) {
      const passed = endTurn(state);
      if (!passed.ok) {
        const msg = `turn ${state.turn} stops after ${state.moveIndex} move(s): ${passed.error.message}`;
        return failAt(state, passed.error.code, msg, '');
      }
      this.passes.push(this.moves.length);
      this.state = passed.value.state;
      this.numbered = false;
    }
    if (token.turn !== this.state.turn || this.numbered || this.state.moveIndex > 0) {
      const msg = `expected ${this.expected()}, found turn number ${token.turn}`;
      return failAt(this.state, 'turn-mismatch', msg, token.text);
    }
    this.numbered = true;
    return undefined;
  }

  private expected(): string {
    const { state } = this;
    if (state.moveIndex > 0 || this.numbered) return `move ${state.moveIndex + 1} of turn ${state.turn}`;
    return `turn number ${state.turn}`;
  }

  move(text: string): Failure | undefined {
    const { state } = this;
    if (state.outcome) return failAt(state, 'game-over', `the game is over, "${text}" follows`, text);
    if (!this.numbered && state.moveIndex === 0) {
      if (this.ended) return afterSeries(this.ended, text);
      return failAt(state, 'turn-mismatch', `turn ${state.turn} must start with its number`, text);
    }
    const move = parseSan(state, text);
    if (!move.ok) return failAt(state, move.error.code, move.error.message, text);
    const played = play(state, move.value);
    if (!played.ok) return failAt(state, played.error.code, played.error.message, text);
    if (state.moveIndex === 0) this.turnsPlayed++;
    this.moves.push(move.value);
    this.state = played.value.state;
    if (played.value.turnEnded) {
      this.numbered = false;
      this.ended = seriesEnd(state, played.value, text);
    }
    return undefined;
  }
}

/**
 * Reads progressive notation and replays it through the rules. Accepts commas after a turn,
 * `//` cycle marks, SAN / long algebraic / UCI moves, `O-O`/`0-0`, `e8=Q`/`e8Q`, marks
 * `+#!?`, comments, and a trailing result. Reports the first illegal or unreadable move,
 * a turn number out of place, or a turn cut short where the variant does not allow it.
 */
export function parseGame(
  text: string,
  variant: VariantId,
  opts: StartOptions = {},
): Result<ParsedGame, NotationError> {
  const start = startState(variant, opts);
  if (!start.ok) return start;
  const reader = new Reader(start.value);
  for (const token of tokenize(text)) {
    if (reader.result !== undefined) {
      const san = token.kind === 'move' || token.kind === 'turn' ? token.text : '';
      return failAt(reader.state, 'unreadable', `text after the result ${reader.result}`, san);
    }
    let failure: Failure | undefined;
    if (token.kind === 'turn') failure = reader.turn(token);
    else if (token.kind === 'move') failure = reader.move(token.text);
    else if (token.kind === 'result') reader.result = token.text;
    if (failure) return failure;
  }
  const record: GameRecord = {
    variant,
    ...(opts.fen !== undefined ? { initialFen: opts.fen } : {}),
    ...(opts.turn !== undefined ? { initialTurn: opts.turn } : {}),
    moves: reader.moves,
    ...(reader.passes.length > 0 ? { passes: reader.passes } : {}),
  };
  return ok({
    record,
    state: reader.state,
    turnsPlayed: reader.turnsPlayed,
    ...(reader.result !== undefined ? { result: reader.result } : {}),
  });
}
