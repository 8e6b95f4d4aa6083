import type { ChatMessage } from '@progressive-chess/shared';
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte';
import { flushSync } from 'svelte';
import { describe, expect, it, vi } from 'vitest';
import { ChatModel } from '../lib/chat.svelte.js';
import { FakeGame, FakeTransport, flush } from '../test-utils/fake-game.js';
import { GameModel } from '../lib/game-model.svelte.js';
import ChatPanel from './ChatPanel.svelte';
import GameControls from './GameControls.svelte';
import GameInfo from './GameInfo.svelte';
import GameNotices from './GameNotices.svelte';
import PlayerBar from './PlayerBar.svelte';
import SanInput from './SanInput.svelte';

const line = (id: string, from: string, text: string, seat: ChatMessage['from']['seat'] = 'black'): ChatMessage => ({
  id,
  gameId: 'g1',
  channel: 'players',
  from: { id: from, name: from.toUpperCase(), seat },
  text,
  at: 0,
});

describe('ChatPanel', () => {
  it('shows lines as text (never HTML), sends, and mutes the other side', async () => {
    const transport = new FakeTransport();
    transport.answers.set('chat:join', [{ ok: true, channel: 'players', messages: [line('1', 'bob', '<img src=x onerror=alert(1)>')] }]);
    transport.answers.set('chat:send', [{ ok: true, message: line('2', 'me', 'hello', 'white') }]);
    const chat = new ChatModel('g1', transport.request, () => 'me');
    await chat.join();
    const { container } = render(ChatPanel, { chat });
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('chat-lines').textContent).toContain('<img src=x onerror=alert(1)>');
    await fireEvent.input(screen.getByLabelText('Chat message'), { target: { value: 'hello' } });
    await fireEvent.submit(screen.getByLabelText('Chat message').closest('form')!);
    await flush();
    expect(transport.sent.at(-1)).toEqual({ event: 'chat:send', payload: { gameId: 'g1', text: 'hello' } });
    expect(screen.getByTestId('chat-lines').textContent).toContain('hello');
    await fireEvent.click(screen.getByLabelText('Mute opponent'));
    expect(screen.getByTestId('chat-lines').textContent).not.toContain('onerror');
    expect(screen.getByTestId('chat-lines').textContent).toContain('hello');
  });

  it('a spectator sees the spectators\' wording; a game with no live chat (archived) says the chat is closed, with no error', async () => {
    const transport = new FakeTransport();
    transport.answers.set('chat:join', [{ ok: true, channel: 'spectators', messages: [] }]);
    const chat = new ChatModel('g1', transport.request, () => 'me');
    render(ChatPanel, { chat });
    expect(screen.queryByText('Chat with your opponent')).toBeNull(); // not before the server says which channel
    expect(screen.queryByLabelText('Mute opponent')).toBeNull();
    await chat.join();
    flushSync();
    expect(screen.getByRole('heading').textContent).toBe('Spectator chat');
    expect(screen.queryByLabelText('Mute others')).not.toBeNull();
    cleanup();

    transport.answers.set('chat:join', [{ ok: false, code: 'unknown-game', message: 'no game g2' }]);
    const gone = new ChatModel('g2', transport.request, () => 'me');
    render(ChatPanel, { chat: gone });
    await gone.join();
    flushSync();
    expect(screen.getByRole('heading').textContent).toBe('Chat');
    expect(screen.getByTestId('chat-closed').textContent).toBe("This game's chat is closed.");
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByLabelText('Chat message')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
    cleanup();

    // archived while the page was open: a line sent then closes the chat instead of 'No game g3.'
    transport.answers.set('chat:join', [{ ok: true, channel: 'players', messages: [] }]);
    transport.answers.set('chat:send', [{ ok: false, code: 'unknown-game', message: 'no game g3' }]);
    const late = new ChatModel('g3', transport.request, () => 'me');
    await late.join();
    render(ChatPanel, { chat: late });
    expect(await late.send('gg')).toBe(false);
    flushSync();
    expect(screen.queryByTestId('chat-closed')).not.toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why a line was refused', async () => {
    const transport = new FakeTransport();
    transport.answers.set('chat:send', [{ ok: false, code: 'rate-limited', message: 'you are chatting too fast; wait a few seconds' }]);
    const chat = new ChatModel('g1', transport.request, () => 'me');
    render(ChatPanel, { chat });
    expect(await chat.send('x'.repeat(141))).toBe(false);
    expect(await chat.send('hi')).toBe(false);
    flushSync();
    expect(screen.getByRole('alert').textContent).toBe('You are chatting too fast; wait a few seconds.');
  });
});

