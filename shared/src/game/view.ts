import type { Color } from '../chess/types.js';
import { decodeState, encodeState } from '../rules/encode.js';
import type { RuleError } from '../rules/errors.js';
import type { GameState } from '../rules/state.js';
import type { GameSnapshot } from '../protocol/types.js';
import type { Result } from '../result.js';

/** The last offer turned down: news for the side that made it, until the turn ends (a draw's) or a new offer. */
export interface Declined {
  readonly kind: 'draw' | 'rematch' | 'takeback';
  readonly by: Color;
}

/**
 * The client-visible game (`GameSnapshot`) with its rules state decoded: what `applyGameEvent`
 * works on, on both sides. `declined` is the one field a snapshot does not carry (a fresh snapshot
 * has no news of a declined offer).
 */
export interface GameView extends Omit<GameSnapshot, 'state'> {
  readonly state: GameState;
  readonly declined: Declined | null;
}

/** The view of a snapshot (its state decoded), or the rules' error when the state does not decode. */
export function viewOf(s: GameSnapshot): Result<GameView, RuleError> {
  const decoded = decodeState(s.state);
  if (!decoded.ok) return decoded;
  return { ok: true, value: { ...s, state: decoded.value, declined: null } };
}

/** The snapshot a view stands for (the server would send it at `clocks.serverNow`). */
export function snapshotOfView(v: GameView): GameSnapshot {
  const { declined: _declined, state, ...rest } = v;
  return { ...rest, state: encodeState(state) };
}
