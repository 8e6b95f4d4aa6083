import { botName, botPlayerId, decodeState, findMate, VARIANT_IDS, type BotLevel, type GameEvent, type VariantId } from '@progressive-chess/shared';
import { describe, expect, it } from 'vitest';
import { call, waitFor } from '../support/game-client.js';
import { player, start, UNTIMED } from './bot-app.js';
import { sharedPool } from './bot-qa-pool.js';

/**
 * The computer mates when a mating series exists (one set-up position per variant, White to
 * move, the mate checked with the mate finder), and does not leave the person one it can avoid.
 */
const borrowed = sharedPool();

const SCHOLAR = 'rnbqkb1r/pppp1ppp/5n2/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1';
const BACK_RANK = '6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1';
const ROOKS = '6k1/5ppp/8/8/8/8/5PPP/3RR1K1 w - - 0 1';
const MATES: Readonly<Record<VariantId, { fen: string; turn: number }>> = {
  scottish: { fen: SCHOLAR, turn: 3 },
  italian: { fen: SCHOLAR, turn: 3 },
  english: { fen: BACK_RANK, turn: 3 },
  logical: { fen: SCHOLAR, turn: 3 },
  escalation: { fen: SCHOLAR, turn: 3 },
  'take-all': { fen: '4k3/8/8/8/8/8/3p4/R3K3 w - - 0 1', turn: 3 },
  cost: { fen: ROOKS, turn: 9 },
  'cost-simple': { fen: ROOKS, turn: 9 },
  'cost-fibonacci': { fen: BACK_RANK, turn: 5 },
};

describe('the computer mates when it can', () => {
  it.each(VARIANT_IDS.flatMap((variant) => ([1, 3] as const).map((level) => ({ variant, level }))))(
    '$variant, level $level',
    async ({ variant, level }: { variant: VariantId; level: BotLevel }) => {
      const { app, url } = await start({ compute: borrowed() });
      const human = await player(url, 'Human');
      const gameId = await app.services.games.create({
        variant,
        timeControl: { kind: 'fischer', initial: 60, increment: 0 },
        ...MATES[variant],
        white: { id: botPlayerId(level), name: botName(level) },
        black: { id: human.session.playerId, name: 'Human' },
        bot: { color: 'white', level, owner: human.session.playerId },
      });
      // the position has a mate, as the finder sees it with no budget
      const start0 = decodeState(JSON.parse((await app.services.games.load(gameId)).doc).state as string);
      if (!start0.ok) throw new Error(start0.error.message);
      expect(findMate(start0.value).found).toBe(true);
      const over = waitFor(human.socket, 'game:event', (e: GameEvent) => e.gameId === gameId && 'outcome' in e.event && e.event.outcome != null, 20_000);
      const joined = await call(human.socket, 'game:join', { gameId });
      const outcome = joined.snapshot.outcome ?? ((await over)[0].event as { outcome: { result: string; reason: string } }).outcome;
      expect(outcome.result).toBe('1-0');
      expect(['checkmate', 'progressive-checkmate', 'all-captured']).toContain(outcome.reason);
      const { snapshot } = await call(human.socket, 'game:resync', { gameId });
      expect(snapshot.moves.every((m) => m.color === 'white' && m.turn === MATES[variant].turn)).toBe(true);
    },
  );
});

describe('the computer does not leave the person a mate it can avoid (spot check)', () => {
  // After 1.e4 (1.e3 in Logical, without the double step) of the person, Black's two moves may open f7 to 3.Bc4/Qh5/Qxf7# (and the like).
  it.each(['scottish', 'italian', 'logical', 'escalation'] as const)('%s, level 3, turn 2', async (variant) => {
    const { url } = await start({ compute: borrowed() });
    const human = await player(url, 'Human');
    const { gameId } = await call(human.socket, 'bot:play', { variant, timeControl: UNTIMED, color: 'white', level: 3 });
    await call(human.socket, 'game:join', { gameId });
    const reply = waitFor(human.socket, 'game:event', (e: GameEvent) => e.gameId === gameId && e.version === 4, 20_000);
    await call(human.socket, 'game:move', { gameId, version: 1, move: variant === 'logical' ? 'e2e3' : 'e2e4' });
    await reply;
    const { snapshot } = await call(human.socket, 'game:resync', { gameId });
    expect(snapshot.moves.map((m) => m.color)).toEqual(['white', 'black', 'black']);
    const state = decodeState(snapshot.state);
    if (!state.ok) throw new Error(state.error.message);
    const mate = findMate(state.value);
    expect(mate.complete).toBe(true);
    expect(mate.found).toBe(false);
  });
});