describe('SanInput', () => {
  it('clears its error on the next move or turn', async () => {
    const { rerender } = render(SanInput, { onsubmit: () => 'illegal move', resetKey: 3 });
    await fireEvent.input(screen.getByLabelText('Type a move'), { target: { value: 'Ke9' } });
    await fireEvent.submit(screen.getByLabelText('Type a move').closest('form')!);
    expect(screen.getByRole('alert').textContent).toBe('Illegal move.');
    await rerender({ onsubmit: () => 'illegal move', resetKey: 4 });
    expect(screen.getByRole('alert').textContent).toBe('');
  });
});

describe('GameControls', () => {
  it('lets the offered side decline a rematch', async () => {
    const onaction = vi.fn();
    render(GameControls, { myColor: 'black', over: true, canAbort: false, drawOffer: null, rematchOffer: 'white', onaction });
    await fireEvent.click(screen.getByRole('button', { name: 'Decline' }));
    expect(onaction).toHaveBeenCalledWith('game:rematchDecline');
  });
});

describe('PlayerBar', () => {
  it("shows the waiting side's coming turn budget, and players gone to the rematch as such", () => {
    render(PlayerBar, {
      color: 'black',
      name: 'Boris',
      online: false,
      isYou: false,
      timed: true,
      running: false,
      remaining: () => 1000,
      nextBudget: 30_000,
      inRematch: true,
    });
    expect(screen.getByRole('timer').textContent?.trim()).toBe('0:30');
    expect(screen.queryByText('next turn')).not.toBeNull();
    expect(screen.queryByText('in the rematch')).not.toBeNull();
    expect(screen.queryByText('offline')).toBeNull();
  });

  it('the side to move before its first move (its clock not yet running) shows this turn\'s budget as such', () => {
    const props = { color: 'white', name: 'Wanda', online: true, isYou: true, timed: true, running: false, remaining: () => 6000, nextBudget: 6000 } as const;
    render(PlayerBar, { ...props, toMove: true });
    expect(screen.queryByText('this turn')).not.toBeNull();
    expect(screen.queryByText('next turn')).toBeNull();
  });
});

