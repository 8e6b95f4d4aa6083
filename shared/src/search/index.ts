export { chooseSeries, type BotLevel, type BotOptions } from './bot.js';
export { evaluate, DEFAULT_WEIGHTS, type EvalWeights } from './evaluate.js';
export { seededRandom } from './random.js';
