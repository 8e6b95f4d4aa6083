/// <reference lib="webworker" />
/** The analysis board's engine (see engine.ts), off the page's thread. */
import { answer } from './engine-compute.js';
import type { EngineRequest } from './engine.js';

const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (e: MessageEvent<EngineRequest>) => {
  scope.postMessage(answer(e.data));
};
