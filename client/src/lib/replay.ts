import { endTurn, newGame, parseUci, play, type GameState, type MoveRecord, type VariantId } from '@progressive-chess/shared';

export interface GameStart {
  readonly variant: VariantId;
  readonly initialFen: string;
  readonly initialTurn: number;
}

/** The state after the first `ply` moves of the record, or null if the record does not replay. */
export function replay(start: GameStart, moves: readonly MoveRecord[], ply: number): GameState | null {
  const init = newGame(start.variant, { fen: start.initialFen, turn: start.initialTurn });
  if (!init.ok) return null;
  let state = init.value;
  for (const rec of moves.slice(0, ply)) {
    const move = parseUci(rec.uci);
    if (!move) return null;
    if (rec.color !== state.color) {
      // A cost turn passed early ("pass the rest") leaves no move record: replay the pass.
      const passed = endTurn(state, state.color);
      if (!passed.ok) return null;
      state = passed.value.state;
    }
    const res = play(state, move, rec.color);
    if (!res.ok) return null;
    state = res.value.state;
  }
  return state;
}
