import { describe, expect, it } from 'vitest';
import { chromiumAvailable, openPlayer, type Player } from './support/browser.js';
import { moveSans, newTable, playClicks, suite, waitBadge, waitMoves } from './support/reconnect.js';

const run = chromiumAvailable();

const OPENING = ['e4', 'e5', 'Nf6'];

/** What the lobby lists: the open seeks (one's own too), the games Carol plays, and whether one's own seek waits. */
async function lobbyView(p: Player): Promise<{ seeks: string[]; games: string[]; waiting: boolean }> {
  const seeks = await p.page.locator('[data-testid="seek-list"] li').allInnerTexts();
  const games = await p.page.locator('[data-testid="game-list"] li').allInnerTexts();
  return {
    // each seek's creator, without the tag that marks a guest
    seeks: seeks.map((s) => (s.split('\n')[0] ?? '').replace(/ guest$/, '')),
    // the games of this test (Carol plays in them), each as its players' names in order
    games: games.map((g) => (g.split('\n')[0] ?? '').split(' vs ').sort().join(' & ')).filter((g) => g.includes('Carol')),
    waiting: (await p.page.getByTestId('waiting-seek').count()) > 0,
  };
}

async function waitLobby(p: Player, want: { seeks: string[]; games: string[]; waiting: boolean }): Promise<void> {
  const until = Date.now() + 15_000;
  let seen = await lobbyView(p);
  while (JSON.stringify(seen) !== JSON.stringify(want)) {
    if (Date.now() > until) throw new Error(`lobby: expected ${JSON.stringify(want)}, saw ${JSON.stringify(seen)}`);
    await p.page.waitForTimeout(200);
    seen = await lobbyView(p);
  }
}

describe.runIf(run)('browser: two tabs, a reload, the lobby offline', () => {
  const t = suite();

  it('the same player in two tabs: a move from either shows in the other, and the opponent and a spectator see each once', async () => {
    const { white, black, spectator } = await newTable(t, ['e2e4'], []);
    const tab2 = await white.context.newPage();
    await tab2.goto(white.page.url());
    await tab2.locator('.series .who', { hasText: "Opponent's series" }).waitFor();
    await waitMoves(tab2, ['e4']);
    await playClicks(black.page, ['e7e5', 'g8f6']);
    await waitMoves(tab2, OPENING);
    await waitMoves(white.page, OPENING);
    await playClicks(tab2, ['d2d4']);
    await waitMoves(white.page, [...OPENING, 'd4']);
    await playClicks(white.page, ['b1c3']);
    await waitMoves(tab2, [...OPENING, 'd4', 'Nc3']);
    await playClicks(tab2, ['f1c4']);
    const all = [...OPENING, 'd4', 'Nc3', 'Bc4'];
    for (const page of [white.page, tab2, black.page, spectator.page]) await waitMoves(page, all);
    await tab2.locator('.series .who', { hasText: "Opponent's series" }).waitFor();
    await white.page.locator('.series .who', { hasText: "Opponent's series" }).waitFor();
    // Both tabs offline for 2 s and back: still in step.
    await white.context.setOffline(true);
    await waitBadge(tab2, 'Offline, reconnecting…');
    await playClicks(black.page, ['d7d5']);
    await white.page.waitForTimeout(2000);
    await white.context.setOffline(false);
    for (const page of [white.page, tab2, spectator.page]) await waitMoves(page, [...all, 'd5']);
    await tab2.close();
    await spectator.context.close();
  });

  it('a reload in the middle of its own series keeps the moves made and lets the rest be played', async () => {
    const { white, black, spectator } = await newTable(t, ['e2e4'], ['e7e5', 'g8f6']);
    await playClicks(white.page, ['d2d4']);
    await white.page.reload();
    await waitMoves(white.page, [...OPENING, 'd4']);
    await white.page.getByTestId('series-label').filter({ hasText: 'Move 2 of 3' }).waitFor();
    await playClicks(white.page, ['b1c3', 'f1c4']);
    const all = [...OPENING, 'd4', 'Nc3', 'Bc4'];
    for (const p of [white, black, spectator]) await waitMoves(p.page, all);
    await black.page.getByTestId('series-label').filter({ hasText: 'Move 1 of 4' }).waitFor();
    expect(await moveSans(white.page)).toEqual(all);
    await spectator.context.close();
  });

  it('the lobby offline for 2 s and for 40 s: back online, the seeks and games lists are what the server has', async () => {
    const { alice, bob } = t;
    for (const p of [alice, bob]) await p.page.goto(t.server.url);
    const carol = await openPlayer(t.browser, t.server.url, 'Carol');
    // Alice waits for an opponent (a public seek), then loses the connection.
    await alice.page.locator('label.chip', { hasText: '10+5' }).first().click();
    await alice.page.getByRole('button', { name: 'Create game' }).click();
    await alice.page.getByTestId('waiting-seek').waitFor();
    await waitLobby(bob, { seeks: ['Alice'], games: [], waiting: false });

    await alice.context.setOffline(true);
    await waitBadge(alice.page, 'Offline, reconnecting…');
    await bob.page.getByRole('button', { name: 'Create game' }).click();
    await bob.page.getByTestId('waiting-seek').waitFor();
    await alice.page.waitForTimeout(2000);
    await alice.context.setOffline(false);
    await waitBadge(alice.page, 'Online');
    // Within the seek grace, Alice's seek stays; Bob's, made meanwhile, is listed.
    await waitLobby(alice, { seeks: ['Alice', 'Bob'], games: [], waiting: true });
    await waitLobby(carol, { seeks: ['Alice', 'Bob'], games: [], waiting: false });

    await alice.context.setOffline(true);
    await waitBadge(alice.page, 'Offline, reconnecting…');
    await carol.page.getByRole('button', { name: 'Play Bob' }).click();
    await carol.page.waitForURL(/\/game\//);
    await carol.page.goto(t.server.url);
    await carol.page.locator('label.chip', { hasText: '3+2' }).first().click();
    await carol.page.getByRole('button', { name: 'Create game' }).click();
    await carol.page.getByTestId('waiting-seek').waitFor();
    await alice.page.waitForTimeout(40_000);
    await alice.context.setOffline(false);
    await waitBadge(alice.page, 'Online');
    // Away longer than the grace: Alice's seek was dropped; Bob's was taken by Carol, whose game and new seek show.
    await waitLobby(alice, { seeks: ['Carol'], games: ['Bob & Carol'], waiting: false });
    await waitLobby(carol, { seeks: ['Carol'], games: ['Bob & Carol'], waiting: true });
    await carol.context.close();
  }, 120_000);
});
