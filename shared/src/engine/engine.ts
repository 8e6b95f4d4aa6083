/**
 * The project's own computer player behind the engine protocol: a session that reads command
 * lines and answers with lines. Pure and synchronous: the clock, the randomness and the stop flag
 * are injected, and `go` searches before it returns. The CLI runs the session in a worker thread
 * and reads the next lines meanwhile: a `stop` read during a search sets the flag (`stopped`).
 */
import { makeUci, parseUci } from '../chess/index.js';
import { endTurn, newGame, play } from '../rules/game.js';
import type { GameState } from '../rules/state.js';
import { VARIANT_IDS, type VariantId } from '../rules/variant-ids.js';
import { chooseSeries, type BotLevel } from '../search/bot.js';
import { formatBest, formatHandshake, formatInfo, NULL_MOVE, parseEngineCommand, type GoParams } from './protocol.js';

export interface EngineOptions {
  readonly level: BotLevel;
  readonly now: () => number;
  readonly random: () => number;
  /**
   * Whether the current `go` was told to stop: once true, its search ends at its next look at its
   * clock (its time counts as spent) and answers the best series it has, completed at once.
   */
  readonly stopped?: () => boolean;
}

export interface EngineSession {
  /** The lines to write for one line read; `quit` once the engine must stop. */
  handle(line: string): { readonly out: readonly string[]; readonly quit: boolean };
}

/** Replays `moves` (UCI, `0000` ends the turn) from a start; an error names the first refused one. */
export function replayMoves(variant: VariantId, fen: string | null, turn: number, moves: readonly string[]): { ok: true; state: GameState } | { ok: false; error: string } {
  const start = newGame(variant, fen === null ? { turn } : { fen, turn });
  if (!start.ok) return { ok: false, error: start.error.message };
  let state = start.value;
  for (const uci of moves) {
    const move = uci === NULL_MOVE ? null : parseUci(uci);
    const r = move === null ? endTurn(state) : move === undefined ? null : play(state, move);
    if (r === null || !r.ok) return { ok: false, error: `${uci}: ${r?.ok === false ? r.error.message : 'not a move'}` };
    state = r.value.state;
  }
  return { ok: true, state };
}

/** Thinking time for this series: `movetime`, else a share of the clock plus most of the increment. */
export function thinkingMs(state: GameState, go: GoParams, levelMs: number): { budgetMs: number; limitMs?: number } {
  if (go.movetime !== undefined) return { budgetMs: Math.max(1, go.movetime), limitMs: go.movetime };
  const left = state.color === 'white' ? go.wtime : go.btime;
  const inc = (state.color === 'white' ? go.winc : go.binc) ?? 0;
  if (left === undefined) return { budgetMs: levelMs };
  return { budgetMs: Math.max(10, Math.min(levelMs, left / 20 + inc * 0.8)), limitMs: left / 4 + inc / 2 };
}

/** How far the search's clock jumps at each reading once stopped: past any budget or limit. */
const STOPPED_STEP_MS = 1e9;

/**
 * The clock a search reads: the engine's, until the `go` is stopped; from then on each reading is
 * `STOPPED_STEP_MS` past the one before, so whatever the search measures from (even a reading
 * taken after the stop) its time is spent at its next look, and it answers what it has.
 */
function searchClock(o: EngineOptions): () => number {
  const { stopped } = o;
  if (stopped === undefined) return o.now;
  let last = -Infinity;
  return () => {
    last = stopped() ? (last === -Infinity ? o.now() : last) + STOPPED_STEP_MS : Math.max(last, o.now());
    return last;
  };
}

/** The level's usual thinking time per series (the server's computer player uses the same). */
const LEVEL_MS: Readonly<Record<BotLevel, number>> = { 1: 100, 2: 400, 3: 1500 };

export function createEngine(o: EngineOptions): EngineSession {
  let variant: VariantId = 'italian';
  let position: { fen: string | null; turn: number; moves: readonly string[] } = { fen: null, turn: 1, moves: [] };
  const id = { name: `Progressive Chess Live level ${o.level}`, author: 'Progressive Chess Live', variants: VARIANT_IDS };

  const go = (params: GoParams): string[] => {
    const r = replayMoves(variant, position.fen, position.turn, position.moves);
    if (!r.ok) return [formatInfo({ timeMs: 0, string: `bad position: ${r.error}` }), formatBest([NULL_MOVE])];
    const start = o.now();
    const series = chooseSeries(r.state, { level: o.level, ...thinkingMs(r.state, params, LEVEL_MS[o.level]), now: searchClock(o), random: o.random });
    const ucis = series.map(makeUci);
    // the search may stop short of the series in the cost variants: the rest of the turn is passed
    const after = replayMoves(variant, position.fen, position.turn, [...position.moves, ...ucis]);
    const state = after.ok ? after.state : r.state;
    const mates = state.outcome !== null && state.outcome.result === (r.state.color === 'white' ? '1-0' : '0-1');
    if (after.ok && state.outcome === null && state.turn === r.state.turn) ucis.push(NULL_MOVE);
    const info = formatInfo({ timeMs: o.now() - start, ...(mates ? { score: { mate: true } as const } : {}), string: `series of ${ucis.length}` });
    return [info, formatBest(ucis.length ? ucis : [NULL_MOVE])];
  };

  return {
    handle(line) {
      if (line.trim() === '') return { out: [], quit: false };
      const parsed = parseEngineCommand(line);
      if (!parsed.ok) return { out: [formatInfo({ timeMs: 0, string: `error: ${parsed.error}` })], quit: false };
      const c = parsed.command;
      switch (c.type) {
        case 'pcp':
          return { out: formatHandshake(id), quit: false };
        case 'isready':
          return { out: ['readyok'], quit: false };
        case 'newgame':
          position = { fen: null, turn: 1, moves: [] };
          return { out: [], quit: false };
        case 'variant':
          variant = c.variant;
          return { out: [], quit: false };
        case 'position':
          position = { fen: c.fen, turn: c.turn, moves: c.moves };
          return { out: [], quit: false };
        case 'go':
          return { out: go(c.params), quit: false };
        case 'stop':
          // a search it stops has already answered (`stopped`); none running: nothing to answer
          return { out: [], quit: false };
        case 'quit':
          return { out: [], quit: true };
      }
    },
  };
}
