import {
  botName,
  botPlayerId,
  opposite,
  legalMoves,
  seededRandom,
  VARIANT_IDS,
  VARIANTS,
  type BotLevel,
  type Color,
  type GameEvent,
  type GameSnapshot,
  type GameState,
  type Move,
  type TimeControl,
  type VariantId,
} from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BOT_SETTINGS } from '../../server/src/bot/bot-settings.js';
import { call, type Client } from '../support/game-client.js';
import { playAsHuman } from '../support/scripted-human.js';
import { player, start } from './bot-app.js';
import { sharedPool } from './bot-qa-pool.js';

/**
 * Every variant against the computer as a player meets it: levels 1 and 3, the person as White and
 * as Black, short Fischer and per-turn clocks, from the start and late in a game (turn 15 on, long
 * series). The person is a scripted random mover (`playAsHuman` replays every event with the rules:
 * an illegal move, a wrong pass or a gap fails the game). The computer must finish every series,
 * the game must end, and the computer must never lose on time: each clocked series of its own
 * within its search budget (a tenth of its time left at most) and a little for its commits.
 */

const ONE_MINUTE: TimeControl = { kind: 'fischer', initial: 60, increment: 0 };
const PER_TURN: TimeControl = { kind: 'per-turn', base: 10, perMove: 1 };
/** A developed middlegame, White to move. */
const MIDDLEGAME = 'r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 0 1';
/**
 * Commits, broadcasts and scheduling on top of the search budget, per series. Wall-clock time on a
 * loaded 2-core CI machine (the search at idle priority, beside the other suites), so only a loose
 * bound against gross overruns; the precise budget check is in CPU time (bot-qa-budget.test.ts),
 * and speed is bench:bot's.
 */
const OVERHEAD_MS = 5_000;

const borrowed = sharedPool();

/** A random mover that, in the cost variants, passes the rest of its turn now and then (a Fibonacci turn has thousands of points). */
function randomPlayer(random: () => number): (s: GameState) => Move | null {
  return (s) => {
    const moves = legalMoves(s);
    const pass = VARIANTS[s.variant].costs !== null && s.moveIndex > 0 && random() < 0.3;
    return moves.length === 0 || pass ? null : moves[Math.floor(random() * moves.length)]!;
  };
}

interface BotTurn {
  readonly turn: number;
  /** From the end of the person's series to the computer's first move (its search), ms. */
  readonly think: number;
  /** The computer's time at the start of its series and at its end (ms); null while its clock has not started. */
  readonly clock: { readonly before: number; readonly after: number } | null;
}

/** The computer's series: the think time from the moves' times, its clock from the clocks every event carries. */
function botTurns(snapshot: GameSnapshot, events: readonly GameEvent[], bot: Color): BotTurn[] {
  const clocks: { before: number; after: number }[] = [];
  let running: Color | null = null;
  let before = 0;
  for (const e of events) {
    if (e.gameId !== snapshot.id || !('clocks' in e.event)) continue;
    const view = e.event.clocks;
    if (view.running === bot && running !== bot) before = view[bot];
    if (running === bot && view.running !== bot) clocks.push({ before, after: view[bot] });
    running = view.running;
  }
  const turns: BotTurn[] = [];
  for (const [i, m] of snapshot.moves.entries()) {
    if (m.color !== bot || m.index !== 1) continue;
    const clock = clocks.shift() ?? null;
    const prev = snapshot.moves[i - 1];
    if (prev === undefined) continue;
    // its clock starts with its first move (before it, a clocked game gives each side a first-move grace)
    const clocked = snapshot.moves.slice(0, i).some((x) => x.color === bot);
    turns.push({ turn: m.turn, think: m.at - prev.at, clock: clocked ? clock : null });
  }
  return turns;
}

interface Allowance {
  /** The computer's search budget by level (ms). */
  readonly budgetMs: Readonly<Record<BotLevel, number>>;
  /** Share of its time left its pauses between moves may take (0: no pauses). */
  readonly pauseShare: number;
}

/**
 * The person plays the game to its end; the computer's every series must stay within its search
 * budget (at most a tenth of its time left) and, with its pauses, within its share of the clock.
 */
