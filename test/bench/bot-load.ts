import { createInterface } from 'node:readline';
import { seededRandom, type BotLevel } from '@progressive-chess/shared';
import { connectClient, request } from '../support/game-client.js';
import { playAsHuman } from '../support/scripted-human.js';
import { child, runAsChild, stopChild } from './child.js';

/**
 * `bench:server --bots N`: N games against the computer running beside the measured human games.
 * Each of N scripted players (own identity, spread over the nodes) starts a game against the
 * computer, plays its side at once (random legal moves) and starts another when it ends, until the
 * phase is over (`stop` on its stdin, sent when the measured window closed; `durationMs` bounds it).
 * Runs in its own process at the lowest CPU priority: its players stand for people's browsers,
 * whose CPU is not the server's (the measured human games' generator keeps its normal priority).
 */

export interface BotLoadConfig {
  readonly urls: readonly string[];
  readonly games: number;
  readonly durationMs: number;
  readonly level: BotLevel;
}

export interface BotLoadResult {
  readonly games: number;
  readonly level: BotLevel;
  /** Games started, and finished within the phase. */
  readonly started: number;
  readonly finished: number;
  readonly humanMoves: number;
  readonly botMoves: number;
  /** `bot:play` refusals (caps, busy). */
  readonly refused: number;
  /** This process's CPU over its run, percent of one core (what the people's browsers would spend). */
  readonly cpuPct: number;
}

async function main(cfg: BotLoadConfig): Promise<BotLoadResult> {
  const end = Date.now() + cfg.durationMs;
  // Reports at `stop` (games in progress are left as they are: the servers stop next) or at `end`.
  const stopped = new Promise<void>((resolve) => {
    createInterface({ input: process.stdin }).on('line', (line) => line === 'stop' && resolve());
    setTimeout(resolve, cfg.durationMs).unref();
  });
  const cpu0 = process.cpuUsage();
  const at = performance.now();
  const r = { games: cfg.games, level: cfg.level, started: 0, finished: 0, humanMoves: 0, botMoves: 0, refused: 0 };
  const players = Promise.all(
    Array.from({ length: cfg.games }, async (_, i) => {
      const c = await connectClient(cfg.urls[i % cfg.urls.length]!, { name: `Bench ${i}` });
      const random = seededRandom(i + 1);
      try {
        while (Date.now() < end) {
          const color = i % 2 === 0 ? 'white' : 'black';
          const ack = await request(c.socket, 'bot:play', { variant: 'scottish', timeControl: { kind: 'none' }, color, level: cfg.level });
          if (!ack.ok) {
            r.refused++;
            await new Promise((res) => setTimeout(res, 500));
            continue;
          }
          r.started++;
          const game = await playAsHuman(c, ack.gameId, { random, timeoutMs: Math.max(1, end - Date.now()) });
          r.humanMoves += game.played;
          r.botMoves += game.seen;
          if (game.outcome !== null) r.finished++;
          else await request(c.socket, 'game:resign', { gameId: ack.gameId });
        }
      } finally {
        c.close();
      }
    }),
  );
  players.catch(() => undefined); // after `stop`, a failure no longer matters
  await Promise.race([players, stopped]);
  const cpu = process.cpuUsage(cpu0);
  return { ...r, cpuPct: ((cpu.user + cpu.system) / 1000 / (performance.now() - at)) * 100 };
}

runAsChild(import.meta.url, 'bot load', main);

/** Starts the bot games of a phase (none when `games` is 0); `result` waits for their report. */
export function startBotLoad(cfg: BotLoadConfig): { stop(): void; result(): Promise<BotLoadResult> } | null {
  if (cfg.games <= 0) return null;
  const proc = child('./bot-load.ts', cfg, undefined, { lowPriority: true });
  // Listening from the start: the report may come before the load generator's.
  const report = proc.next('RESULT');
  report.catch(() => undefined);
  return {
    stop: () => void proc.proc.stdin?.write('stop\n'),
    async result() {
      const r = JSON.parse(await report) as BotLoadResult;
      await stopChild(proc);
      return r;
    },
  };
}

export const botLine = (b: BotLoadResult): string =>
  `      + ${b.games} bot games (level ${b.level}): ${b.started} started, ${b.finished} finished, ${b.botMoves} computer moves, ${b.humanMoves} scripted-side moves, ${b.refused} refused; bot load CPU ${b.cpuPct.toFixed(0)}%`;
