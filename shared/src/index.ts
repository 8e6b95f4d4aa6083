export * from './result.js';
export * from './chess/types.js';
export * from './rules/variant-ids.js';
export * from './clock/time-control.js';
export * from './protocol/index.js';
