import { describe, expect, it } from 'vitest';
import { gameTitle, lobbyTitle } from './game-title.js';

const players = { white: { name: 'Ann' }, black: { name: 'Ben' } };

describe('the game page title', () => {
  it('says when your series waits, names the players, and gives the result once over', () => {
    expect(gameTitle({ players: undefined, isMyTurn: false, outcome: null })).toBe('Game');
    expect(gameTitle({ players, isMyTurn: true, outcome: null })).toBe('Your turn · Ann vs Ben');
    expect(gameTitle({ players, isMyTurn: false, outcome: null })).toBe('Ann vs Ben');
    expect(gameTitle({ players, isMyTurn: false, outcome: { result: '0-1', reason: 'resignation' } })).toBe('Ann vs Ben · 0-1');
    expect(gameTitle({ players, isMyTurn: false, outcome: { result: null, reason: 'aborted' } })).toBe('Ann vs Ben · aborted');
  });

  it('the lobby counts the games that wait for your series', () => {
    expect(lobbyTitle(0)).toBeNull();
    expect(lobbyTitle(1)).toBe('Your turn in 1 game · Lobby');
    expect(lobbyTitle(3)).toBe('Your turn in 3 games · Lobby');
  });
});
