export * from './view.js';
export * from './offers.js';
export * from './apply.js';
export * from './commands.js';
export * from './takeback.js';
