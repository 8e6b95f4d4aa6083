import type { GameSnapshot, TimeControl } from '@progressive-chess/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connectClient, type Client } from '../support/game-client.js';
import { chromiumAvailable, launchChromium, type Player } from './support/browser.js';
import { startServer, type TestServer } from './support/server.js';

/**
 * The clocks a game page shows, to players and a spectator, against the server's (docs/rules.md
 * section 9): only the side to move counts down; reloads, lost connections and a frozen
 * (background) tab come back to the server's time; the low-time warning; a flag and the final
 * clocks of a finished game. Moves are sent by a second connection of each player (the pages
 * are the players' own, with the same identity token).
 */
const run = chromiumAvailable();

interface Seat {
  readonly client: Client;
  readonly player: Player;
}

/** A clock's text as ms: "1:05", "0:09.4", "1:02:03". */
function parseClock(text: string): number {
  const parts = text.trim().split(':').map(Number);
  return parts.reduce((acc, p) => acc * 60 + p, 0) * 1000;
}

const timer = (page: Page, color: 'white' | 'black') => page.locator(`.board-col .bar[data-color="${color}"] [role="timer"]`);
const clockMs = async (page: Page, color: 'white' | 'black') => parseClock(await timer(page, color).innerText());
const isRunning = async (page: Page, color: 'white' | 'black') => (await timer(page, color).getAttribute('class'))?.includes('running') ?? false;

