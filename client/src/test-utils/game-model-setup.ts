import { FakeGame, FakeTransport } from './fake-game.js';
import { GameModel } from '../lib/game-model.svelte.js';

/** A game model on `game` (default: the start) for `seat`, over a fake transport. */
export function setup(seat: 'white' | 'black' | 'spectator', game = new FakeGame()) {
  const transport = new FakeTransport();
  const model = new GameModel('g1', transport.request);
  model.applySnapshot(game.snapshot(), seat);
  return { model, transport, game };
}

/** A UCI move as the board gives it (squares 0..63). */
export const uci = (sq: string) => ({ from: sq2(sq.slice(0, 2)), to: sq2(sq.slice(2, 4)) });
/** A square's index (a1 = 0, h8 = 63). */
export function sq2(name: string): number {
  return (name.charCodeAt(0) - 97) + 8 * (Number(name[1]) - 1);
}