async function playTheComputer(human: Client, gameId: string, bot: { color: Color; level: BotLevel }, seed: number, allowed: Allowance) {
  const random = seededRandom(seed);
  const game = await playAsHuman(human, gameId, { random, pick: randomPlayer(random), timeoutMs: 120_000 });
  expect(game.outcome, 'the game ends').not.toBeNull();
  expect(game.resyncs).toBe(0);
  expect(game.seen, 'the computer played').toBeGreaterThan(0);
  const lostOnTime = game.outcome?.reason === 'timeout' && game.outcome.result === (bot.color === 'white' ? '0-1' : '1-0');
  expect(lostOnTime, 'the computer lost on time').toBe(false);
  const { snapshot } = await call(human.socket, 'game:resync', { gameId });
  const turns = botTurns(snapshot, human.events, bot.color);
  const budget = allowed.budgetMs[bot.level];
  for (const t of turns) {
    expect(t.think, `turn ${t.turn}: its search`).toBeLessThanOrEqual(budget + OVERHEAD_MS);
    if (t.clock === null) continue;
    const { before, after } = t.clock;
    const share = Math.min(budget, before * DEFAULT_BOT_SETTINGS.clockShare) + before * allowed.pauseShare;
    expect(before - after, `turn ${t.turn}: its series from ${before} ms`).toBeLessThanOrEqual(share + OVERHEAD_MS);
  }
  return { game, turns };
}

/** Short budgets from the start (its searches are not what these games test), the real ones late. */
const SHORT_BUDGETS = { 1: 50, 2: 100, 3: 200 } as const;

describe('every variant against the computer, from the start', () => {
  const cases = VARIANT_IDS.flatMap((variant, v) =>
    ([1, 3] as const).flatMap((level) => (['white', 'black'] as const).map((color, c) => ({ variant, level, color, timeControl: (v + c) % 2 ? PER_TURN : ONE_MINUTE }))),
  );
  it.each(cases)('$variant, level $level, the person $color, $timeControl.kind', async ({ variant, level, color, timeControl }) => {
    const { url } = await start({ compute: borrowed(), bot: { budgetMs: SHORT_BUDGETS } });
    const human = await player(url, 'Human');
    const { gameId } = await call(human.socket, 'bot:play', { variant, timeControl, color, level });
    const bot = { color: opposite(color), level };
    const { game } = await playTheComputer(human, gameId, bot, level * 100 + VARIANT_IDS.indexOf(variant), { budgetMs: SHORT_BUDGETS, pauseShare: 0 });
    const passes = human.events.filter((e) => e.gameId === gameId && e.event.type === 'turn-passed' && e.event.color === bot.color);
    if (VARIANTS[variant].costs === null) expect(passes).toEqual([]);
    expect(game.outcome?.reason).not.toBe('aborted');
    const snapshot = (await call(human.socket, 'game:resync', { gameId })).snapshot;
    expect(snapshot.players[bot.color]).toMatchObject({ id: botPlayerId(level), name: botName(level) });
  });
});

describe('late in a game (long series), with the real budgets', () => {
  it.each(VARIANT_IDS.map((variant, i) => ({ variant, timeControl: i % 2 ? PER_TURN : ONE_MINUTE })))(
    '$variant, level 3, from turn 15, $timeControl.kind',
    async ({ variant, timeControl }) => {
      const { app, url } = await start({ compute: borrowed() });
      const human = await player(url, 'Human');
      const gameId = await lateGame(app, human, variant, timeControl, 'black');
      await playTheComputer(human, gameId, { color: 'black', level: 3 }, 7, { budgetMs: DEFAULT_BOT_SETTINGS.budgetMs, pauseShare: 0 });
    },
  );

  it('English from turn 15 with the pauses between its moves: they too stay within a share of its clock', async () => {
    const { app, url } = await start({ compute: borrowed(), bot: { pauseMs: DEFAULT_BOT_SETTINGS.pauseMs } });
    const human = await player(url, 'Human');
    const gameId = await lateGame(app, human, 'english', ONE_MINUTE, 'black');
    // a tenth of its time to think, a tenth for the pauses
    const allowed = { budgetMs: DEFAULT_BOT_SETTINGS.budgetMs, pauseShare: DEFAULT_BOT_SETTINGS.clockShare };
    const { turns } = await playTheComputer(human, gameId, { color: 'black', level: 3 }, 3, allowed);
    expect(turns.length).toBeGreaterThan(0);
  });
});

/** A set-up game at turn 15 (the person White, to move), as `bot:play` makes one from the start. */
function lateGame(app: Awaited<ReturnType<typeof start>>['app'], human: Client, variant: VariantId, timeControl: TimeControl, botColor: 'black'): Promise<string> {
  const person = { id: human.session.playerId, name: 'Human' };
  const bot = { id: botPlayerId(3), name: botName(3) };
  return app.services.games.create({
    variant,
    timeControl,
    fen: MIDDLEGAME,
    turn: 15,
    white: person,
    black: bot,
    bot: { color: botColor, level: 3, owner: human.session.playerId },
  });
}
