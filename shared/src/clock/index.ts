export * from './time-control.js';
