/**
 * `npm run bench:arena-pairing`: the CPU time of one arena pairing wave (`pairArena`, shared) for
 * BENCH_PLAYERS (1,000) waiting players with realistic arena scores, ratings, colour histories and
 * latest opponents, over BENCH_WAVES (50) waves of different players; prints the median and p90 of
 * the process's CPU ms per wave (the server's budget for a whole wave is 250 ms) with the defaults
 * (the top ARENA_EXACT matched exactly, windows of ARENA_WINDOW below), with the top ARENA_WINDOW
 * matched exactly, and for a window of the whole list (one matching of everyone) on a tenth of the
 * players, for comparison;
 * then the CPU ms of each round of a 256-player, 7-round Swiss (`pairSwiss`, one matching of
 * everyone per round) with random results.
 */
import {
  ARENA_EXACT,
  ARENA_WINDOW,
  TOURNAMENT_LIMITS,
  pairArena,
  pairSwiss,
  seededRandom,
  type ArenaCandidate,
  type Color,
  type SwissPlayer,
} from '@progressive-chess/shared';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 1_000);
const WAVES = Number(process.env.BENCH_WAVES ?? 50);

/** A waiting list as an arena has it some way in: scores 0..~40, ratings around 1500, up to 12 games each. */
function waitingList(count: number, seed: number): ArenaCandidate[] {
  const random = seededRandom(seed);
  const ids = Array.from({ length: count }, (_, i) => `p${seed}-${i}`);
  return ids.map((id, i) => {
    const games = Math.floor(random() * 12);
    const colours = Array.from({ length: games }, (): Color => (random() < 0.5 ? 'white' : 'black'));
    const rating = Math.round(1500 + 350 * (random() + random() + random() - 1.5));
    const score = Math.max(0, Math.round(games * (1 + (rating - 1500) / 700) + random() * 6 - 3));
    const lastOpponent = games === 0 ? null : (ids[(i + 1 + Math.floor(random() * 7)) % count] ?? null);
    return { id, score, rating, lastOpponent, colours };
  });
}

function cpuMs(run: () => void): number {
  const before = process.cpuUsage();
  run();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const quantile = (xs: readonly number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
};

function measure(count: number, waves: number, window: number, exact = ARENA_EXACT): { median: number; p90: number; pairs: number } {
  pairArena(waitingList(count, 999), { seed: 1, window, exact }); // warm-up: compile the hot paths
  const times: number[] = [];
  let pairs = 0;
  for (let w = 0; w < waves; w++) {
    const list = waitingList(count, w);
    times.push(cpuMs(() => (pairs += pairArena(list, { seed: w, window, exact }).length)));
  }
  return { median: quantile(times, 0.5), p90: quantile(times, 0.9), pairs: pairs / waves };
}

const line = (label: string, r: { median: number; p90: number; pairs: number }): string =>
  `${label.padEnd(44)} median ${r.median.toFixed(1).padStart(7)} ms   p90 ${r.p90.toFixed(1).padStart(7)} ms   pairs/wave ${r.pairs.toFixed(0)}`;

console.log(`arena pairing waves: ${PLAYERS} waiting players, ${WAVES} waves (CPU ms per wave; budget 250 ms)`);
console.log(line(`top ${ARENA_EXACT} exact, windows of ${ARENA_WINDOW} (the default)`, measure(PLAYERS, WAVES, ARENA_WINDOW)));
console.log(line(`top ${ARENA_WINDOW} exact, windows of ${ARENA_WINDOW}`, measure(PLAYERS, WAVES, ARENA_WINDOW, ARENA_WINDOW)));
const tenth = Math.max(2, Math.round(PLAYERS / 10));
console.log(line(`${tenth} players, one window of all`, measure(tenth, Math.min(WAVES, 20), tenth, tenth)));

/** A Swiss of the most players allowed, 7 rounds of random results: the CPU ms of each round's pairing. */
function swissRounds(): number[] {
  const random = seededRandom(5);
  type Mutable = { -readonly [K in keyof SwissPlayer]: SwissPlayer[K] } & { opponents: string[]; colours: Color[] };
  const field: Mutable[] = Array.from({ length: TOURNAMENT_LIMITS.maxPlayers.swiss }, (_, i) => ({
    id: `s${i}`,
    score: 0,
    rating: 1200 + Math.floor(random() * 1000),
    opponents: [],
    colours: [],
    hadBye: false,
  }));
  const byId = new Map(field.map((p) => [p.id, p]));
  const times: number[] = [];
  for (let round = 1; round <= 7; round++) {
    let pairs: { white: string; black: string }[] = [];
    times.push(cpuMs(() => (pairs = pairSwiss(field, round).pairs)));
    for (const { white, black } of pairs) {
      const w = byId.get(white);
      const b = byId.get(black);
      if (!w || !b) throw new Error('unknown player paired');
      const u = random();
      const points = u < 0.45 ? 1 : u < 0.6 ? 0.5 : 0;
      w.score += points;
      b.score += 1 - points;
      w.opponents.push(black);
      b.opponents.push(white);
      w.colours.push('white');
      b.colours.push('black');
    }
  }
  return times;
}
const swiss = swissRounds();
console.log(`Swiss of ${TOURNAMENT_LIMITS.maxPlayers.swiss} players, CPU ms per round: ${swiss.map((t) => t.toFixed(0)).join(', ')}`);
