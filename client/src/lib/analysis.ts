import {
  describeError,
  endTurn,
  moveRecord,
  newGame,
  parsePgn,
  play,
  positionOf,
  type GameState,
  type MoveRecord,
  type PgnTags,
} from '@progressive-chess/shared';

/** A game read from a PGN, ready to step through: one state per ply (0 = the start). */
export interface ImportedGame {
  readonly tags: PgnTags;
  readonly records: readonly MoveRecord[];
  readonly states: readonly GameState[];
}

export type ImportResult = { readonly ok: true; readonly game: ImportedGame } | { readonly ok: false; readonly error: string };

/** Reads a PGN (the rules package's reader) and replays it, passes included, for the analysis board. */
export function importPgn(text: string): ImportResult {
  const read = parsePgn(text);
  if (!read.ok) return { ok: false, error: `This PGN does not read: ${describeError(read.error)}` };
  const { record } = read.value.parsed;
  const start = newGame(record.variant, {
    ...(record.initialFen === undefined ? {} : { fen: record.initialFen }),
    ...(record.initialTurn === undefined ? {} : { turn: record.initialTurn }),
  });
  if (!start.ok) return { ok: false, error: start.error.message };
  const passes = new Set(record.passes ?? []);
  let state = start.value;
  const states: GameState[] = [state];
  const records: MoveRecord[] = [];
  for (const [i, move] of record.moves.entries()) {
    // A cost turn passed before this move (written, or implied by the colour of the piece moving).
    if (passes.has(i) || positionOf(state).pieceAt(move.from)?.color !== state.color) {
      const passed = endTurn(state);
      if (!passed.ok) return { ok: false, error: passed.error.message };
      state = passed.value.state;
      states[states.length - 1] = state;
    }
    const res = play(state, move);
    if (!res.ok) return { ok: false, error: res.error.message };
    records.push(moveRecord(state, move, res.value, 0));
    state = res.value.state;
    states.push(state);
  }
  return { ok: true, game: { tags: read.value.tags, records, states } };
}
