/**
 * `npm run bench:caches`: the node's per-game caches level off at their caps. Fills the decoded-game
 * memo (`DecodedGames`, 10,000 games) and the move-log cache of the Redis store (`MoveLogCache`,
 * 250,000 moves) with BENCH_GAMES (30000) distinct games of BENCH_MOVES (40) moves each, made from a
 * real game doc, and prints the heap after a full collection every 2,500 games: it grows while the
 * caches fill, then stays flat. Run with `--expose-gc` (the npm script does).
 */
import { createApp } from '../../server/src/app.js';
import { createInlinePool } from '../../server/src/compute/inline-pool.js';
import { DecodedGames } from '../../server/src/services/decoded-games.js';
import { parseDoc } from '../../server/src/services/game-doc.js';
import { decodeOrThrow } from '../../server/src/services/game-service.js';
import { createMemoryStore } from '../../server/src/store/memory-store.js';
import { MoveLogCache } from '../../server/src/store/move-log-cache.js';

const GAMES = Number(process.env.BENCH_GAMES ?? 30_000);
const MOVES = Number(process.env.BENCH_MOVES ?? 40);
const STEP = 2_500;
const DECODED_CAP = 10_000;
const MOVES_CAP = 250_000;

const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('run with node --expose-gc (npm run bench:caches)');
const heapMb = (): number => {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

// a real game doc, as the game service writes it
const store = createMemoryStore();
const app = createApp({ store, compute: createInlinePool() });
const templateId = await app.services.games.create({
  variant: 'scottish',
  timeControl: { kind: 'fischer', initial: 300, increment: 5 },
  white: { id: 'wwwwwwwwwwww', name: 'White player' },
  black: { id: 'bbbbbbbbbbbb', name: 'Black player' },
});
const template = (await store.loadGameHead(templateId))?.doc ?? '';
await app.close();
await store.close();

const decoded = new DecodedGames(DECODED_CAP);
const moveLogs = new MoveLogCache(MOVES_CAP);
const base = heapMb();
console.log(`caches: ${GAMES} games of ${MOVES} moves; caps ${DECODED_CAP} decoded games, ${MOVES_CAP} moves (${MOVES_CAP / MOVES} games)`);
console.log('games   heap MB (after GC, over the start)   MB per 1,000 games since the last line');
let last = 0;
for (let i = 1; i <= GAMES; i++) {
  const id = `g${String(i).padStart(11, '0')}`;
  const docString = template.split(templateId).join(id);
  const doc = parseDoc(docString);
  decoded.set({ head: { id, version: 1 + (i % 50), moveCount: MOVES }, docLength: docString.length, doc, state: decodeOrThrow(doc.state) });
  const moves = Array.from({ length: MOVES }, (_, k) => JSON.stringify({ uci: 'e2e4', san: 'e4', turn: k + 1, index: 1, at: 1_800_000_000_000 + i * 1000 + k }));
  moveLogs.created(id, `log${i}`, moves);
  if (i % STEP === 0) {
    const mb = heapMb() - base;
    console.log(`${String(i).padStart(6)}  ${mb.toFixed(1).padStart(8)}   ${(((mb - last) * 1000) / STEP).toFixed(2).padStart(8)}`);
    last = mb;
  }
}
