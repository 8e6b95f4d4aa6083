import { render, screen } from '@testing-library/svelte';
import { describe, expect, it } from 'vitest';
import { GameModel } from '../lib/game-model.svelte.js';
import { FakeGame, FakeTransport } from '../test-utils/fake-game.js';
import GameNotices from './GameNotices.svelte';

describe('GameNotices (screen readers)', () => {
  it('the first-move countdown is read once: its ticking seconds are outside the live notices', () => {
    const game = new FakeGame();
    const m = new GameModel('g1', new FakeTransport().request);
    m.applySnapshot(game.snapshot({ clocks: { ...game.snapshot().clocks, firstMoveBy: 31_000 } }), 'white');
    render(GameNotices, { game: m });
    const line = screen.getByTestId('first-move');
    expect(line.closest('[aria-live]')?.getAttribute('aria-live')).toBe('polite'); // the sentence is read when it comes
    const seconds = line.querySelector('strong');
    expect(seconds?.textContent).toMatch(/^(29|30) s$/);
    // the nearest live setting of the text that changes every second: off, or a reader says it every second
    expect(seconds?.closest('[aria-live]')?.getAttribute('aria-live')).toBe('off');
  });
});
