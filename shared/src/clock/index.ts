export * from './time-control.js';
export * from './clock.js';
