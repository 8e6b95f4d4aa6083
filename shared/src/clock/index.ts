export * from './time-control.js';
export * from './time-control-bounds.js';
export * from './clock.js';
export * from './grace.js';
