import { fen, legalMoves, newGame, play, type Color, type GameState, type Move } from '@progressive-chess/shared';
import { sameMove } from '@progressive-chess/shared';

/**
 * The position as it stands now, with `me` to move at the start of my coming turn. Used to
 * validate premoves while the opponent's series still runs (their remaining moves are unknown).
 */
export function nextTurnState(state: GameState, me: Color): GameState | null {
  const fields = fen(state).split(' ');
  fields[1] = me === 'white' ? 'w' : 'b';
  fields[3] = '-';
  const turn = state.color === me ? state.turn + 2 : state.turn + 1;
  const res = newGame(state.variant, { fen: fields.join(' '), turn });
  return res.ok ? res.value : null;
}

export interface QueueCheck {
  /** The hypothetical state after the valid prefix of the queue. */
  readonly state: GameState;
  /** How many queued moves (from the start) are valid. */
  readonly valid: number;
}

/** Plays the queue on the hypothetical state; stops at the first move that does not fit. */
export function checkQueue(start: GameState, queue: readonly Move[], me: Color): QueueCheck {
  let state = start;
  let valid = 0;
  for (const m of queue) {
    if (state.color !== me || state.outcome) break;
    if (!legalMoves(state).some((l) => sameMove(l, m))) break;
    const res = play(state, m, me);
    if (!res.ok) break;
    state = res.value.state;
    valid++;
  }
  return { state, valid };
}
