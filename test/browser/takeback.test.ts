import { describe, expect, it } from 'vitest';
import { chromiumAvailable, clickMove, openPlayer, type Player } from './support/browser.js';
import { startLobbyGame } from './support/game-start.js';
import { waitMoves } from './support/reconnect.js';
import { twoPlayers } from './support/two-players.js';

const run = chromiumAvailable();
const TIMEOUT = 15_000;

const offerBox = (p: Player) => p.page.getByTestId('takeback-offer');
const askButton = (p: Player) => p.page.getByRole('button', { name: 'Ask to take back' });

describe.runIf(run)('browser: takebacks', () => {
  const t = twoPlayers();

  it('asked during the opponent\'s series: declined, asked again, allowed; both boards go back and play on', async () => {
    const [white, black] = await startLobbyGame(t.alice, t.bob);
    // before any series of one's own there is nothing to ask back
    expect(await askButton(white).count()).toBe(0);
    await clickMove(white.page, 'e2e4');
    await waitMoves(black.page, ['e4']);
    await clickMove(black.page, 'e7e5');
    await waitMoves(white.page, ['e4', 'e5']);

    await askButton(white).click();
    await white.page.getByRole('button', { name: 'Takeback asked' }).waitFor({ timeout: TIMEOUT });
    await offerBox(black).filter({ hasText: 'Your opponent asks to take back their last series' }).waitFor({ timeout: TIMEOUT });
    await offerBox(black).getByRole('button', { name: 'Decline' }).click();
    await white.page.locator('.notices', { hasText: 'Your opponent declined the takeback.' }).waitFor({ timeout: TIMEOUT });
    await offerBox(black).waitFor({ state: 'detached', timeout: TIMEOUT });

    await askButton(white).click();
    await offerBox(black).getByRole('button', { name: 'Allow' }).click();
    for (const p of [white, black]) {
      await waitMoves(p.page, []);
      await p.page.getByTestId('taken-back').filter({ hasText: 'Taken back: the game is at the start of turn 1.' }).waitFor({ timeout: TIMEOUT });
    }
    // White's first series again, another move
    await clickMove(white.page, 'd2d4');
    await waitMoves(black.page, ['d4']);
    await white.page.getByTestId('taken-back').waitFor({ state: 'detached', timeout: TIMEOUT });
  });

  it('a rated game offers no takeback (the server refuses it: takeback-not-allowed)', async () => {
    const { server } = t;
    const lobbyGame = new URL(t.alice.page.url()).pathname.split('/').pop() ?? '';
    const players = (JSON.parse((await server.app.services.games.load(lobbyGame)).doc) as { players: Record<'white' | 'black', { id: string; name: string }> }).players;
    const gameId = await server.app.services.games.create({ variant: 'scottish', timeControl: { kind: 'none' }, white: players.white, black: players.black, rated: true });
    const [white, black] = players.white.name === 'Alice' ? [t.alice, t.bob] : [t.bob, t.alice];
    for (const p of [white, black]) await p.page.goto(`${server.url}/game/${gameId}`);
    await white.page.locator('[data-square="e2"]').waitFor();
    await clickMove(white.page, 'e2e4');
    await waitMoves(black.page, ['e4']);
    await white.page.getByRole('button', { name: 'Offer draw' }).waitFor();
    expect(await askButton(white).count()).toBe(0);
    const refused = await server.app.services.commands.run('game:takebackOffer', players.white.id, { gameId }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'takeback-not-allowed' });
  });

  it('against the computer: asked at the start of one\'s turn, granted at once, and the computer plays on', async () => {
    const alice = await openPlayer(t.browser, t.server.url, 'Carol');
    const { page } = alice;
    await page.getByLabel('Computer game type').selectOption('scottish');
    await page.getByLabel('Computer game clock').selectOption('none');
    await page.locator('label.opt', { hasText: 'White' }).click();
    await page.locator('label.opt', { hasText: '1:' }).click();
    await page.getByRole('button', { name: 'Play the computer' }).click();
    await page.waitForURL(/\/game\//);
    await page.locator('[data-square="e2"]').waitFor();
    await clickMove(page, 'e2e4');
    // the computer's series of two, then Carol's turn 3 (nothing played yet): her series 1 and its series 2 go
    await page.locator('.movelist li button.mv').nth(2).waitFor({ timeout: TIMEOUT });
    await askButton(alice).click();
    await waitMoves(page, []);
    await page.getByTestId('taken-back').filter({ hasText: 'turn 1' }).waitFor({ timeout: TIMEOUT });
    await clickMove(page, 'd2d4');
    await page.locator('.movelist li button.mv').nth(2).waitFor({ timeout: TIMEOUT });
    expect((await page.locator('.movelist li button.mv').first().textContent())?.trim()).toBe('d4');
    await alice.context.close();
  });
});
