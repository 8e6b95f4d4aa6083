import { isMainThread } from 'node:worker_threads';
import { ONE_SHOT, start } from './start.js';
import { engineCommand } from './engine.js';
import { botCommand } from './bot.js';

// The bundle is also the engine's worker thread (engine.ts): only the main thread runs the command.
if (isMainThread) start({ ...ONE_SHOT, engine: engineCommand, bot: botCommand });
