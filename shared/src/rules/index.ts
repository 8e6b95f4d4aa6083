export * from './variant-ids.js';
export * from './errors.js';
export * from './variants.js';
export { type GameState } from './state.js';
export { newGame, play, endTurn, finish, canPass, canAbort, type PlayOutcome } from './game.js';
export { fen, positionOf, legalMoves, inCheck, cyclePending } from './query.js';
export { encodeState, decodeState } from './encode.js';
export { seriesCount, type SeriesCount } from './count.js';
export { TEN_TURN_LIMIT, REPETITION_LIMIT } from './turn.js';
