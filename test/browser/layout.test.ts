import { describe, expect, it } from 'vitest';
import { chromiumAvailable } from './support/browser.js';
import { fullyVisible, startLobbyGame } from './support/game-start.js';
import { ARTIFACTS, twoPlayers } from './support/two-players.js';

const run = chromiumAvailable();

/**
 * Window sizes of a laptop (short), a common desktop, a phone, and phones held sideways (the
 * top bar on two rows below 820 px: the board must leave room for it).
 */
const SIZES = [
  { width: 1366, height: 657 },
  { width: 1280, height: 720 },
  { width: 360, height: 740 },
  { width: 740, height: 360 },
  { width: 667, height: 375 },
  { width: 844, height: 390 },
] as const;

describe.runIf(run)('browser: the board fits the window', () => {
  const t = twoPlayers();

  it('shows the whole board and both clocks without scrolling at every size; the resize handle shrinks it', async () => {
    const [white] = await startLobbyGame(t.alice, t.bob);
    const page = white.page;
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.waitForTimeout(100);
      const label = `${size.width}x${size.height}`;
      expect(await fullyVisible(page, '.board'), `board ${label}`).toBe(true);
      const clocks = page.locator('[role="timer"]');
      expect(await clocks.count()).toBe(2);
      for (const i of [0, 1]) expect(await fullyVisible(page, `.board-col [role="timer"] >> nth=${i}`), `clock ${i} ${label}`).toBe(true);
      const board = await page.locator('.board').boundingBox();
      // The board uses the room it has: most of the height on a laptop, the width on a phone; held
      // sideways, the header and both player bars take some 45% of the height.
      const sideways = size.width > size.height && size.height < 500;
      const fill = size.width < 800 && !sideways ? (board?.width ?? 0) / size.width : (board?.height ?? 0) / size.height;
      expect(fill, `fill ${label}`).toBeGreaterThan(sideways ? 0.5 : 0.7);
      await page.screenshot({ path: new URL(`board-${label}.png`, ARTIFACTS).pathname });
    }
    await page.setViewportSize({ width: 1366, height: 657 });
    // the board's size follows the new window over a few frames: read it once it has settled
    const boardWidth = async (): Promise<number> => (await page.locator('.board').boundingBox())?.width ?? 0;
    const settled = async (): Promise<number> => {
      let last = -1;
      for (let frame = 0; frame < 120; frame++) {
        const w = await boardWidth();
        if (w === last) return w;
        last = w;
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      }
      throw new Error(`the board's width did not settle (last ${last})`);
    };
    const before = await settled();
    const handle = (await page.locator('[aria-label="Board size"]').boundingBox())!;
    await page.mouse.move(handle.x + 5, handle.y + 5);
    await page.mouse.down();
    await page.mouse.move(handle.x - before * 0.3, handle.y - before * 0.3, { steps: 5 });
    await page.mouse.up();
    await expect.poll(boardWidth).toBeLessThan(before * 0.85);
    const after = await settled();
    await page.reload();
    await page.locator('.board').waitFor();
    expect(Math.abs(((await page.locator('.board').boundingBox())?.width ?? 0) - after)).toBeLessThan(4);
  });
});
