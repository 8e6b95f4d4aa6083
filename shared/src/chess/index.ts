export * from './types.js';
export { parseSquare, makeSquare, parseUci, makeUci, sameMove } from './squares.js';
export { Position, type MoveEffect } from './position.js';
export { type FenError, INITIAL_FEN } from './fen.js';
