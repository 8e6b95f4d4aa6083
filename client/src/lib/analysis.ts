import {
  DEFAULT_VARIANT,
  endTurn,
  moveRecord,
  newGame,
  parsePgn,
  play,
  positionOf,
  readTags,
  withRecordedOutcome,
  type GameState,
  type MoveRecord,
  type NotationError,
  type PgnTags,
  type VariantId,
} from '@progressive-chess/shared';
import { sentence } from './explain.js';

/** A game read from a PGN, ready to step through: one state per ply (0 = the start). */
export interface ImportedGame {
  readonly tags: PgnTags;
  readonly records: readonly MoveRecord[];
  readonly states: readonly GameState[];
}

export type ImportResult = { readonly ok: true; readonly game: ImportedGame } | { readonly ok: false; readonly error: string };

/** Problems of the file as a whole (its tags), not of a move: told without a turn and move. */
const NOT_AT_A_MOVE: ReadonlySet<NotationError['code']> = new Set(['unknown-variant', 'result-mismatch']);

/** "Turn 3, move 2 (Qh5+): check is allowed only on the last move of the series." (no error code). */
function importError(e: NotationError): string {
  if (NOT_AT_A_MOVE.has(e.code)) return sentence(e.message);
  const san = e.san ? ` (${e.san})` : '';
  return sentence(`Turn ${e.turn}, move ${e.move}${san}: ${e.message}`);
}

const failed = (message: string): ImportResult => ({ ok: false, error: `This PGN does not read. ${sentence(message)}` });

/**
 * Reads a PGN (the rules package's reader) and replays it, passes included, for the analysis
 * board. `variant` applies to a PGN without a `Variant` tag. The last state carries the outcome
 * the file records, also a finish the moves do not show (resignation, timeout, agreement...).
 */
export function importPgn(text: string, variant: VariantId = DEFAULT_VARIANT): ImportResult {
  const read = parsePgn(text, { variant });
  if (!read.ok) return failed(importError(read.error));
  const { tags, parsed } = read.value;
  const finished = withRecordedOutcome(tags, parsed);
  if (!finished.ok) return failed(importError(finished.error));
  const { record } = parsed;
  const start = newGame(record.variant, {
    ...(record.initialFen === undefined ? {} : { fen: record.initialFen }),
    ...(record.initialTurn === undefined ? {} : { turn: record.initialTurn }),
  });
  if (!start.ok) return failed(start.error.message);
  const passes = new Set(record.passes ?? []);
  let state = start.value;
  const states: GameState[] = [state];
  const records: MoveRecord[] = [];
  for (const [i, move] of record.moves.entries()) {
    // A cost turn passed before this move (written, or implied by the colour of the piece moving).
    if (passes.has(i) || positionOf(state).pieceAt(move.from)?.color !== state.color) {
      const passed = endTurn(state);
      if (!passed.ok) return failed(passed.error.message);
      state = passed.value.state;
      states[states.length - 1] = state;
    }
    const res = play(state, move);
    if (!res.ok) return failed(res.error.message);
    records.push(moveRecord(state, move, res.value, 0));
    state = res.value.state;
    states.push(state);
  }
  // The reader's final state: a pass after the last move, and the recorded outcome, applied.
  states[states.length - 1] = finished.value.state;
  return { ok: true, game: { tags, records, states } };
}

const isTagLine = (line: string): boolean => line.trimStart().startsWith('[');

/** The games of a PGN text in order (a profile's export holds many): a tag line after movetext starts the next. */
export function splitPgnGames(text: string): string[] {
  const games: string[][] = [[]];
  let inMoves = false;
  for (const line of text.split(/\r?\n/)) {
    if (inMoves && isTagLine(line)) {
      games.push([]);
      inMoves = false;
    }
    games[games.length - 1]?.push(line);
    if (line.trim() !== '' && !isTagLine(line)) inMoves = true;
  }
  return games.map((g) => g.join('\n')).filter((g) => g.trim() !== '');
}

/** "alice – bob, 1-0, 2026.11.27": a game of a file with several, by its tags. */
export function pgnGameLabel(pgn: string): string {
  const { tags } = readTags(pgn);
  return [`${tags.White ?? '?'} – ${tags.Black ?? '?'}`, tags.Result ?? '*', ...(tags.Date ? [tags.Date] : [])].join(', ');
}