describe.runIf(run)('browser: the clocks a game page shows', () => {
  let server: TestServer;
  let browser: Browser;
  /** The server's clock runs ahead of the browsers' by this much (days of a correspondence game in a moment). */
  let ahead = 0;
  beforeAll(async () => {
    server = await startServer({ firstMoveGraceMs: 60_000, now: () => Date.now() + ahead });
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A connection of a new player, and a browser profile with the same identity on the game page. */
  async function seat(name: string): Promise<Seat> {
    const client = await connectClient(server.url, { name });
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    await context.addInitScript(([n, t]) => {
      localStorage.setItem('pcl.name', n);
      localStorage.setItem('pcl.token', t);
    }, [name, client.session.token] as const);
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error(`[${name}] page error:`, e.message));
    return { client, player: { context, page } };
  }

  /** `from`: a set-up position (FEN and turn) to start from. */
  async function table(timeControl: TimeControl, from?: { fen: string; turn: number }) {
    const [white, black, watcher] = await Promise.all([seat('Wanda'), seat('Boris'), seat('Sam')]);
    const gameId = await server.app.services.games.create({
      variant: 'scottish',
      timeControl,
      ...from,
      white: { id: white.client.session.playerId, name: 'Wanda' },
      black: { id: black.client.session.playerId, name: 'Boris' },
    });
    const pages = [white.player.page, black.player.page, watcher.player.page] as const;
    await Promise.all(pages.map((p) => p.goto(`${server.url}/game/${gameId}`)));
    await Promise.all(pages.map((p) => p.locator('.board-col .bar[data-color="white"]').waitFor()));
    let version = 1;
    const move = async (s: Seat, uci: string) => {
      version = (await call(s.client.socket, 'game:move', { gameId, version, move: uci })).version;
    };
    /** The server's milliseconds left for `color`, now. */
    const serverMs = async (color: 'white' | 'black') => {
      const s = (await (await fetch(`${server.url}/api/games/${gameId}`)).json()) as GameSnapshot;
      const c = s.clocks;
      return c.running === color ? Math.max(0, c[color] - (Date.now() + ahead - c.serverNow)) : c[color];
    };
    /**
     * Each page shows `color`'s clock as the server has it: a stopped one to the second (whole
     * seconds shown, rounded down), a running one within 1.5 s (its text, the fetch and the tick lag).
     */
    const agree = async (color: 'white' | 'black', stopped = false) => {
      for (const p of pages) {
        const [shown, truth] = await Promise.all([clockMs(p, color), serverMs(color)]);
        const what = `${color} clock on ${p.url()}: shows ${shown}, server ${truth}`;
        if (stopped) expect(shown, what).toBe(Math.floor(truth / 1000) * 1000);
        else expect(Math.abs(shown - truth), what).toBeLessThanOrEqual(1_500);
      }
    };
    const close = () => Promise.all([white, black, watcher].map((s) => (s.client.close(), s.player.context.close())));
    return { white, black, watcher, gameId, pages, move, agree, close };
  }

  it('only the side to move counts down, on every page, also after a reload, a lost connection and a frozen tab', async () => {
    const t = await table({ kind: 'fischer', initial: 120, increment: 5 });
    await t.move(t.white, 'e2e4');
    // Black's grace: no clock runs; White's shows its increment
    await expect.poll(() => clockMs(t.pages[2], 'white')).toBe(125_000);
    for (const p of t.pages) expect([await isRunning(p, 'white'), await isRunning(p, 'black')]).toEqual([false, false]);
    await t.move(t.black, 'e7e5');
    await t.pages[0].waitForTimeout(2_500);
    for (const p of t.pages) {
      expect([await isRunning(p, 'white'), await isRunning(p, 'black')]).toEqual([false, true]);
      expect(await clockMs(p, 'white')).toBe(125_000);
      expect(await clockMs(p, 'black')).toBeLessThanOrEqual(118_000);
    }
    await t.agree('black');

    // a reload of the spectator's page
    await t.pages[2].reload();
    await timer(t.pages[2], 'black').waitFor();
    await t.agree('black');
    await t.agree('white', true);

    // Black's tab frozen (as a background tab is) while its other connection ends the series
    const cdp = await t.black.player.context.newCDPSession(t.pages[1]);
    await cdp.send('Page.setWebLifecycleState', { state: 'frozen' });
    await t.move(t.black, 'g8f6');
    await new Promise((r) => setTimeout(r, 2_000));
    await cdp.send('Page.setWebLifecycleState', { state: 'active' });
    await expect.poll(() => isRunning(t.pages[1], 'white')).toBe(true);
    await t.agree('white');
    await t.agree('black', true);

    // the spectator's connection lost while White plays on, then back
    await t.watcher.player.context.setOffline(true);
    await t.move(t.white, 'd2d4');
    await new Promise((r) => setTimeout(r, 2_000));
    await t.watcher.player.context.setOffline(false);
    await expect.poll(() => t.pages[2].locator('.movelist').innerText(), { timeout: 15_000 }).toContain('d4');
    await t.agree('white');
    await t.agree('black', true);
    await t.close();
  });

  it('a flag: the low-time warning on the running clock only, then the result and the final clocks on every page, after a reload too', async () => {
    const t = await table({ kind: 'fischer', initial: 10, increment: 0 });
    await t.move(t.white, 'e2e4');
    await t.move(t.black, 'e7e5');
    for (const p of t.pages) {
      await expect.poll(() => timer(p, 'black').getAttribute('class')).toContain('low');
      expect(await timer(p, 'white').getAttribute('class')).not.toContain('low');
    }
    for (const p of t.pages) {
      await p.getByTestId('game-over').waitFor({ timeout: 15_000 });
      expect(await p.getByTestId('game-over').innerText()).toContain('White wins');
    }
    const check = async () => {
      for (const p of t.pages) {
        expect(await timer(p, 'black').innerText()).toBe('0:00.0');
        expect(await timer(p, 'white').innerText()).toBe('0:10');
        expect([await isRunning(p, 'white'), await isRunning(p, 'black')]).toEqual([false, false]);
        expect(await p.locator('.board-col .bar').allInnerTexts()).not.toContain('next turn');
      }
    };
    await check();
    await t.pages[0].waitForTimeout(1_200);
    await check();
    await Promise.all(t.pages.map((p) => p.reload()));
    await Promise.all(t.pages.map((p) => p.getByTestId('game-over').waitFor()));
    await check();
    await t.close();
  });

  it('correspondence: a waiting side shows the fresh days of its next turn, not what its last turn left', async () => {
    const t = await table({ kind: 'correspondence', daysPerTurn: 2 });
    await t.move(t.white, 'e2e4');
    await t.move(t.black, 'e7e5');
    ahead += 47 * 3_600_000; // Black thinks 47 hours over its second move
    await t.move(t.black, 'g8f6');
    for (const p of t.pages) {
      await expect.poll(() => isRunning(p, 'white')).toBe(true);
      const bar = p.locator('.board-col .bar[data-color="black"]');
      expect(await bar.innerText()).toContain('next turn');
      expect(await timer(p, 'black').innerText()).toBe('2d 0h');
      expect(await timer(p, 'black').getAttribute('class')).not.toContain('low');
      expect(await timer(p, 'white').innerText()).toBe('1d 23h'); // 2 days, running
    }
    await t.close();
  });

  it('a first-move abort: every page says who did not move in time, and still does after a reload', async () => {
    const t = await table({ kind: 'fischer', initial: 60, increment: 1 });
    await t.move(t.white, 'e2e4');
    ahead += 60_000; // Black's 60 s of grace (this server's) pass
    const said = 'Black did not make a first move in time';
    for (const p of t.pages) await expect.poll(() => p.getByTestId('game-over').innerText().catch(() => ''), { timeout: 10_000 }).toContain(said);
    await Promise.all(t.pages.map((p) => p.reload()));
    for (const p of t.pages) {
      await p.getByTestId('game-over').waitFor();
      expect(await p.getByTestId('game-over').innerText()).toContain(said);
      expect(await timer(p, 'white').innerText()).toBe('1:01');
      expect(await timer(p, 'black').innerText()).toBe('1:00');
    }
    await t.close();
  });

  it('per-turn at turn 20: the budget of the long series, its low-time warning, and the flag at its end', async () => {
    const start = { fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1', turn: 20 };
    const t = await table({ kind: 'per-turn', base: 5, perMove: 1 }, start);
    for (const p of t.pages) {
      await expect.poll(() => p.locator('.board-col .bar[data-color="black"]').innerText()).toContain('this turn');
      expect(await timer(p, 'black').innerText()).toBe('0:25'); // 5 s + 20 moves x 1 s
      expect(await p.locator('.board-col .bar[data-color="white"]').innerText()).toContain('next turn');
      expect(await timer(p, 'white').innerText()).toBe('0:26');
    }
    await t.move(t.black, 'e7e5');
    ahead += 20_000; // 20 s of Black's 25 pass in a moment; the next move's clocks tell the pages
    await t.move(t.black, 'd7d5');
    for (const p of t.pages) {
      await expect.poll(() => timer(p, 'black').getAttribute('class')).toContain('low'); // under a quarter of 25 s
      expect(await clockMs(p, 'black')).toBeLessThanOrEqual(5_000);
      expect(await timer(p, 'white').getAttribute('class')).not.toContain('low');
    }
    await t.agree('black');
    for (const p of t.pages) {
      await p.getByTestId('game-over').waitFor({ timeout: 10_000 });
      expect(await p.getByTestId('game-over').innerText()).toContain('Black ran out of time');
      expect(await timer(p, 'black').innerText()).toBe('0:00.0');
    }
    await t.close();
  });

  it('an untimed game abandoned after both sides completed a turn: no flag, and the banner says it was abandoned', async () => {
    const t = await table({ kind: 'none' });
    await t.move(t.white, 'e2e4');
    await t.move(t.black, 'e7e5');
    await t.move(t.black, 'g8f6');
    for (const p of t.pages) expect(await timer(p, 'white').count()).toBe(0); // untimed: no clocks at all
    ahead += 13 * 86_400_000; // 13 days unchanged: still going (the limit is 14)
    await t.pages[0].waitForTimeout(500);
    expect(await t.pages[2].getByTestId('game-over').count()).toBe(0);
    ahead += 86_400_000;
    for (const p of t.pages) {
      await p.getByTestId('game-over').waitFor({ timeout: 10_000 });
      expect(await p.getByTestId('game-over').innerText()).toContain('aborted as abandoned');
    }
    await t.close();
  });

  it('Abort is offered to the players exactly until both sides completed a turn; never to the spectator', async () => {
    const t = await table({ kind: 'fischer', initial: 300, increment: 3 });
    const abortShown = (p: Page) => p.getByRole('button', { name: 'Abort', exact: true }).count();
    const expectAbort = async (shown: [number, number, number]) => {
      for (const [i, p] of t.pages.entries()) await expect.poll(() => abortShown(p), { timeout: 5_000 }).toBe(shown[i]);
    };
    await expectAbort([1, 1, 0]);
    await t.move(t.white, 'e2e4');
    await t.move(t.black, 'e7e5'); // Black's turn 2 half played: both may still abort
    await expect.poll(() => isRunning(t.pages[0], 'black')).toBe(true);
    await expectAbort([1, 1, 0]);
    await t.move(t.black, 'g8f6'); // both completed a turn
    await expectAbort([0, 0, 0]);
    expect(await t.black.client.socket.timeout(5_000).emitWithAck('game:abort', { gameId: t.gameId })).toMatchObject({ ok: false, code: 'too-late-to-abort' });
    await t.close();
  });
});
