import { expect } from 'vitest';
import { parseSquare, type Move } from '../../src/chess/index.js';
import { newGame, type GameState, type VariantId } from '../../src/rules/index.js';

/** A state from a FEN at the start of a turn (fails the test if the rules refuse it). */
export function stateAt(variant: VariantId, fen?: string, turn?: number): GameState {
  const start = newGame(variant, { ...(fen ? { fen } : {}), ...(turn ? { turn } : {}) });
  if (!start.ok) throw new Error(`newGame refused: ${start.error.message}`);
  return start.value;
}

/** `e2e4`, `e2-e4`, `e7e8q` as a Move. */
export function mv(text: string): Move {
  const s = text.replace('-', '');
  const from = parseSquare(s.slice(0, 2));
  const to = parseSquare(s.slice(2, 4));
  expect(from, text).toBeDefined();
  expect(to, text).toBeDefined();
  const promo = { q: 'queen', r: 'rook', b: 'bishop', n: 'knight', k: 'king' } as const;
  const letter = s.slice(4, 5) as keyof typeof promo | '';
  return { from: from ?? 0, to: to ?? 0, ...(letter ? { promotion: promo[letter] } : {}) };
}
