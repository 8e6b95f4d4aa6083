// Small helpers shared by the chess tests.
import { type Move, Position, parseSquare, parseUci } from '../../src/chess/index.js';

export const sq = (name: string): number => {
  const s = parseSquare(name);
  if (s === undefined) throw new Error(`bad square ${name}`);
  return s;
};

export const uci = (s: string): Move => {
  const m = parseUci(s);
  if (!m) throw new Error(`bad UCI ${s}`);
  return m;
};

export const fromFen = (fen: string): Position => {
  const r = Position.fromFen(fen);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};

export { perftData, type PerftEntry } from '../data/load.js';
