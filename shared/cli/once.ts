// The one-shot commands (replay, perft, series, mate) alone, bundled as a classic script that
// bin/pchess.js compiles with a V8 code cache (code-cache.ts): none of the engine's and bot's
// worker threads, child processes and sockets, whose Node modules a fresh process would load.
import { ONE_SHOT, start } from './start.js';

start(ONE_SHOT);
