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

describe('a table whose game has other versioned events between its moves', () => {
  it('follows its script by moves, not by versions', () => {
    const script: GameScript = [
      { uci: 'e2e4', color: 'white', hash: 'h1' },
      { uci: 'e7e5', color: 'black', hash: 'h2' },
      { uci: 'd7d5', color: 'black', hash: 'h3' },
    ];
    const sent: [string, number, string][] = [];
    const transport: Transport = {
      move: (color, version, uci) => {
        sent.push([color, version, uci]);
        return new Promise<boolean>(() => undefined);
      },
      renew: () => new Promise<number>(() => undefined),
    };
    const s = stats();
    const table = new Table(transport, s, [script], 0);
    table.start(1);
    table.onEvent(2, null, false, true); // e.g. Black's absence recorded before Black joined
    table.onEvent(3, null, false, true); // and cleared
    table.onEvent(4, 'e2e4', false, true, 'h1');
    table.onEvent(5, null, false, true);
    table.onEvent(6, 'e7e5', false, true, 'h2');
    // (a move in flight is sent again at each new version, as a refused one would be)
    expect([...new Set(sent.map(([, , uci]) => uci))]).toEqual(['e2e4', 'e7e5', 'd7d5']);
    expect(sent.at(-1)).toEqual(['black', 6, 'd7d5']);
    expect(() => table.onEvent(7, 'd7d6', false, true)).toThrow('did not play: d7d6');
  });
});

describe('a table whose move is overtaken by another event of its game', () => {
  it('sends the move again at the new version and counts no refusal', async () => {
    const script: GameScript = [{ uci: 'e2e4', color: 'white', hash: '' }];
    const acks: ((ok: boolean) => void)[] = [];
    const sent: number[] = [];
    const transport: Transport = {
      move: (_color, version) => {
        sent.push(version);
        return new Promise<boolean>((resolve) => acks.push(resolve));
      },
      renew: () => new Promise<number>(() => undefined),
    };
    const s = stats();
    const table = new Table(transport, s, [script], 0);
    table.start(1);
    table.onEvent(2, null, false, true); // an absence recorded before the move arrived
    acks[0]?.(false); // the first send refused: stale
    await new Promise((r) => setImmediate(r)); // its ack handled (a promise callback)
    expect(sent).toEqual([1, 2]);
    expect(s.refused).toBe(0);
    acks[1]?.(false); // a refusal of the current send is one, and the move is tried again
    await expect.poll(() => sent).toEqual([1, 2, 2]);
    expect(s.refused).toBe(1);
  });
});