describe('GameNotices', () => {
  // the fake clocks' server time is 1000; the server's first-move deadline 30 s later
  function model(seat: 'white' | 'black' | 'spectator', game = new FakeGame(), firstMoveBy: number | null = 31_000) {
    const m = new GameModel('g1', new FakeTransport().request);
    const clocks = game.snapshot().clocks;
    m.applySnapshot(game.snapshot({ createdAt: 1000, clocks: firstMoveBy === null ? clocks : { ...clocks, firstMoveBy } }), seat);
    return { m, game };
  }

  it('counts down the first move for the side that must move, and tells the other side', () => {
    const { m } = model('white');
    render(GameNotices, { game: m });
    expect(screen.getByTestId('first-move').textContent).toMatch(/Your first move: play within (29|30) s/);
    const other = model('black');
    render(GameNotices, { game: other.m });
    expect(screen.getAllByTestId('first-move')[1]?.textContent).toMatch(/White must make a first move within (29|30) s/);
  });

  it("counts down to the server's own deadline, and only while the clock view carries one", () => {
    // a server with a 10-minute grace: the page shows its deadline, not a constant of its own
    const { m, game } = model('black', new FakeGame(), 601_000);
    render(GameNotices, { game: m });
    expect(screen.getByTestId('first-move').textContent).toMatch(/White must make a first move within (599|600) s/);
    // White's first move: this clock view carries no deadline (the fake server's), so none is shown
    m.handleEvent(game.move('e2e4'));
    flushSync();
    expect(screen.queryByTestId('first-move')).toBeNull();
    cleanup();
    render(GameNotices, { game: model('white', new FakeGame(), null).m });
    expect(screen.queryByTestId('first-move')).toBeNull();
  });

  it('says a check ended the Scottish series, to both sides, and follows history browsing', () => {
    const { m, game } = model('white');
    for (const uci of ['e2e4', 'e7e5', 'd7d6', 'd2d4']) m.handleEvent(game.move(uci));
    m.handleEvent(game.move('f1b5'));
    render(GameNotices, { game: m });
    expect(screen.getByTestId('check-ended').textContent).toBe('Series ended by check: Black must answer it');
    m.view(2);
    flushSync();
    expect(screen.getByTestId('browsing').textContent).toContain('Viewing move 2 of 5');
  });

  it('a spectator, or anyone on a finished game, is not told that the board takes moves', () => {
    const watcher = model('spectator');
    for (const uci of ['e2e4', 'e7e5', 'd7d6']) watcher.m.handleEvent(watcher.game.move(uci));
    watcher.m.view(1);
    render(GameNotices, { game: watcher.m });
    expect(screen.getByTestId('browsing').textContent).toMatch(/^\s*Viewing move 1 of 3\.\s*Back to live\s*$/);
    cleanup();
    const { m, game } = model('white');
    for (const uci of ['e2e4', 'e7e5', 'd7d6']) m.handleEvent(game.move(uci));
    const clocks = game.snapshot().clocks;
    m.handleEvent(game.event({ type: 'game-over', outcome: { result: '0-1', reason: 'resignation' }, clocks }));
    m.view(1);
    render(GameNotices, { game: m });
    expect(screen.getByTestId('browsing').textContent).toMatch(/^\s*Viewing move 1 of 3\.\s*Go to the last move\s*$/);
  });

  it('tells the offering side that a draw was declined; offers spectators to follow to the rematch', () => {
    const { m } = model('white');
    render(GameNotices, { game: m });
    m.handleEvent({ gameId: 'g1', version: 2, event: { type: 'draw-offer', by: 'white' } });
    m.handleEvent({ gameId: 'g1', version: 3, event: { type: 'draw-declined', by: 'black' } });
    flushSync();
    expect(screen.queryByText('Your opponent declined the draw offer.')).not.toBeNull();
    const watcher = model('spectator');
    watcher.m.handleEvent({ gameId: 'g1', version: 2, event: { type: 'rematch', gameId: 'g2' } });
    render(GameNotices, { game: watcher.m });
    expect(screen.getByRole('link', { name: 'Follow them' }).getAttribute('href')).toBe('/game/g2');
  });

  it('a declined draw offer is news until the turn ends or a new offer is made', () => {
    const { m, game } = model('white');
    render(GameNotices, { game: m });
    m.handleEvent(game.move('e2e4')); // White's one-move series ends: Black to move
    m.handleEvent(game.event({ type: 'draw-offer', by: 'white' }));
    m.handleEvent(game.event({ type: 'draw-declined', by: 'black' }));
    flushSync();
    expect(screen.getByTestId('declined').textContent).toBe('Your opponent declined the draw offer.');
    m.handleEvent(game.move('e7e5')); // in the middle of Black's series: still news
    flushSync();
    expect(screen.queryByTestId('declined')).not.toBeNull();
    m.handleEvent(game.move('d7d6')); // Black's turn ends
    flushSync();
    expect(screen.queryByTestId('declined')).toBeNull();
    // declined, then a new offer: the new offer replaces the old news
    m.handleEvent(game.event({ type: 'draw-declined', by: 'black' }));
    m.handleEvent(game.event({ type: 'draw-offer', by: 'black' }));
    flushSync();
    expect(screen.queryByTestId('declined')).toBeNull();
  });

  it("keeps a line for notices only in a player's live game (no empty band for spectators or after the end)", () => {
    const player = model('white', new FakeGame(), null);
    const { container: mine } = render(GameNotices, { game: player.m });
    expect(mine.querySelector('.notices')?.classList.contains('reserve')).toBe(true);
    const { container: theirs } = render(GameNotices, { game: model('spectator', new FakeGame(), null).m });
    expect(theirs.querySelector('.notices')?.classList.contains('reserve')).toBe(false);
    player.m.handleEvent({ gameId: 'g1', version: 2, event: { type: 'game-over', outcome: { result: '0-1', reason: 'resignation' }, clocks: player.m.clocks! } });
    flushSync();
    expect(mine.querySelector('.notices')?.classList.contains('reserve')).toBe(false);
  });

  it('the game information says whether the game is rated', () => {
    const rated = new GameModel('g1', new FakeTransport().request);
    rated.applySnapshot(new FakeGame().snapshot({ rated: true }), 'spectator');
    render(GameInfo, { game: rated, onflip: () => undefined });
    expect(screen.getByTestId('rated').textContent).toContain('Rated');
    cleanup();
    render(GameInfo, { game: model('spectator').m, onflip: () => undefined });
    expect(screen.getByTestId('rated').textContent).toContain('Casual');
  });

  it('a spectator reads the offers and their answers', () => {
    const { m } = model('spectator');
    render(GameNotices, { game: m });
    m.handleEvent({ gameId: 'g1', version: 2, event: { type: 'draw-offer', by: 'white' } });
    flushSync();
    expect(screen.getByTestId('offer').textContent).toBe('White offers a draw.');
    m.handleEvent({ gameId: 'g1', version: 3, event: { type: 'draw-declined', by: 'black' } });
    flushSync();
    expect(screen.queryByTestId('offer')).toBeNull();
    expect(screen.getByTestId('declined').textContent).toBe('Black declined the draw offer.');
    m.handleEvent({ gameId: 'g1', version: 4, event: { type: 'game-over', outcome: { result: '1-0', reason: 'resignation' }, clocks: m.clocks! } });
    m.handleEvent({ gameId: 'g1', version: 5, event: { type: 'rematch-offer', by: 'black' } });
    flushSync();
    expect(screen.getByTestId('offer').textContent).toBe('Black offers a rematch.');
    expect(screen.queryByTestId('declined')).toBeNull();
    m.handleEvent({ gameId: 'g1', version: 6, event: { type: 'rematch-declined', by: 'white' } });
    flushSync();
    expect(screen.getByTestId('declined').textContent).toBe('White declined the rematch.');
  });
});
