export * from './time-control.js';
export * from './clock.js';
export * from './grace.js';
