export * from './errors.js';
export * from './schemas.js';
export * from './types.js';
export * from './events.js';
export * from './chat.js';
export * from './move-record.js';
export * from './display-name.js';
export * from './accounts.js';
