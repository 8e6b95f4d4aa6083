export * from './result.js';
export * from './chess/index.js';
export * from './rules/index.js';
export * from './notation/index.js';
export * from './clock/index.js';
export * from './protocol/index.js';
export * from './mate/index.js';
export * from './search/index.js';
