export * from './variant-ids.js';
