/** `pchess mate`: a mate for the side to move from the point the game has reached. */
import { findMate, makeUci, parsePgn, seriesSan, type GameState, type Move, type VariantId } from '@progressive-chess/shared';
import { intOption, type Args } from './args.js';
import { printJson, replayError } from './output.js';

/** Milliseconds of a monotonic clock: process.hrtime, as the global `performance` loads a Node module of its own in a fresh process. */
const nowMs = (): number => Number(process.hrtime.bigint()) / 1e6;

/** The series in SAN, each move written in the position just before it. */
function seriesText(state: GameState, moves: readonly Move[]): string {
  return seriesSan(state, moves).join(' ');
}

/** Exit 0 with the answer, 1 for an illegal or finished game (usage errors: 2, thrown). */
export function mateCommand(args: Args, variant: VariantId, start: { fen?: string; turn?: number }, text: string): number {
  const budgetMs = intOption(args, 'budget-ms', 1, 86_400_000);
  const parsed = parsePgn(text, { variant, ...start });
  if (!parsed.ok) {
    printJson(replayError(parsed.error));
    return 1;
  }
  const state = parsed.value.parsed.state;
  if (state.outcome) {
    printJson({ ok: false, code: 'game-over', message: `the game is over (${state.outcome.result ?? '*'} ${state.outcome.reason})` });
    return 1;
  }
  const t0 = nowMs();
  const r = findMate(state, { ...(budgetMs !== undefined ? { budgetMs, now: nowMs } : {}) });
  const ms = Math.round(nowMs() - t0);
  if (r.found) {
    printJson({ found: true, series: seriesText(state, r.moves), moves: r.moves.map(makeUci), complete: true, nodes: r.nodes, ms });
  } else {
    printJson({ found: false, complete: r.complete, nodes: r.nodes, ms });
  }
  return 0;
}

