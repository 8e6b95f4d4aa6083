// The benchmark's table (test/bench/table.ts): a renewal in flight when the run stops.
import { describe, expect, it } from 'vitest';
import { Table, type Stats, type Transport } from '../bench/table.js';
import type { GameScript } from '../bench/game-scripts.js';

const stats = (): Stats => ({ running: true, measuring: false, moves: 0, refused: 0, games: 0, latencies: [] });

describe('a table whose game is renewed as the run stops', () => {
  it('drops the renewal its closing cut short, and reports one that fails while the run goes on', async () => {
    const script: GameScript = [{ uci: 'e2e4', color: 'white', hash: '' }];
    const run = async (stopFirst: boolean): Promise<unknown> => {
      const s = stats();
      let refuse: (e: Error) => void = () => undefined;
      let renewing: () => void = () => undefined;
      const asked = new Promise<void>((resolve) => (renewing = resolve));
      const transport: Transport = {
        move: () => Promise.resolve(true),
        renew: () => {
          renewing();
          return new Promise<number>((_resolve, reject) => (refuse = reject));
        },
      };
      const unhandled: unknown[] = [];
      const onUnhandled = (reason: unknown): void => void unhandled.push(reason);
      process.on('unhandledRejection', onUnhandled);
      try {
        const table = new Table(transport, s, [script], 0);
        table.start(0);
        table.onEvent(1, 'e2e4', true, true); // the game ends: the table renews it
        await asked;
        if (stopFirst) s.running = false;
        refuse(new Error('socket has been disconnected'));
        await new Promise((r) => setTimeout(r, 20));
        return unhandled[0];
      } finally {
        process.off('unhandledRejection', onUnhandled);
      }
    };
    expect(await run(true)).toBeUndefined();
    expect(await run(false)).toEqual(new Error('socket has been disconnected'));
  });
});
