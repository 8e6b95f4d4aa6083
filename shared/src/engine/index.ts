export * from './lines.js';
export * from './protocol.js';
export * from './engine.js';
