export * from './errors.js';
export { readSanSyntax, type SanSyntax } from './san-syntax.js';
export { makeSan, parseSan } from './san.js';
export { tokenize, type Token } from './tokens.js';
export type { GameRecord, ParsedGame, StartOptions } from './record.js';
export { makeGame } from './game-write.js';
export { parseGame } from './game-read.js';
export { readTags, writeTags, wrap, type PgnTags } from './pgn-tags.js';
export { describeError, gameToPgn, makePgn, outcomeTags, parsePgn, timeControlTag, variantFromTag } from './pgn.js';
