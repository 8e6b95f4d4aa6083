import { berserkClock, clockView, type Color, type GameState } from '@progressive-chess/shared';
import { fail } from '../services/errors.js';
import type { GameDoc } from '../services/game-doc.js';
import type { Transition } from '../services/game-transitions.js';

/**
 * `game:berserk`: in a tournament arena's game (`berserkable`), before one's own first move, once:
 * one's own time becomes the berserker's (`berserkClock`: halved); a win then scores an extra point
 * (`arenaScore`). The increment, one clock control for both sides, stays for now.
 */
export function berserkTransition(doc: GameDoc, state: GameState, color: Color, now: number): Transition {
  if (doc.berserkable !== true || doc.clock.control.kind !== 'fischer') fail('berserk-not-allowed', 'berserk is for a tournament arena\'s games');
  if (doc.started[color]) fail('berserk-not-allowed', 'berserk only before your first move');
  if (doc.berserk?.[color] === true) fail('berserk-not-allowed', 'you have berserked already');
  const own = berserkClock(doc.clock.control);
  if (own?.kind !== 'fischer') fail('berserk-not-allowed', 'berserk needs a live clock');
  const left = Math.min(own.initialMs, doc.clock.remaining[color]);
  const remaining = color === 'white' ? { white: left, black: doc.clock.remaining.black } : { white: doc.clock.remaining.white, black: left };
  const clock = { ...doc.clock, remaining };
  const next: GameDoc = { ...doc, clock, berserk: { ...doc.berserk, [color]: true } };
  return { doc: next, state, moves: [], body: { type: 'berserk', by: color, clocks: clockView(clock, now, doc.graceDeadline) } };
}
