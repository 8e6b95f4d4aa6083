export {
  analyseGame,
  analyseTurn,
  gameAnalysis,
  lineOf,
  seriesLength,
  winCanEndEarly,
  type AnalysisOptions,
  type GameAnalysis,
  type TurnAnalysis,
  type WinningLine,
} from './analyse.js';
export { playedTurns, type PlayedTurn } from './turns.js';
