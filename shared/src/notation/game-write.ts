import { makeUci } from '../chess/index.js';
import { endTurn, positionOf, type GameState } from '../rules/index.js';
import { err, ok, type Result } from '../result.js';
import type { NotationError } from './errors.js';
import { failAt, startState, type GameRecord } from './record.js';
import { sanStep } from './san.js';

/** Ends the current turn early (a cost pass), as a notation error when the rules refuse. */
function pass(state: GameState): Result<GameState, NotationError> {
  const passed = endTurn(state);
  if (passed.ok) return ok(passed.value.state);
  return failAt(state, passed.error.code, passed.error.message, '');
}

/**
 * Writes progressive notation: `1.e4 2.e5 Nf6 3.Bc4 Qh5 Qxf7#`. Each SAN is computed in the
 * position just before its move; `//` marks where an English cycle completed inside a turn.
 * A record ending with a pass ends with the next turn's bare number (`... 4.`).
 */
export function makeGame(record: GameRecord): Result<string, NotationError> {
  const written = writeGame(record);
  return written.error ? err(written.error) : ok(written.text);
}

/** The notation of the record; on an illegal move, the text up to it and the error. */
export function writeGame(record: GameRecord): { text: string; error?: NotationError } {
  const start = startState(record.variant, {
    ...(record.initialFen !== undefined ? { fen: record.initialFen } : {}),
    ...(record.initialTurn !== undefined ? { turn: record.initialTurn } : {}),
  });
  if (!start.ok) return { text: '', error: start.error };
  let state = start.value;
  const passes = new Set(record.passes ?? []);
  const turns: string[][] = [];
  let words: string[] = [];
  const text = (): string => turns.map((w) => w.join(' ')).join(' ');
  const stop = (failure: { error: NotationError }): { text: string; error: NotationError } => ({
    text: text(),
    error: failure.error,
  });
  const openTurn = (): void => {
    words = [];
    turns.push(words);
  };
  for (const [i, move] of record.moves.entries()) {
    const mover = positionOf(state).pieceAt(move.from)?.color;
    if (state.moveIndex > 0 && (passes.has(i) || (mover !== undefined && mover !== state.color))) {
      const passed = pass(state);
      if (!passed.ok) return stop(passed);
      state = passed.value;
    }
    if (state.moveIndex === 0) openTurn();
    const step = sanStep(state, move);
    if (!step.ok) return stop(failAt(state, step.error.code, step.error.message, makeUci(move)));
    words.push(state.moveIndex === 0 ? `${state.turn}.${step.value.san}` : step.value.san);
    const { outcome } = step.value;
    if (outcome.cycleEnded && !outcome.turnEnded && i + 1 < record.moves.length) words.push('//');
    state = outcome.state;
  }
  if (passes.has(record.moves.length) && state.moveIndex > 0 && !state.outcome) {
    const passed = pass(state);
    if (!passed.ok) return stop(passed);
    turns.push([`${passed.value.turn}.`]);
  }
  return { text: text() };
}
