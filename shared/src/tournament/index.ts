export * from './arena-score.js';
export * from './arena-pairing.js';
export * from './berserk.js';
export { colourBalance, colourStreak, mayTake, type ColourHistory } from './colours.js';
export * from './swiss-pairing.js';
export * from './round-robin.js';
export * from './tie-breaks.js';
export * from './standings.js';
