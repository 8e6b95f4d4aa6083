import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { chromiumAvailable, clickMove, type Player } from './support/browser.js';
import { fullyVisible } from './support/game-start.js';
import { ARTIFACTS, twoPlayers } from './support/two-players.js';

const run = chromiumAvailable();

const waitText = (p: Player, selector: string, text: string | RegExp) =>
  p.page.locator(selector, { hasText: text }).first().waitFor({ timeout: 10_000 });

describe.runIf(run)('browser: seeks, chat, offers, PGN export and import, not-found', () => {
  const t = twoPlayers();

  it('quick pairing waits with a Cancel button, then pairs two players on the same control', async () => {
    const { alice, bob } = t;
    // Counted when the lobby opens (and every 15 s; the server recounts at most every 5 s).
    await waitText(alice, '[data-testid="online-count"]', /\d+ players? online/);
    // the name box stops at the shared 24-character limit, and a blank name gets its own message
    const nameBox = alice.page.getByLabel('Your name');
    await nameBox.fill('a'.repeat(25));
    expect(await nameBox.inputValue()).toBe('a'.repeat(24));
    await nameBox.fill('   ');
    await alice.page.locator('form.name').getByRole('button', { name: 'Save' }).click();
    await waitText(alice, 'form.name [role="alert"]', /^The name needs at least one visible character\.$/);
    await nameBox.fill('Alice');
    await alice.page.waitForTimeout(5100);
    await alice.page.reload();
    await waitText(alice, '[data-testid="online-count"]', /2 players online/);
    await alice.page.getByRole('button', { name: '5+3' }).click();
    await waitText(alice, '[data-testid="waiting-seek"]', 'Waiting for an opponent');
    await alice.page.screenshot({ path: new URL('lobby-waiting.png', ARTIFACTS).pathname });
    await alice.page.getByTestId('waiting-seek').getByRole('button', { name: 'Cancel' }).click();
    await alice.page.getByRole('button', { name: 'Create game' }).waitFor();
    expect(await bob.page.locator('[data-testid="seek-list"]').count()).toBe(0);
    await alice.page.getByRole('button', { name: '5+3' }).click();
    await waitText(bob, '[data-testid="seek-list"]', 'Alice');
    await bob.page.setViewportSize({ width: 360, height: 740 });
    // Phones: the open games come before the form.
    const lists = await bob.page.locator('.lists').boundingBox();
    const form = await bob.page.locator('.create').boundingBox();
    expect(lists!.y).toBeLessThan(form!.y);
    await bob.page.screenshot({ path: new URL('lobby-360-seek.png', ARTIFACTS).pathname });
    await bob.page.setViewportSize({ width: 1200, height: 900 });
    await bob.page.getByRole('button', { name: '5+3' }).click();
    await alice.page.waitForURL(/\/game\//);
    await bob.page.waitForURL(/\/game\//);
  });

  it('chat is text, declined offers are told, a typed-move error clears, PGN downloads and imports', async () => {
    const { alice, bob, server } = t;
    await waitText(alice, '.series .who', /series/);
    const aliceWhite = (await alice.page.locator('.series .who').textContent())?.includes('Your series') ?? false;
    const [white, black] = aliceWhite ? [alice, bob] : [bob, alice];

    await white.page.getByLabel('Chat message').fill('gl hf <b>bold?</b>');
    await white.page.getByRole('button', { name: 'Send' }).click();
    await waitText(black, '[data-testid="chat-lines"]', 'gl hf <b>bold?</b>');
    expect(await black.page.locator('[data-testid="chat-lines"] b').count()).toBe(0);

    await black.page.getByRole('button', { name: 'Offer draw' }).click();
    await white.page.getByRole('button', { name: 'Decline', exact: true }).click();
    await waitText(black, '.notices', 'Your opponent declined the draw offer.');

    await white.page.getByLabel('Type a move').fill('e5');
    await white.page.getByLabel('Type a move').press('Enter');
    // the move keeps its case in the message ("E5" would read as a piece)
    await waitText(white, '#san-error', /^e5 is not a legal move here\.$/);
    // an empty box plays nothing and leaves no stale error
    await white.page.getByLabel('Type a move').fill('');
    await white.page.getByLabel('Type a move').press('Enter');
    await white.page.locator('#san-error', { hasText: /^$/ }).waitFor({ timeout: 10_000 });
    expect(await white.page.locator('#san-error').textContent()).toBe('');
    await clickMove(white.page, 'e2e4');
    await waitText(black, '[data-testid="series-label"]', 'Move 1 of 2');
    expect(await white.page.locator('#san-error').textContent()).toBe('');

    await clickMove(black.page, 'f7f6');
    await clickMove(black.page, 'g7g5');
    await waitText(white, '[data-testid="series-label"]', 'Move 1 of 3');
    await white.page.screenshot({ path: new URL('game-live-1366.png', ARTIFACTS).pathname });
    await clickMove(white.page, 'd1h5');
    await waitText(black, '[data-testid="game-over"]', 'White wins');

    await black.page.getByRole('button', { name: 'Rematch' }).click();
    await white.page.getByRole('button', { name: 'Decline', exact: true }).click();
    await waitText(black, '.notices', 'Your opponent declined the rematch.');

    const [download] = await Promise.all([white.page.waitForEvent('download'), white.page.getByRole('link', { name: 'PGN' }).click()]);
    const file = await download.path();
    const pgn = readFileSync(file, 'utf8');
    expect(pgn).toContain('1.e4 2.f6 g5 3.Qh5# 1-0');

    await white.page.goto(`${server.url}/analysis`);
    await white.page.locator('input[type="file"]').setInputFiles({ name: 'game.pgn', mimeType: 'text/plain', buffer: Buffer.from(pgn) });
    await waitText(white, '.movelist button', 'Qh5#');
    await waitText(white, '[data-testid="analysis-result"]', '1-0');
    await white.page.getByRole('button', { name: 'Previous move' }).click();
    await waitText(white, '[data-testid="series-label"]', 'Move 1 of 3');
    expect(await white.page.locator('[data-square="h5"]').getAttribute('aria-label')).toBe('h5, empty');
    await white.page.getByRole('button', { name: 'First position' }).click();
    expect(await white.page.locator('[data-square="e2"]').getAttribute('aria-label')).toContain('white pawn');
    await waitText(white, 'label.file', 'File: game.pgn');
    await white.page.screenshot({ path: new URL('analysis.png', ARTIFACTS).pathname });

    // A resigned game (the moves do not end it) is over at its last move, with no side to move.
    await white.page.getByLabel(/Paste a PGN/).fill('[Variant "English progressive"]\n[Result "0-1"]\n[Termination "resignation"]\n\n1.e4 2.e5 Nc6 0-1');
    await white.page.getByRole('button', { name: 'Import', exact: true }).click();
    await waitText(white, '[data-testid="analysis-result"]', 'Game over: 0-1 (resignation)');
    expect(await white.page.locator('[data-testid="series-label"]').count()).toBe(0);
    await white.page.getByRole('button', { name: 'Last move' }).waitFor();
    await white.page.screenshot({ path: new URL('analysis-resigned.png', ARTIFACTS).pathname });
  });

  it('a bad game id answers HTTP 404 with a friendly page', async () => {
    const { alice, server } = t;
    const res = await alice.page.goto(`${server.url}/game/nosuchgame`);
    expect(res?.status()).toBe(404);
    await waitText(alice, '[data-testid="game-missing"]', 'We could not find this game');
    expect(await fullyVisible(alice.page, '[data-testid="game-missing"] a.primary')).toBe(true);
  });
});
