// Node flags of the game server process: `npm start` runs server/dist/index.js with them, the
// Dockerfile's CMD lists the same (a test keeps the two in step), and bench:server runs its server
// nodes (the floor's too) with them.
//
// --max-semi-space-size=64: a young generation of up to 64 MB a half instead of V8's 16. Every move
// makes some 45 KB of short-lived garbage, and each game's current state lives one move long (about
// 300 ms in play). Measured with bench:server (500 games, 1 node, 6 runs each): the game server's
// young collections fell from some 70 to 17 per 14 s, their pause time from about 350 to 175 ms,
// runs with a full collection from 4 of 6 to 2, and its CPU per move by some 8%; its p99 did not move
// (fewer pauses, each longer). It costs RSS: 348 MB at most against 227 under that load.
//
// An operator's NODE_OPTIONS that sets the same flag wins (`serverNodeFlags`).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];

/** SERVER_NODE_FLAGS without those whose name NODE_OPTIONS already sets. */
export function serverNodeFlags(nodeOptions = process.env.NODE_OPTIONS ?? '') {
  return SERVER_NODE_FLAGS.filter((flag) => !nodeOptions.includes(flag.split('=')[0]));
}
