export { findMate, isWinningSeries, DEFAULT_MAX_NODES, type MateOptions, type MateResult } from './find-mate.js';
export { plainMateSearch } from './plain.js';
