// Bot benchmark: level 3 against level 1 and against a random mover, per variant family, colours
// alternating. Run with `npm run bench:bot [-- --games N --budget-ms N --max-turns N]` from the
// repository root (defaults: 100 games per pairing and family, 300 ms CPU per series for level 3).
import {
  chooseSeries, legalMoves, seededRandom, newGame, play, type BotLevel, type Color, type GameState, type Move, type VariantId,
} from '../src/index.js';

function option(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const v = i >= 0 ? Number(process.argv[i + 1]) : NaN;
  return Number.isFinite(v) && v > 0 ? v : fallback;
}

const games = option('games', 100);
const budgetMs = option('budget-ms', 300);
const maxTurns = option('max-turns', 60);
const now = (): number => process.cpuUsage().user / 1000;

type Player = BotLevel | 'random';

function series(state: GameState, player: Player, random: () => number): Move[] {
  if (player !== 'random') return chooseSeries(state, { level: player, budgetMs: player === 3 ? budgetMs : budgetMs / 3, now, random });
  const out: Move[] = [];
  let s = state;
  for (;;) {
    const moves = legalMoves(s);
    const move = moves[Math.floor(random() * moves.length)];
    if (!move) return out;
    const r = play(s, move);
    if (!r.ok) return out;
    out.push(move);
    if (r.value.turnEnded) return out;
    s = r.value.state;
  }
}

/** Plays one game; the result from White's point of view: 1, 0.5 or 0. */
function playGame(variant: VariantId, white: Player, black: Player, seed: number): number {
  const g = newGame(variant);
  if (!g.ok) throw new Error(g.error.message);
  let state = g.value;
  const random = seededRandom(seed);
  while (!state.outcome && state.turn <= maxTurns) {
    const mover: Color = state.color;
    const moves = series(state, mover === 'white' ? white : black, random);
    if (moves.length === 0) break;
    for (const move of moves) {
      const r = play(state, move, mover);
      if (!r.ok) throw new Error(`${variant}: an illegal move was chosen: ${r.error.code}`);
      state = r.value.state;
      if (state.outcome || state.color !== mover) break;
    }
  }
  const result = state.outcome?.result;
  return result === '1-0' ? 1 : result === '0-1' ? 0 : 0.5;
}

const families: VariantId[] = ['italian', 'scottish', 'english', 'cost'];
const opponents: Player[] = [1, 'random'];
console.log(`${games} games per pairing and family, level 3 budget ${budgetMs} ms CPU per series, games cut at turn ${maxTurns} (a draw)`);
const wall0 = performance.now();
for (const variant of families) {
  for (const opponent of opponents) {
    let wins = 0;
    let draws = 0;
    for (let i = 0; i < games; i++) {
      const l3White = i % 2 === 0;
      const r = playGame(variant, l3White ? 3 : opponent, l3White ? opponent : 3, 1000 + i);
      const score = l3White ? r : 1 - r;
      if (score === 1) wins++;
      else if (score === 0.5) draws++;
    }
    const pct = ((100 * wins) / games).toFixed(0);
    console.log(`${variant.padEnd(9)} level 3 vs ${String(opponent === 'random' ? 'random' : `level ${opponent}`).padEnd(8)} wins ${wins}/${games} (${pct}%), draws ${draws}, losses ${games - wins - draws}`);
  }
}
console.log(`wall-clock ${((performance.now() - wall0) / 1000).toFixed(0)} s`);
