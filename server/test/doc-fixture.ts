import type { GameDoc } from '../src/services/game-doc.js';

/** A game doc for unit tests (the fields' values mean nothing together unless a test sets them). */
export function testDoc(over: Partial<GameDoc> = {}): GameDoc {
  return {
    id: 'g1',
    variant: 'scottish',
    timeControl: { kind: 'none' },
    players: { white: { id: 'w', name: 'W' }, black: { id: 'b', name: 'B' } },
    initialFen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    initialTurn: 1,
    custom: null,
    state: 'x',
    turn: 1,
    clock: { control: { kind: 'none' }, remaining: { white: 0, black: 0 }, running: null, since: null } as unknown as GameDoc['clock'],
    passes: [],
    started: { white: false, black: false },
    graceDeadline: null,
    status: 'playing',
    outcome: null,
    drawOffer: null,
    rematchOffer: null,
    rematchGameId: null,
    createdAt: 1,
    idleDeadline: null,
    ...over,
  };
}
