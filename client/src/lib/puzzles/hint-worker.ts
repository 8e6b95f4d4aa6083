/// <reference lib="webworker" />
/**
 * The puzzle hint's mate search, off the page's thread: receives an encoded rules state, answers
 * the mate the finder sees from there (UCI moves) or that it saw none.
 */
import { decodeState, findMate, makeUci } from '@progressive-chess/shared';
import type { HintAnswer, HintRequest } from './hint.js';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (e: MessageEvent<HintRequest>) => {
  const { id, state, budgetMs } = e.data;
  const decoded = decodeState(state);
  let answer: HintAnswer;
  if (!decoded.ok) answer = { id, found: false, complete: false };
  else {
    const r = findMate(decoded.value, { budgetMs, now: () => performance.now() });
    answer = r.found ? { id, found: true, moves: r.moves.map(makeUci) } : { id, found: false, complete: r.complete };
  }
  scope.postMessage(answer);
};
