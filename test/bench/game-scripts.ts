import { type Color, type GameState, legalMoves, makeUci, newGame, play, seededRandom, stateHash } from '@progressive-chess/shared';

/**
 * The benchmark's games, played out once before the load starts: each is the list of moves a
 * table sends, with the side that plays each one and the state hash the server must answer. The
 * load generator then does no rules work while it is measured (it only sends the next move and
 * compares hash strings), so its CPU goes to the sockets, as the floor's does.
 */

export interface ScriptedMove {
  readonly uci: string;
  readonly color: Color;
  /** `stateHash` after the move: what the server's move event must carry. */
  readonly hash: string;
}

/** One game from the standard start to its end (or to `maxMoves`; then the table starts another game). */
export type GameScript = readonly ScriptedMove[];

function fresh(): GameState {
  const g = newGame('scottish');
  if (!g.ok) throw new Error(g.error.message);
  return g.value;
}

/** A random legal move that neither checks nor ends the game when one is found (long games). */
function choose(state: GameState, random: () => number): ReturnType<typeof legalMoves>[number] | null {
  const moves = legalMoves(state);
  if (moves.length === 0) return null;
  for (let tries = 0; tries < 6; tries++) {
    const m = moves[Math.floor(random() * moves.length)];
    if (!m) continue;
    const r = play(state, m);
    if (r.ok && !r.value.check && r.value.outcome === null) return m;
  }
  return moves[Math.floor(random() * moves.length)] ?? null;
}

/** A game played by the seeded random player: deterministic for a seed. */
export function gameScript(seed: number, maxMoves = 400): GameScript {
  const random = seededRandom(seed);
  const out: ScriptedMove[] = [];
  let state = fresh();
  while (state.outcome === null && out.length < maxMoves) {
    const m = choose(state, random);
    if (m === null) break;
    const r = play(state, m);
    if (!r.ok) throw new Error(`bench: the rules refuse their own move ${makeUci(m)}`);
    out.push({ uci: makeUci(m), color: state.color, hash: stateHash(r.value.state) });
    state = r.value.state;
  }
  return out;
}

/** `count` scripts (seeds 1..count), shared by every table of a load generator. */
export function scriptPool(count: number): GameScript[] {
  return Array.from({ length: count }, (_, i) => gameScript(i + 1));
}
